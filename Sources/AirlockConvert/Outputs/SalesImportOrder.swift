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
    /// `entities` (in run order) reordered as above; `references` are, by entity, the other entities its written
    /// records' lookups name (`referencedEntities`), any of them outside `entities` left out.
    static func order(_ entities: [String], references: [String: Set<String>]) -> [String] {
        let names = Set(entities)
        var inPackage: [String: Set<String>] = [:]
        for entity in entities {
            let named = (references[entity] ?? []).filter { $0 != entity && names.contains($0) }
            if !named.isEmpty { inPackage[entity] = named }
        }
        return CMTImportOrder(references: inPackage).order(entities)
    }

    /// The entities other than `entity` that the lookups of `table`'s written rows name (their `lookupentity`).
    static func referencedEntities(_ table: Table, written: [Bool], entity: String) -> Set<String> {
        var named: Set<String> = []
        for name in table.columnNames where name.hasSuffix(FlowLayout.lookupEntityColumn("")) {
            guard let column = table.columnIndex(named: name) else { continue }
            for row in 0..<table.rowCount where written[row] {
                guard let target = table.value(row: row, column: column), target != entity else { continue }
                named.insert(target)
            }
        }
        return named
    }
}
