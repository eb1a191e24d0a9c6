import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages

/// Builds `to-sales.zip` from the flows (and rules) that write Sales records: a schema listing exactly the
/// entities and attributes written, the natural key of each entity marked `updateCompare` (so the importer
/// matches on it, never on the primary name), `entityImportOrder` in dependency order, and `data.xml`.
enum SalesOutputBuilder {
    /// Records of one entity to write, from a flow or a rule.
    struct Part {
        var entity: String
        var table: Table
        var written: [Bool]
        /// Attributes that form the natural key (`updateCompare`).
        var keyFields: [String]
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
        for part in parts where part.written.contains(true) {
            if grouped[part.entity] == nil { order.append(part.entity) }
            grouped[part.entity, default: []].append(part)
        }
        guard !order.isEmpty else { return nil }
        var sections: [(entity: CMTSchemaEntity, parts: [Part])] = []
        for entity in order {
            let group = grouped[entity] ?? []
            let catalogEntity = catalog.salesEntity(named: entity)
            let idField = catalogEntity?.primaryIdAttribute ?? entity + "id"
            var fieldNames = [idField]
            for part in group {
                for column in part.table.columnNames where !FlowLayout.isBookkeeping(column) && !fieldNames.contains(column) {
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

    /// The `<entity>` section of `entity`: the written rows of `parts` with an id, in part and row order, copied
    /// column by column (a lookup's target entity and name become its `lookupentity` and `lookupentityname`).
    static func section(_ entity: CMTSchemaEntity, parts: [Part]) throws -> CMTEntityData {
        var section = CMTEntityData(schema: entity)
        let idField = entity.primaryIDField ?? entity.name + "id"
        let names = section.records.values.columnNames
        var values = names.map(TableColumn.init(name:))
        var lookupEntities = names.map(TableColumn.init(name:))
        var lookupNames = names.map(TableColumn.init(name:))
        var hasLookupEntity = [Bool](repeating: false, count: names.count)
        var hasLookupName = [Bool](repeating: false, count: names.count)
        var rowCount = 0
        for part in parts {
            let table = part.table
            guard let idPosition = table.columnIndex(named: idField) else { continue }
            let ids = table.columns[idPosition]
            let rows = (0..<table.rowCount).filter { part.written[$0] && ids.isPresent($0) }
            rowCount += rows.count
            for (index, name) in names.enumerated() {
                // `@id` and the id field both hold the id; other fields come from the part's column of that name.
                let position =
                    index == 0 || name == idField
                    ? idPosition
                    : table.columnIndex(named: name).flatMap { FlowLayout.isBookkeeping(name) ? nil : $0 }
                guard let position else {
                    for _ in rows {
                        try values[index].append(nil as UnsafeRawBufferPointer?)
                        try lookupEntities[index].append(nil as UnsafeRawBufferPointer?)
                        try lookupNames[index].append(nil as UnsafeRawBufferPointer?)
                    }
                    continue
                }
                let column = table.columns[position]
                let entityColumn =
                    position == idPosition ? nil : table.columnIndex(named: FlowLayout.lookupEntityColumn(name)).map { table.columns[$0] }
                let nameColumn =
                    entityColumn == nil ? nil : table.columnIndex(named: FlowLayout.lookupNameColumn(name)).map { table.columns[$0] }
                values[index].reserve(rows: rows.count)
                for row in rows {
                    try column.withValue(row) { try values[index].append($0) }
                    // A value with a lookup entity is a lookup (with its name when there is one); else a plain field.
                    let isLookup = column.isPresent(row) && entityColumn?.isPresent(row) == true
                    if isLookup, let entityColumn {
                        try entityColumn.withValue(row) { try lookupEntities[index].append($0) }
                        hasLookupEntity[index] = true
                    } else {
                        try lookupEntities[index].append(nil as UnsafeRawBufferPointer?)
                    }
                    if isLookup, let nameColumn, nameColumn.isPresent(row) {
                        try nameColumn.withValue(row) { try lookupNames[index].append($0) }
                        hasLookupName[index] = true
                    } else {
                        try lookupNames[index].append(nil as UnsafeRawBufferPointer?)
                    }
                }
            }
        }
        section.records.values = Table(name: entity.name, columns: values)
        var attributes: [Table] = []
        if hasLookupEntity.contains(true) {
            attributes.append(
                Table(
                    name: CMTRecordTable.lookupEntityAttribute,
                    columns: names.indices.filter { hasLookupEntity[$0] }.map { lookupEntities[$0] }))
        }
        if hasLookupName.contains(true) {
            attributes.append(
                Table(
                    name: CMTRecordTable.lookupEntityNameAttribute,
                    columns: names.indices.filter { hasLookupName[$0] }.map { lookupNames[$0] }))
        }
        section.records.fieldAttributes = attributes
        precondition(section.records.count == rowCount, "every section column has one value per written record")
        return section
    }
}
