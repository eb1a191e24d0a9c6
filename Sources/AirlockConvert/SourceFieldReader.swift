import AirlockMapping
import AirlockModel
import AirlockPackages

/// How to read one source field of a flow: its column, and for a Sales lookup the referenced record's
/// business key (`customerid` read as `account.accountnumber` or `contact.msdynce_contactnumber`).
struct SourceFieldReader {
    /// The field as the template names it (`customerid`, `quoteid.quotenumber`), for messages.
    let name: String
    /// The lookup or plain field's column in the source table; nil when the export lacks the field.
    let column: Int?
    /// The column of the field in the section's `lookupentity` table.
    let lookupEntityColumn: Int?
    /// Entities (with the attribute holding their business key) the lookup may point to; empty for a plain field.
    let targets: [LookupTarget]

    /// Reads row `row` through `view`.
    func read(row: Int, in view: SourceView) -> SourceValue {
        guard let column else { return .value(nil) }
        let raw = view.table.columns[column].value(row)
        guard !targets.isEmpty else { return .value(raw) }
        guard let id = raw?.trimmingASCIIWhitespace(), !id.isEmpty else { return .value(nil) }
        let pointed = lookupEntityColumn.flatMap { view.lookupEntities?.columns[$0].value(row) }
        let candidates = pointed.map { entity in targets.filter { $0.entity == entity } } ?? targets
        guard !candidates.isEmpty else {
            return .orphan("\(name) points to a \(pointed ?? "record") (\(id)), not to \(targets.map(\.entity).joined(separator: " or "))")
        }
        for target in candidates {
            guard let found = try? view.sales.row(target.entity, id: id) else { continue }
            guard let key = view.sales.value(target.entity, row: found, target.keyAttribute)?.trimmingASCIIWhitespace(), !key.isEmpty else {
                return .orphan("\(name) points to \(target.entity) \(id), which has no \(target.keyAttribute)")
            }
            return .value(key)
        }
        let what = candidates.map(\.entity).joined(separator: " or ")
        return .orphan("\(name) points to \(what) \(id), which the Sales export does not hold")
    }

    /// The entity the lookup in row `row` points to (`lookupentity`), for the `references` filter operator.
    func pointedEntity(row: Int, in view: SourceView) -> String? {
        guard let column = lookupEntityColumn else {
            return targets.count == 1 && self.column.map({ view.table.columns[$0].isPresent(row) }) == true ? targets[0].entity : nil
        }
        return view.lookupEntities?.columns[column].value(row)
    }
}
