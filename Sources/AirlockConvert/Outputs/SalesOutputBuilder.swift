import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages

/// Builds `to-sales.zip` from the flows (and rules) that write Sales records: a schema listing exactly the
/// entities and attributes written, the natural key of each entity marked `updateCompare` (so the importer
/// matches on it, never on the primary name), `entityImportOrder` in dependency order (`SalesImportOrder`), and
/// `data.xml`.
enum SalesOutputBuilder {
    /// Records of one entity to write, from a flow or a rule: what the plan needs of them up front, and the records
    /// themselves, produced when their section is written, in one or more tables (a merge reads them from the shards'
    /// spools then, a chunk at a time, so that it holds a few megabytes of a section at a time).
    struct Part {
        var entity: String
        /// The columns of the part's table.
        var columnNames: [String]
        /// Attributes that form the natural key (`updateCompare`).
        var keyFields: [String]
        /// Whether a record is to be written.
        var hasRecords: Bool
        /// The other entities the written records' lookups name (`SalesImportOrder`).
        var referencedEntities: Set<String>
        /// Hands the records to its argument, in order: the table and which of its rows are written, in one or more
        /// tables.
        var forEachRecords: ((Records) throws -> Void) throws -> Void

        /// A part's table, and which of its rows are written.
        struct Records {
            var table: Table
            var written: [Bool]
        }

        /// A part whose records are in memory.
        init(entity: String, table: Table, written: [Bool], keyFields: [String]) {
            self.entity = entity
            self.columnNames = table.columnNames
            self.keyFields = keyFields
            self.hasRecords = written.contains(true)
            self.referencedEntities = SalesImportOrder.referencedEntities(table, written: written, entity: entity)
            self.forEachRecords = { body in try body(Records(table: table, written: written)) }
        }

        /// A part whose records `forEachRecords` produces when its section is written.
        init(
            entity: String, columnNames: [String], keyFields: [String], hasRecords: Bool, referencedEntities: Set<String>,
            forEachRecords: @escaping ((Records) throws -> Void) throws -> Void
        ) {
            self.entity = entity
            self.columnNames = columnNames
            self.keyFields = keyFields
            self.hasRecords = hasRecords
            self.referencedEntities = referencedEntities
            self.forEachRecords = forEachRecords
        }
    }

    /// The parts of `outputs`, in run order (a flow's generated records after its own).
    static func parts(_ outputs: [FlowOutput]) -> [Part] {
        var parts: [Part] = []
        for output in outputs {
            if output.template.target.side == .sales {
                let keys = output.template.target.key.map(\.field)
                parts.append(Part(entity: output.template.target.entity, table: output.accepted, written: output.written, keyFields: keys))
            }
            for generated in output.generated {
                parts.append(
                    Part(entity: generated.entity, table: generated.table, written: generated.written, keyFields: generated.keyFields))
            }
        }
        return parts
    }

    /// What `to-sales.zip` holds: its schema, and per entity (in import order) the parts that write it.
    struct Plan {
        var schema: CMTSchema
        var sections: [(entity: CMTSchemaEntity, parts: [Part])]
    }

    /// The package's plan, or nil when no part has a record to write.
    static func plan(_ parts: [Part], catalog: SchemaCatalog) -> Plan? {
        var order: [String] = []
        var grouped: [String: [Part]] = [:]
        for part in parts where part.hasRecords {
            if grouped[part.entity] == nil { order.append(part.entity) }
            grouped[part.entity, default: []].append(part)
        }
        guard !order.isEmpty else { return nil }
        order = SalesImportOrder.order(
            order, references: grouped.mapValues { $0.reduce(into: Set()) { $0.formUnion($1.referencedEntities) } })
        var sections: [(entity: CMTSchemaEntity, parts: [Part])] = []
        for entity in order {
            let group = grouped[entity] ?? []
            let catalogEntity = catalog.salesEntity(named: entity)
            let idField = catalogEntity?.primaryIdAttribute ?? entity + "id"
            var fieldNames = [idField]
            for part in group {
                for column in part.columnNames where !FlowLayout.isBookkeeping(column) && !fieldNames.contains(column) {
                    fieldNames.append(column)
                }
            }
            let keyFields = Set(group.flatMap(\.keyFields))
            let fields = fieldNames.map { name -> CMTSchemaField in
                let attribute = catalogEntity?.attribute(named: name)
                let type = name == idField ? CMTFieldType.guid : attribute.map { CMTFieldType(rawValue: $0.type.rawValue) } ?? .string
                let targets = attribute?.lookupTargets ?? []
                return CMTSchemaField(
                    name: name, type: type, displayName: attribute?.displayName, updateCompare: keyFields.contains(name) ? true : nil,
                    lookupType: type.isLookup && !targets.isEmpty ? targets.joined(separator: "|") : nil,
                    primaryKey: name == idField ? true : nil)
            }
            let schemaEntity = CMTSchemaEntity(
                name: entity, displayName: catalogEntity?.displayName, primaryIDField: idField,
                primaryNameField: catalogEntity?.primaryNameAttribute,
                disablePlugins: false, fields: fields)
            sections.append((schemaEntity, group))
        }
        return Plan(schema: CMTSchema(entities: sections.map(\.entity), entityImportOrder: order), sections: sections)
    }

    /// The `<entity>` section of `entity` as pieces, one per part with a row to write, in part order: the
    /// section's records are the pieces' rows in that order (a lookup's target entity and name become its
    /// `lookupentity` and `lookupentityname`; a name goes with an entity only). Nothing is copied, but for a name
    /// column holding a name without an entity (rare), which is copied without it.
    static func pieces(_ entity: CMTSchemaEntity, parts: [Part.Records]) throws -> [CMTDataWriter.Piece] {
        let idField = entity.primaryIDField ?? entity.name + "id"
        let names = CMTEntityData(schema: entity).records.values.columnNames
        var pieces: [CMTDataWriter.Piece] = []
        for part in parts {
            let table = part.table
            guard let idPosition = table.columnIndex(named: idField) else { continue }
            let ids = table.columns[idPosition]
            let rows = (0..<table.rowCount).filter { part.written[$0] && ids.isPresent($0) }
            guard !rows.isEmpty else { continue }
            var values: [TableColumn] = []
            var lookupEntities: [TableColumn] = []
            var lookupNames: [TableColumn] = []
            for (index, name) in names.enumerated() {
                // `@id` and the id field both hold the id; other fields come from the part's column of that name.
                let position =
                    index == 0 || name == idField
                    ? idPosition
                    : table.columnIndex(named: name).flatMap { FlowLayout.isBookkeeping(name) ? nil : $0 }
                guard let position else {
                    values.append(TableColumn(name: name, nullCount: table.rowCount))
                    continue
                }
                values.append(table.columns[position].renamed(name))
                guard position != idPosition, let entityPosition = table.columnIndex(named: FlowLayout.lookupEntityColumn(name)) else {
                    continue
                }
                let entityColumn = table.columns[entityPosition]
                lookupEntities.append(entityColumn.renamed(name))
                guard let namePosition = table.columnIndex(named: FlowLayout.lookupNameColumn(name)) else { continue }
                let nameColumn = table.columns[namePosition]
                // A name goes with an entity only (a value without one is a plain field).
                if rows.contains(where: { nameColumn.isPresent($0) && !entityColumn.isPresent($0) }) {
                    var masked = TableColumn(name: name)
                    masked.reserve(rows: table.rowCount)
                    for row in 0..<table.rowCount {
                        if entityColumn.isPresent(row) {
                            try nameColumn.withValue(row) { try masked.append($0) }
                        } else {
                            try masked.append(nil as UnsafeRawBufferPointer?)
                        }
                    }
                    lookupNames.append(masked)
                } else {
                    lookupNames.append(nameColumn.renamed(name))
                }
            }
            var records = CMTEntityData(schema: entity)
            records.records.values = Table(name: entity.name, columns: values)
            var attributes: [Table] = []
            if !lookupEntities.isEmpty {
                attributes.append(Table(name: CMTRecordTable.lookupEntityAttribute, columns: lookupEntities))
            }
            if !lookupNames.isEmpty {
                attributes.append(Table(name: CMTRecordTable.lookupEntityNameAttribute, columns: lookupNames))
            }
            records.records.fieldAttributes = attributes
            pieces.append(CMTDataWriter.Piece(records: records, rows: rows))
        }
        return pieces
    }
}
