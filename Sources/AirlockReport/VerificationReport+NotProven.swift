import AirlockModel

/// What `verify` found without proving it landed as sent: the reasons for the verdict `unproven` (docs/verify.md,
/// the outcomes and "Next steps"), each with the step that proves it.
extension VerificationReport {
    /// One reason why what was found does not prove everything sent, with how many records it leaves unproven, in
    /// words, and what proves them. Any reason makes the verdict `unproven` (when nothing is missing, drifted or not
    /// verified), fails the run and keeps the sign-off out of the next steps.
    public struct NotProven: Sendable, Equatable {
        /// What it is about: `fields` (records landed with fields sent that the exports do not carry), `registered-keys`
        /// (keys of the migration's key register the F&O export does not hold, or that could not be looked for).
        public var kind: String
        /// The records it leaves unproven.
        public var records: Int
        /// In words, for the verdict and standard error, e.g. `83 records with fields not proven (contact:
        /// msdynce_contactnumber)`.
        public var summary: String
        /// What proves them, as a next step (without its number).
        public var nextStep: String
    }

    /// What was found but not proven, a reason each; none when everything found was compared: records landed with
    /// fields sent that the exports do not carry (`totals.unproven`, per entity `unprovenFields`), and keys the
    /// migration's key register holds that the F&O export does not (`registeredKeys`).
    public var notProven: [NotProven] {
        [fieldsNotProven, registeredKeysNotProven].compactMap { $0 }
    }

    /// The records landed with fields sent that the exports do not carry, with the fields per side and entity, and how
    /// to prove them: export the entity again with those fields, and verify into a new folder.
    private var fieldsNotProven: NotProven? {
        guard totals.unproven > 0 else { return nil }
        // Per side, per entity: its fields (an entity two flows wrote counts the fields of both).
        var fields: [String: [String: Set<String>]] = [:]
        for flow in flows.values {
            for (name, entity) in flow.entities where !entity.unprovenFields.isEmpty {
                fields[entity.side, default: [:]][name, default: []].formUnion(entity.unprovenFields.keys)
            }
        }
        let named = ["fo", "sales"].flatMap { side in
            (fields[side] ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.sorted().joined(separator: ", "))" }
        }
        let records = totals.unproven
        let summary = "\(records) record\(records == 1 ? "" : "s") with fields not proven (\(named.joined(separator: "; ")))"
        var exports: [String] = []
        if let sales = fields["sales"] {
            exports.append(
                "Sales: add \(Self.fieldList(sales)) to the export's schema (the Configuration Migration tool's data_schema.xml) and export Sales again"
            )
        }
        if let fo = fields["fo"] {
            exports.append("F&O: add \(Self.fieldList(fo)) to the data project's field mapping and export F&O again")
        }
        let run = options.runDirectory
        let fo = fields["fo"] != nil ? "FO-EXPORT-AGAIN.zip" : options.foPath
        let sales = fields["sales"] != nil ? "SALES-EXPORT-AGAIN.zip" : options.salesPath
        let command =
            "airlock verify --run \(run)" + (fo.map { " --fo \($0)" } ?? "") + (sales.map { " --sales \($0)" } ?? "")
            + " --out \(run)/\(RunLayout.verifyFolder)-2"
        let step =
            "Prove the fields sent that the exports do not carry (they were not compared): \(exports.joined(separator: "; ")); then verify again into a new folder: \(command)."
        return NotProven(kind: "fields", records: records, summary: summary, nextStep: step)
    }

    /// `entity's field, …` for each entity and field of `fields`, by name.
    private static func fieldList(_ fields: [String: Set<String>]) -> String {
        fields.sorted { $0.key < $1.key }.flatMap { entity, names in names.sorted().map { "\(entity)'s \($0)" } }.joined(separator: ", ")
    }
}
