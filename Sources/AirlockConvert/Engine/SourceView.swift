import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// One flow's source records: the table, and readers for every field the template reads.
///
/// A class: every field of every row is mapped with it, and passing (or capturing) a struct of tables and
/// dictionaries copied its references one by one (about 1 % of a conversion's time).
final class SourceView {
    let table: Table
    let side: DataSide
    let entity: String
    /// The `lookupentity` attribute table of a Sales section (nil for F&O).
    let lookupEntities: Table?
    let sales: SalesExport
    private var readers: [String: SourceFieldReader] = [:]

    init(table: Table, side: DataSide, entity: String, lookupEntities: Table?, sales: SalesExport) {
        self.table = table
        self.side = side
        self.entity = entity
        self.lookupEntities = lookupEntities
        self.sales = sales
    }

    /// Prepares the reader of `reference` (a field or `lookup.attribute` path) read through `lookup` targets.
    func prepare(_ reference: FieldReference, lookup: [LookupTarget], catalog: SchemaCatalog) -> SourceFieldReader {
        let key = reference.description + "|" + lookup.map(\.description).joined(separator: ",")
        if let reader = readers[key] { return reader }
        let column = Self.column(of: reference.field, in: table)
        var targets = lookup
        if let attribute = reference.referencedField {
            targets = lookupEntitiesOf(reference.field, catalog: catalog).map { LookupTarget(entity: $0, keyAttribute: attribute) }
        }
        let prepared =
            side == .sales
            ? targets.map { target -> SourceFieldReader.Target in
                let table = sales.table(target.entity)
                return SourceFieldReader.Target(
                    lookup: target, ids: try? sales.idIndex(target.entity), table: table,
                    keyColumn: table?.columnIndex(named: target.keyAttribute))
            } : []
        let probe = column.flatMap { try? BoundKey(table: table, definition: KeyDefinition(columns: [table.columns[$0].name])) }
        let reader = SourceFieldReader(
            name: reference.description, column: column,
            lookupEntityColumn: side == .sales ? lookupEntities?.columnIndex(named: reference.field) : nil,
            targets: prepared, probe: probe)
        readers[key] = reader
        return reader
    }

    /// The column of `table` that holds source field `field`: of its name, else of its name in another case (an F&O
    /// file's header or a CMT section may spell it so).
    static func column(of field: String, in table: Table) -> Int? {
        table.columnIndex(named: field) ?? table.columns.firstIndex { $0.name.lowercased() == field.lowercased() }
    }

    /// The entities a Sales lookup field may point to: the export schema's `lookupType`, else the catalog's.
    private func lookupEntitiesOf(_ field: String, catalog: SchemaCatalog) -> [String] {
        if let declared = sales.schema.entity(named: entity)?.field(named: field)?.lookupTargets, !declared.isEmpty { return declared }
        return catalog.salesEntity(named: entity)?.attribute(named: field)?.lookupTargets ?? []
    }
}
