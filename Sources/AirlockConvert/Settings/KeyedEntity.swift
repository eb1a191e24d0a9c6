import AirlockMapping
import AirlockModel

/// A Sales entity whose records a Sales → F&O flow keys by one attribute of their own (`account.accountnumber`,
/// `contact.msdynce_contactnumber`), with the F&O fields that attribute fills: the records it cannot key without
/// one, and where the keys `--assign-keys` gives must not already be taken.
struct KeyedEntity: Sendable, Hashable {
    /// The F&O entity (label) and field a key goes to.
    struct Target: Sendable, Hashable {
        var entity: String
        var field: String
    }

    /// The Sales entity (logical name).
    let entity: String
    /// The attribute that holds the key.
    let attribute: String
    /// The flows that key the entity's records by it, in run order.
    let flows: [String]
    /// The F&O fields the key is written to (`CUSTOMERACCOUNT`, `PARTYNUMBER`, `CONTACTPERSONPARTYNUMBER`).
    let targets: [Target]

    /// The entities of `entities` that `templates` key by an attribute of their own, in that order; an entity no
    /// Sales → F&O flow reads, or whose flows key it by a lookup alone, is left out.
    static func of(_ templates: TemplateSet, entities: [String] = KeyAssignmentSpec.entities) -> [KeyedEntity] {
        var result: [KeyedEntity] = []
        for entity in entities {
            let flows = templates.runOrder().filter { $0.direction == .salesToFO && $0.source.entity == entity }
            guard let attribute = templates.salesKeyAttribute(of: entity),
                flows.contains(where: { $0.source.key.contains { $0.referencedField == nil && $0.field == attribute } })
            else { continue }
            var targets: [Target] = []
            for flow in flows {
                for mapping in flow.fields where mapping.source == attribute && mapping.lookup.isEmpty {
                    let target = Target(entity: flow.target.entity, field: mapping.target)
                    if !targets.contains(target) { targets.append(target) }
                }
            }
            result.append(KeyedEntity(entity: entity, attribute: attribute, flows: flows.map(\.name), targets: targets))
        }
        return result
    }

    /// Calls `body` with each key `foTables` hold in a field one of `keyed` writes its key to (`CUSTOMERACCOUNT`,
    /// `PARTYNUMBER`, `CONTACTPERSONPARTYNUMBER`), trimmed and not blank, with the table's label and the column.
    static func forEachFOKey(
        of keyed: [KeyedEntity], in foTables: [(String, Table)], _ body: (_ key: String, _ label: String, _ column: String) -> Void
    ) {
        let fields = Set(keyed.flatMap { $0.targets.map(\.field) }.map { $0.uppercased() })
        for (label, table) in foTables {
            for (position, column) in table.columns.enumerated() where fields.contains(column.name.uppercased()) {
                for row in 0..<table.rowCount {
                    guard let value = table.value(row: row, column: position)?.trimmingASCIIWhitespace(), !value.isEmpty else { continue }
                    body(value, label, column.name)
                }
            }
        }
    }

    /// The rows of `table` (the entity's section) whose key attribute is blank or absent.
    func unkeyedRows(in table: Table) -> [Int] {
        guard let column = table.columnIndex(named: attribute) else { return Array(0..<table.rowCount) }
        return (0..<table.rowCount).filter { row in
            table.value(row: row, column: column).map { $0.trimmingASCIIWhitespace().isEmpty } ?? true
        }
    }
}
