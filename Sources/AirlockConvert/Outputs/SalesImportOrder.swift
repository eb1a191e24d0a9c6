import AirlockModel
import AirlockValidate

/// The order `to-sales.zip` lists its entities in (`entityImportOrder`, and its sections): the run order of the
/// flows and rules that write them, but each entity after the entities its written records reference in the package
/// (their lookups' `lookupentity`), so that CMT sets each lookup as it creates the record instead of in a second pass
/// (`cmt.schema.import-order`): an account whose primary contact the package creates comes after the contacts, a
/// quote line that a write-back rule generated before the quotes' flow ran after the quotes. A reference inside a
/// cycle (account ↔ contact both ways) does not order: one of the two must come first, and CMT's second pass sets
/// it; the run order decides there. An order that already fits is kept as it is. The rule is `CMTImportOrder`'s, which
/// the validator checks a package by.
enum SalesImportOrder {
    /// `entities` (in run order) reordered as above; `parts` are the records to write, by entity.
    static func order(_ entities: [String], parts: [String: [SalesOutputBuilder.Part]]) -> [String] {
        let names = Set(entities)
        var references: [String: Set<String>] = [:]
        for entity in entities {
            for part in parts[entity] ?? [] {
                let table = part.table
                for name in table.columnNames where name.hasSuffix(FlowLayout.lookupEntityColumn("")) {
                    guard let column = table.columnIndex(named: name) else { continue }
                    for row in 0..<table.rowCount where part.written[row] {
                        guard let target = table.value(row: row, column: column), target != entity, names.contains(target) else { continue }
                        references[entity, default: []].insert(target)
                    }
                }
            }
        }
        return CMTImportOrder(references: references).order(entities)
    }
}
