import AirlockModel
import AirlockPackages
import AirlockReconcile

/// One CMT entity during a diff: its report, its key index with the keys the exports repeat (`matcher`: the old
/// pass fills its index and `oldRepeats`, the new pass matches against it) and what it compares.
final class CMTEntityDiff {
    var report: DiffEntityReport
    var matcher: DiffNewSideMatcher
    /// Fields both schemas declare, in byte order.
    let compared: [String]
    /// The primary name field (old schema), shown in the delete list.
    let nameField: String?
    var inOld = false
    var inNew = false
    /// (relationship, source, target) of the old export's many-to-many associations, and those the new one has too.
    var oldAssociations = Set<RecordDigest>()
    var seenAssociations = Set<RecordDigest>()
    /// What the two schemas' declarations of the entity call for (fields only one declares, or neither declaring it).
    private(set) var schemaWarnings: [String] = []

    init(name: String, old: CMTSchemaEntity?, new: CMTSchemaEntity?) {
        let oldFields = old?.fieldNames ?? new?.fieldNames ?? []
        let newFields = new?.fieldNames ?? old?.fieldNames ?? []
        let oldSet = Set(oldFields)
        let newSet = Set(newFields)
        compared = oldFields.filter { newSet.contains($0) }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        nameField = old?.primaryNameField ?? new?.primaryNameField
        report = DiffEntityReport(entity: name, key: ["id"], keySource: .recordID)
        matcher = DiffNewSideMatcher(index: DiffKeyIndex(fieldCount: compared.count))
        if old != nil, new != nil {
            report.fieldsOnlyInOld = oldFields.filter { !newSet.contains($0) }
            report.fieldsOnlyInNew = newFields.filter { !oldSet.contains($0) }
            if !report.fieldsOnlyInOld.isEmpty || !report.fieldsOnlyInNew.isEmpty {
                var parts: [String] = []
                if !report.fieldsOnlyInOld.isEmpty {
                    parts.append("only the old schema has \(report.fieldsOnlyInOld.joined(separator: ", "))")
                }
                if !report.fieldsOnlyInNew.isEmpty {
                    parts.append("only the new schema has \(report.fieldsOnlyInNew.joined(separator: ", "))")
                }
                schemaWarnings.append(
                    "\(name): the exports' schemas differ (\(parts.joined(separator: "; "))); only the shared fields are compared, and the delta carries the new export's fields"
                )
            }
        } else if old == nil, new == nil {
            schemaWarnings.append(
                "\(name): neither data_schema.xml declares the entity; its records are matched by id but their fields are not compared")
        }
    }
}
