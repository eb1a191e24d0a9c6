import AirlockIO
import AirlockReconcile
import Foundation

/// What a conversion can and cannot do with the exports it was given, flow by flow: the columns its templates
/// read that the exports lack and what that does, what the records would be rejected for (the references the
/// exports do not hold among them), and which flows would convert nothing. `convert --plan` prints it without
/// writing anything; every run keeps it in `report.json`.
public struct ConversionPlan: Sendable, Codable, Equatable {
    /// One flow's plan.
    public struct Flow: Sendable, Codable, Equatable {
        /// Source records read.
        public var read: Int
        /// Records that would be created, updated or found unchanged.
        public var converted: Int
        /// The source export lacks the flow's entity altogether.
        public var sourceMissing: Bool
        /// Columns the template reads that the source export lacks, each with what that does.
        public var missingColumns: [MissingColumn]
        /// Filters by name with the records each would leave out.
        public var filteredBy: [String: Int]
        /// Why records would be rejected, by cause, most records first (at most `causeLimit`; the rest summed in
        /// `otherCauses`).
        public var rejectCauses: [RejectCause]
        /// Records rejected for causes beyond the ones listed.
        public var otherCauses: Int
        /// The records the template names by a fixed value (a default price list, a constant), and whether the
        /// output or the exports hold them.
        public var assumedReferences: [AssumedReference] = []
        /// Of the records left out as unchanged since the last wave (`--since`), those the target export does not
        /// hold: rejected or not imported in an earlier wave, and not sent again.
        public var unchangedNotInTarget: Int = 0
        /// What the updates would change on existing records, field by field with an example.
        public var fieldChanges: [String: FieldChange] = [:]
        /// Existing records that keep their value where the template would write its own (`on: create`).
        public var keptValues: [String: Int] = [:]
        /// Records the master side holds that kept the master's value, field by field (`--master`).
        public var keptByMaster: [String: Int] = [:]
        /// Rejected records a run setting would settle, per option (`--assign-keys p2c`: 13): the export lacks what
        /// the setting stands in for. A record that needs two settings counts under each.
        public var settable: [String: Int] = [:]
        /// Rejected records the settings would settle together, each once: every problem of theirs is one a setting
        /// settles. The flow loses no record for good when they are all it rejects.
        public var settableRecords: Int = 0
        /// The field maps whose default goes only to records with data for the field (`onlyWith`) or comes after
        /// another field (`fallback`), with how the records took them.
        public var conditionalDefaults: [ConditionalDefault] = []
        /// The records rejected.
        public var rejected: Int = 0
        /// The target entity, when the other side's export lacks it: every record counts as created.
        public var missingTarget: MissingTarget?

        public init(
            read: Int, converted: Int, sourceMissing: Bool, missingColumns: [MissingColumn], filteredBy: [String: Int],
            rejectCauses: [RejectCause], otherCauses: Int, assumedReferences: [AssumedReference] = []
        ) {
            self.assumedReferences = assumedReferences
            self.read = read
            self.converted = converted
            self.sourceMissing = sourceMissing
            self.missingColumns = missingColumns
            self.filteredBy = filteredBy
            self.rejectCauses = rejectCauses
            self.otherCauses = otherCauses
        }

        /// Records left out as unchanged since the last wave (`--since`): the normal case of a wave, not a loss.
        public var unchangedSince: Int { filteredBy[BuiltInFilter.unchangedSince] ?? 0 }

        /// The flow would convert nothing of records it should (see `losesAllRecords`), or its source entity is missing.
        public var convertsNothing: Bool { losesAllRecords || (converted == 0 && sourceMissing) }

        /// The flow reads records and would convert none of them: it loses them all. In a wave (`--since`), records
        /// unchanged since the last wave, and those the template's filters leave out as they did then, are the normal
        /// case: the flow loses records only when some are rejected.
        public var losesAllRecords: Bool {
            guard converted == 0 && read > 0 else { return false }
            guard unchangedSince > 0 else { return true }
            return read - filteredBy.values.reduce(0, +) > 0
        }

        /// The flow loses every record it reads, and not only for want of a run setting: some records are rejected,
        /// for a cause no setting settles. A flow whose rejected records the settings would all settle
        /// (`settableRecords`) would convert them with them, and the plan names the settings instead of failing; one
        /// whose own filters leave out every record and rejects none loses nothing (`filtersLeaveOutAll`).
        public var losesRecordsForGood: Bool {
            losesAllRecords && rejected > settableRecords
        }

        /// The flow reads records and converts none, every one left out by a filter (its template's, another company,
        /// a header left out) and none rejected: nothing to convert, nothing lost. A wave's records unchanged since
        /// the last one are the other case (`unchangedSince`).
        public var filtersLeaveOutAll: Bool {
            converted == 0 && read > 0 && rejected == 0 && unchangedSince == 0 && !filteredBy.isEmpty
        }

        /// What the plan and the run say of a flow whose filters leave out every record: `nothing to convert: its
        /// filter active-customers leaves out all 83 records (it reads msdynce_isactivecustomer, which the export
        /// lacks: read as empty)`.
        public var nothingToConvertText: String {
            let filters = filteredBy.filter { $0.value > 0 }.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            let named =
                filters.count == 1
                ? "its filter \(filters[0].key) leaves"
                : "its filters \(filters.map { "\($0.key) (\($0.value))" }.joined(separator: ", ")) leave"
            let lacking = missingColumns.filter { column in !column.filters.filter { filteredBy[$0] ?? 0 > 0 }.isEmpty }.map(\.column)
            let why =
                lacking.isEmpty
                ? ""
                : " (\(filters.count == 1 ? "it reads" : "they read") \(lacking.joined(separator: ", ")), which the export lacks: read as empty)"
            return "nothing to convert: \(named) out all \(read) record\(read == 1 ? "" : "s")\(why)"
        }

        /// The plan's lines on the settings that would settle rejected records: one per option, counting every record
        /// it settles a problem of, and, when some need several, the records they settle together.
        public var settableLines: [String] {
            let sorted = settable.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            var lines = sorted.map { option, records in
                "would convert with \(option): \(records) rejected record\(records == 1 ? "" : "s") (the export lacks what the setting stands in for)"
            }
            let counted = settable.values.reduce(0, +)
            if sorted.count > 1, counted > settableRecords {
                let both = sorted.count == 2 ? " (\(counted - settableRecords) need both)" : ""
                lines.append(
                    "would convert with \(sorted.map(\.key).joined(separator: " and ")) together: \(settableRecords) rejected record\(settableRecords == 1 ? "" : "s")\(both)"
                )
            }
            return lines
        }

        enum CodingKeys: String, CodingKey {
            case read, converted, sourceMissing, missingColumns, filteredBy, rejectCauses, otherCauses, assumedReferences
            case unchangedNotInTarget, fieldChanges, keptValues, keptByMaster, settable, settableRecords, conditionalDefaults, rejected
            case missingTarget
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            read = try container.decode(Int.self, forKey: .read)
            converted = try container.decode(Int.self, forKey: .converted)
            sourceMissing = try container.decode(Bool.self, forKey: .sourceMissing)
            missingColumns = try container.decode([MissingColumn].self, forKey: .missingColumns)
            filteredBy = try container.decode([String: Int].self, forKey: .filteredBy)
            rejectCauses = try container.decode([RejectCause].self, forKey: .rejectCauses)
            otherCauses = try container.decode(Int.self, forKey: .otherCauses)
            assumedReferences = try container.decodeIfPresent([AssumedReference].self, forKey: .assumedReferences) ?? []
            unchangedNotInTarget = try container.decodeIfPresent(Int.self, forKey: .unchangedNotInTarget) ?? 0
            fieldChanges = try container.decodeIfPresent([String: FieldChange].self, forKey: .fieldChanges) ?? [:]
            keptValues = try container.decodeIfPresent([String: Int].self, forKey: .keptValues) ?? [:]
            keptByMaster = try container.decodeIfPresent([String: Int].self, forKey: .keptByMaster) ?? [:]
            settable = try container.decodeIfPresent([String: Int].self, forKey: .settable) ?? [:]
            // A report written before `settableRecords` counted each record under one option.
            settableRecords = try container.decodeIfPresent(Int.self, forKey: .settableRecords) ?? settable.values.reduce(0, +)
            conditionalDefaults = try container.decodeIfPresent([ConditionalDefault].self, forKey: .conditionalDefaults) ?? []
            rejected = try container.decodeIfPresent(Int.self, forKey: .rejected) ?? 0
            missingTarget = try container.decodeIfPresent(MissingTarget.self, forKey: .missingTarget)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(read, forKey: .read)
            try container.encode(converted, forKey: .converted)
            try container.encode(sourceMissing, forKey: .sourceMissing)
            try container.encode(missingColumns, forKey: .missingColumns)
            try container.encode(filteredBy, forKey: .filteredBy)
            try container.encode(rejectCauses, forKey: .rejectCauses)
            try container.encode(otherCauses, forKey: .otherCauses)
            try container.encode(assumedReferences, forKey: .assumedReferences)
            if unchangedNotInTarget > 0 { try container.encode(unchangedNotInTarget, forKey: .unchangedNotInTarget) }
            if !fieldChanges.isEmpty { try container.encode(fieldChanges, forKey: .fieldChanges) }
            if !keptValues.isEmpty { try container.encode(keptValues, forKey: .keptValues) }
            if !keptByMaster.isEmpty { try container.encode(keptByMaster, forKey: .keptByMaster) }
            if !settable.isEmpty { try container.encode(settable, forKey: .settable) }
            if settableRecords > 0 { try container.encode(settableRecords, forKey: .settableRecords) }
            if !conditionalDefaults.isEmpty { try container.encode(conditionalDefaults, forKey: .conditionalDefaults) }
            if rejected > 0 { try container.encode(rejected, forKey: .rejected) }
            try container.encodeIfPresent(missingTarget, forKey: .missingTarget)
        }
    }

    /// A flow's target entity that the other side's export lacks altogether: the flow cannot tell existing records
    /// from new ones, so every record counts as created and defaults go to records the target may already hold.
    public struct MissingTarget: Sendable, Codable, Equatable {
        /// The target entity.
        public var entity: String
        /// The system whose export lacks it (`F&O`, `Sales`).
        public var system: String
        /// The run was told to go on without it (`--allow-missing-target`).
        public var allowed: Bool

        public init(entity: String, system: String, allowed: Bool) {
            self.entity = entity
            self.system = system
            self.allowed = allowed
        }

        /// The plan's line.
        public var text: String {
            if allowed {
                return
                    "target \(entity): not in the \(system) export (--allow-missing-target): every record counts as created, and defaults go to any the \(system) target already holds"
            }
            let option = entity.contains(" ") ? "\"\(entity)\"" : entity
            return
                "target \(entity) is not in the \(system) export, so convert refuses this flow: every record would count as created, and defaults would go to records \(system) may already hold; add the entity to the export, leave the flow out (--only) or go on with --allow-missing-target \(option)"
        }
    }

    /// A column a flow's template reads that its source export lacks.
    public struct MissingColumn: Sendable, Codable, Equatable {
        /// The column (a Sales attribute or an F&O field).
        public var column: String
        /// What its absence does: filters reading it as empty, fields left empty or taking their defaults, keys that
        /// cannot be built.
        public var effects: [String]
        /// The filters that read it (as empty).
        public var filters: [String]

        public init(column: String, effects: [String], filters: [String] = []) {
            self.column = column
            self.effects = effects
            self.filters = filters
        }

        enum CodingKeys: String, CodingKey {
            case column, effects, filters
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            column = try container.decode(String.self, forKey: .column)
            effects = try container.decode([String].self, forKey: .effects)
            filters = try container.decodeIfPresent([String].self, forKey: .filters) ?? []
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(column, forKey: .column)
            try container.encode(effects, forKey: .effects)
            if !filters.isEmpty { try container.encode(filters, forKey: .filters) }
        }
    }

    /// A record a template names by a fixed value (its default or constant): a price list by name, a customer
    /// group, a company; `held` when the output or the target export holds it.
    public struct AssumedReference: Sendable, Codable, Equatable {
        /// The target field the value goes to.
        public var field: String
        /// What is looked for, e.g. `pricelevel with name`.
        public var target: String
        public var value: String
        public var held: Bool
        /// Why it cannot be told, e.g. the export lacks the entity (the target must then hold the record).
        public var note: String?
        /// The flow's records that carry the value, when counted: for a value not held, the records it holds back
        /// (rejected, or written without it).
        public var records: Int?
        /// When set, the entry stands for this many values not listed one by one (`value` is then empty): the rest
        /// of a long list, or the values a second pass found.
        public var otherValues: Int?
        /// The reference is to records of the run's own flows, resolved after every flow (a second-pass lookup),
        /// not reference data the target must hold before the import.
        public var resolvedAfterEveryFlow: Bool?

        public init(
            field: String, target: String, value: String, held: Bool, note: String? = nil, records: Int? = nil, otherValues: Int? = nil,
            resolvedAfterEveryFlow: Bool? = nil
        ) {
            self.field = field
            self.target = target
            self.value = value
            self.held = held
            self.note = note
            self.records = records
            self.otherValues = otherValues
            self.resolvedAfterEveryFlow = resolvedAfterEveryFlow
        }

        /// The value as the plan shows it: quoted, or how many values the entry stands for.
        public var shownValue: String {
            guard let otherValues else { return "'\(value)'" }
            return "\(otherValues) other value\(otherValues == 1 ? "" : "s")"
        }
    }

    /// One cause of rejections: the reason code, the field and the message (which names the value).
    public struct RejectCause: Sendable, Codable, Equatable {
        public var reason: String
        public var field: String
        public var message: String
        public var records: Int
        /// How many different messages of this reason and field the cause sums, when it sums several (duplicate
        /// keys, orphans: each names its own value); `message` is then one of them, as an example.
        public var variants: Int?

        public init(reason: String, field: String, message: String, records: Int, variants: Int? = nil) {
            self.reason = reason
            self.field = field
            self.message = message
            self.records = records
            self.variants = variants
        }
    }

    /// How many causes a flow lists.
    public static let causeLimit = 10

    /// `CUSTOMERGROUPID on 1,488 records, …: the template's own values are for the records the run creates`.
    public static func keptText(_ kept: [String: Int]) -> String {
        kept.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) on \($0.value) record\($0.value == 1 ? "" : "s")" }
            .joined(separator: ", ")
            + " (the template's own values are for the records it creates; `on: always` in a template writes them to every record)"
    }

    /// `keeps the master's values (--master fo): ORGANIZATIONNAME on 654 records, …; only fields it holds empty take
    /// the other side's`, the master named when `options` says which.
    public static func masterText(_ kept: [String: Int], options: ConversionReport.Options? = nil) -> String {
        let side = options?.master.map { " (--master \($0))" } ?? ""
        return "keeps the master's values\(side): "
            + kept.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) on \($0.value) record\($0.value == 1 ? "" : "s")" }
            .joined(separator: ", ") + "; only the fields it holds empty take the other side's values"
    }

    /// Flows by name.
    public var flows: [String: Flow]
    /// "Before you import": the reference data the records name in the targets, grouped by what it is and by
    /// whether the exports hold it (every flow's values together, each value once).
    public var beforeImport: [ImportPrerequisite] = []
    /// What `--plan` says of a single package that would come near a size an importer is known to refuse (none when
    /// the run cuts batches).
    public var sizeWarnings: [String] = []

    public init(flows: [String: Flow], beforeImport: [ImportPrerequisite] = []) {
        self.flows = flows
        self.beforeImport = beforeImport
    }

    enum CodingKeys: String, CodingKey {
        case flows, beforeImport, sizeWarnings
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flows = try container.decode([String: Flow].self, forKey: .flows)
        beforeImport = try container.decodeIfPresent([ImportPrerequisite].self, forKey: .beforeImport) ?? []
        sizeWarnings = try container.decodeIfPresent([String].self, forKey: .sizeWarnings) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(flows, forKey: .flows)
        if !beforeImport.isEmpty { try container.encode(beforeImport, forKey: .beforeImport) }
        if !sizeWarnings.isEmpty { try container.encode(sizeWarnings, forKey: .sizeWarnings) }
    }

    /// The flows that would convert nothing, by name.
    public var flowsConvertingNothing: [String] { flows.filter { $0.value.convertsNothing }.map(\.key).sorted() }

    /// The flows that read records and would convert none of them, by name.
    public var flowsLosingAllRecords: [String] { flows.filter { $0.value.losesAllRecords }.map(\.key).sorted() }

    /// The flows whose target entity the other side's export lacks and that were not allowed to go on without it.
    public var flowsMissingTarget: [String] {
        flows.filter { $0.value.missingTarget.map { !$0.allowed } ?? false }.map(\.key).sorted()
    }

    /// The flows that read records and would convert none of them, some for a cause no run setting settles.
    public var flowsLosingRecordsForGood: [String] { flows.filter { $0.value.losesRecordsForGood }.map(\.key).sorted() }

    /// The flows that read records and would convert none of them, rejecting some: what a run warns of (a flow whose
    /// filters leave out every record is a note instead, `filtersLeaveOutAll`).
    public var flowsRejectingAllTheyConvert: [String] {
        flows.filter { $0.value.losesAllRecords && !$0.value.filtersLeaveOutAll }.map(\.key).sorted()
    }

    /// The flows whose filters leave out every record they read, rejecting none.
    public var flowsFilteringAll: [String] { flows.filter { $0.value.filtersLeaveOutAll }.map(\.key).sorted() }

    /// The JSON text, as `report.json` writes it.
    public func jsonData() throws -> Data { try ReportJSON.data(self) }

    /// The plan as text, flows in `order` (the run order): each flow's counts, then what it lacks and why its
    /// records would be filtered or rejected; a flow that would convert nothing says so first.
    public func text(order: [String]) -> String {
        var lines: [String] = []
        for name in order {
            guard let flow = flows[name] else { continue }
            let verdict: String
            if flow.losesAllRecords && !flow.losesRecordsForGood && flow.rejected > 0 {
                verdict = "nothing would be converted without a setting (below)"
            } else if flow.filtersLeaveOutAll {
                verdict = flow.nothingToConvertText
            } else if flow.convertsNothing {
                verdict = "NOTHING WOULD BE CONVERTED"
            } else if flow.converted == 0 && flow.read > 0 {
                verdict = "nothing changed since the last wave"
            } else {
                verdict = "\(flow.converted) converted"
            }
            let source = flow.sourceMissing ? " (the export holds no source records)" : ""
            lines.append("\(name): \(flow.read) read, \(verdict)\(source)")
            if let missing = flow.missingTarget { lines.append("  " + missing.text) }
            if !flow.fieldChanges.isEmpty {
                lines.append("  changes existing records (the first record's values as an example):")
                lines += FieldChange.table(flow.fieldChanges).map { "    " + $0 }
            }
            if !flow.keptValues.isEmpty { lines.append("  keeps existing values: \(Self.keptText(flow.keptValues))") }
            if !flow.keptByMaster.isEmpty { lines.append("  " + Self.masterText(flow.keptByMaster)) }
            if flow.unchangedNotInTarget > 0 {
                lines.append(
                    "  unchanged since the last wave but not in the target export: \(flow.unchangedNotInTarget) (rejected or not imported in an earlier wave, or deleted in the target since; not sent again: where they should be there, fix the cause, then convert without --since or retry them)"
                )
            }
            for missing in flow.missingColumns {
                lines.append("  lacks column \(missing.column): \(missing.effects.joined(separator: "; "))")
            }
            lines += flow.conditionalDefaults.flatMap(\.lines).map { "  " + $0 }
            let unused = flow.assumedReferences.filter { $0.records == 0 }.count
            for reference in flow.assumedReferences where reference.records != 0 {
                let held = reference.held ? "held" : "not held by the output or the exports"
                let records = reference.records.map { $0 == 0 ? ", in no record" : ", in \($0) record\($0 == 1 ? "" : "s")" } ?? ""
                lines.append(
                    "  assumes \(reference.target) \(reference.shownValue) (\(reference.field)\(records)): \(held)\(reference.note.map { " — \($0)" } ?? "")"
                )
            }
            if unused > 0 {
                lines.append(
                    "  \(unused) value\(unused == 1 ? "" : "s") of defaults and value maps that no record carries (not listed; report.json has them)"
                )
            }
            for (filter, records) in flow.filteredBy.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) where records > 0 {
                lines.append("  filtered by \(filter): \(records)")
            }
            lines += flow.settableLines.map { "  " + $0 }
            for cause in flow.rejectCauses {
                let example = cause.variants.map { "\($0) different values, e.g. " } ?? ""
                lines.append("  rejected \(cause.reason) \(cause.field): \(cause.records) (\(example)\(cause.message))")
            }
            if flow.otherCauses > 0 { lines.append("  rejected for other causes: \(flow.otherCauses)") }
        }
        let prerequisites = ImportPrerequisite.text(beforeImport)
        if !prerequisites.isEmpty { lines += [""] + prerequisites }
        if !sizeWarnings.isEmpty { lines += [""] + sizeWarnings.map { "warning: \($0)" } }
        return lines.joined(separator: "\n")
    }
}
