import AirlockModel
import AirlockReconcile

/// An F&O → Sales lookup's search bound to the records it searches (`ConversionContext.salesLookup(_:)`): per
/// entity it may name, the outputs that write that entity (in name order) and then the Sales export, each with
/// its index by the business key and the columns of the id and display name.
///
/// `resolve` finds what `ConversionContext.resolveSalesLookup` finds, with the indexes and columns looked up once
/// instead of per value.
struct SalesLookup {
    /// One output that writes the target entity.
    struct Output {
        let table: Table
        let index: KeyIndex
        let idColumn: Int
        let nameColumn: Int?
    }

    /// One entity the lookup may name.
    struct Target {
        let entity: String
        let outputs: [Output]
        /// The export's index by the business key (and the company, for a company-specific entity: `company`).
        let exportIndex: KeyIndex?
        let exportTable: Table?
        let exportNameColumn: Int?
        /// The conversion's company, when the export's index is by company and key; nil otherwise.
        let company: String?
    }

    let targets: [Target]

    /// The Sales record whose business key is `value`: its GUID, entity and display name; nil when none is.
    func resolve(_ value: String) -> (id: String, entity: String, name: String?)? {
        let key = NaturalKey(value)
        for target in targets {
            for output in target.outputs {
                guard let row = output.index.row(for: key), let id = output.table.value(row: row, column: output.idColumn) else { continue }
                return (id, target.entity, output.nameColumn.flatMap { output.table.value(row: row, column: $0) })
            }
            guard let index = target.exportIndex, let table = target.exportTable else { continue }
            let exportKey = target.company.map { NaturalKey(parts: [$0, value]) } ?? key
            if let row = index.row(for: exportKey), let id = table.value(row: row, column: 0) {
                return (id, target.entity, target.exportNameColumn.flatMap { table.value(row: row, column: $0) })
            }
        }
        return nil
    }
}
