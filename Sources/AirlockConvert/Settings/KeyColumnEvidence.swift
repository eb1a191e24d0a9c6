import AirlockModel
import AirlockPackages

/// What a Sales export's schema (`data_schema.xml`) tells of the organisation's key attribute of an entity
/// (`account.accountnumber`, `contact.msdynce_contactnumber`): whether a key written back in `to-sales.zip` would land
/// where the next export reads it, and if not, why and what the user can do (docs/convert.md, "Keys for records that
/// have none").
///
/// The schema lists the entities and fields the person exporting chose (the Configuration Migration tool's "Create
/// schema": fields one by one, or all of an entity's), so a field it leaves out may still exist in the organisation.
/// What it does tell:
/// - a field it declares exists, and the next export made with it carries the value;
/// - a field without the Prospect to cash solution's prefix (`msdynce_`) is a standard column of the table, which every
///   organisation has: left out, it was trimmed from the export;
/// - any `msdynce_` field it declares, of any entity, shows the solution installed, and with it all its columns;
/// - an entity exported with nearly all its standard columns (`wholeTableShare` of those the table reference lists)
///   and no column of the solution was exported whole: the organisation most likely lacks the solution.
struct KeyColumnEvidence: Sendable, Hashable {
    /// The share of an entity's standard columns (the Dataverse table reference's, as the catalog lists them) an
    /// export's schema must declare to count as a whole-table export. A setting, not a fact: the tool's "add all
    /// fields" declares every valid column, and exports of real organisations seen declare 86 to 96 % of those the
    /// catalog lists (the table reference lists some that a given organisation's version lacks).
    static let wholeTableShare = 0.8
    /// The Prospect to cash solution's publisher prefix: its columns' names start with it.
    static let solutionPrefix = "msdynce_"

    enum Finding: Sendable, Hashable {
        /// The schema declares the attribute: a key written back lands, and the next export carries it.
        case declared
        /// A standard column the schema leaves out (trimmed export).
        case standardLeftOut
        /// A column of the solution, which is installed (the schema declares `solutionColumns`), left out of the export.
        case solutionColumnLeftOut(solutionColumns: [String])
        /// A column of the solution, the entity exported whole without any of the solution's columns.
        case solutionAbsent
        /// A column of the solution, the entity's export trimmed and no column of the solution in it: cannot be told.
        case undecided
    }

    var entity: String
    var attribute: String
    var finding: Finding
    /// The entity's standard columns the schema declares, and those the catalog lists.
    var declaredStandard: Int
    var standard: Int

    /// The evidence `sales`'s schema gives of `entity`.`attribute`.
    static func of(entity: String, attribute: String, sales: CMTPackage, catalog: SchemaCatalog) -> KeyColumnEvidence {
        let schema = sales.schema.entities.first { $0.name == entity }
        let declared = Set(schema?.fieldNames.map { $0.lowercased() } ?? [])
        let standardColumns =
            catalog.salesEntity(named: entity)?.attributes.filter { $0.origin == .tableReference }.map(\.logicalName) ?? []
        let declaredStandard = standardColumns.filter(declared.contains).count
        var evidence = KeyColumnEvidence(
            entity: entity, attribute: attribute, finding: .declared, declaredStandard: declaredStandard, standard: standardColumns.count)
        if declared.contains(attribute.lowercased()) { return evidence }
        guard attribute.lowercased().hasPrefix(solutionPrefix) else {
            evidence.finding = .standardLeftOut
            return evidence
        }
        let solutionColumns = sales.schema.entities.flatMap { entity in
            entity.fieldNames.filter { $0.lowercased().hasPrefix(solutionPrefix) }.map { "\(entity.name).\($0)" }
        }
        if !solutionColumns.isEmpty {
            evidence.finding = .solutionColumnLeftOut(solutionColumns: solutionColumns)
        } else if standardColumns.count > 0, Double(declaredStandard) >= wholeTableShare * Double(standardColumns.count) {
            evidence.finding = .solutionAbsent
        } else {
            evidence.finding = .undecided
        }
        return evidence
    }

    /// Whether a key written back in `to-sales.zip` lands where the next export reads it.
    var canWriteBack: Bool { finding == .declared }

    /// What the run says once for the entity when `records` keys cannot be written back: why, what that means, and what
    /// the user can do. `remembered` is where the keys are kept instead (the key register's path), nil when nothing
    /// keeps them (`--no-ledger`).
    func notice(records: Int, remembered: String?) -> String {
        let why: String
        let remedy: String
        switch finding {
        case .declared:
            return ""
        case .standardLeftOut:
            why = "the Sales export's schema leaves out \(entity).\(attribute), a standard column every organisation has"
            remedy = "add \(attribute) to the export's schema (airlock templates schema writes one that holds it), export again and convert"
        case .solutionColumnLeftOut(let columns):
            why =
                "the Sales export's schema leaves out \(entity).\(attribute); the organisation has the Prospect to cash solution that adds it (the export holds its \(columns.prefix(3).joined(separator: ", "))\(columns.count > 3 ? ", …" : ""))"
            remedy = "add \(attribute) to the export's schema, export again and convert"
        case .solutionAbsent:
            why =
                "the Sales export declares \(declaredStandard) of the \(standard) standard columns of \(entity) and no column of the Prospect to cash solution, so the organisation most likely lacks the solution and with it \(attribute)"
            remedy =
                "to hold the keys in Sales as well, install the solution (it adds the column), add \(attribute) to the export's schema and convert again"
        case .undecided:
            why =
                "the Sales export's schema is trimmed (\(declaredStandard) of the \(standard) standard columns of \(entity)) and holds no column of the Prospect to cash solution, so whether the organisation has \(attribute) cannot be told"
            remedy = "if it has, add \(attribute) to the export's schema, export again and convert"
        }
        let memory =
            remembered.map {
                "the migration's key register (\($0)) is then the only memory of them: keep the migration folder, and run every later wave in it"
            }
            ?? "and with --no-ledger nothing remembers them: a later run numbers these records again and creates second F&O records"
        return
            "\(records) \(entity) key\(records == 1 ? "" : "s") \(records == 1 ? "is" : "are") not written back to Sales in \(RunLayout.salesPackage): \(why); \(memory); \(remedy)"
    }
}
