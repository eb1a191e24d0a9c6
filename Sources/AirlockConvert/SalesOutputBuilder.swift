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
                let keys = generated.kind == "priceListItems" ? ["pricelevelid", "productid", "uomid"]
                    : generated.kind == "orderStatusUpdates" ? ["ordernumber"] : output.template.target.key.map(\.field)
                parts.append(Part(entity: generated.entity, table: generated.table, written: generated.written, keyFields: keys))
            }
        }
        return parts
    }

    /// The package, or nil when no part has a record to write.
    static func package(_ parts: [Part], catalog: SchemaCatalog, timestamp: CMTTimestamp?) throws -> CMTPackage? {
        var order: [String] = []
        var grouped: [String: [Part]] = [:]
        for part in parts where part.written.contains(true) {
            if grouped[part.entity] == nil { order.append(part.entity) }
            grouped[part.entity, default: []].append(part)
        }
        guard !order.isEmpty else { return nil }
        var schemaEntities: [CMTSchemaEntity] = []
        var sections: [CMTEntityData] = []
        for entity in order {
            let group = grouped[entity] ?? []
            let catalogEntity = catalog.salesEntity(named: entity)
            let idField = catalogEntity?.primaryIdAttribute ?? entity + "id"
            var fieldNames = [idField]
            for part in group {
                for column in part.table.columnNames where !FlowLayout.isBookkeeping(column) && !fieldNames.contains(column) { fieldNames.append(column) }
            }
            let keyFields = Set(group.flatMap(\.keyFields))
            let fields = fieldNames.map { name -> CMTSchemaField in
                let attribute = catalogEntity?.attribute(named: name)
                let type = name == idField ? CMTFieldType.guid : attribute.map { CMTFieldType(rawValue: $0.type.rawValue) } ?? .string
                let targets = attribute?.lookupTargets ?? []
                return CMTSchemaField(
                    name: name, type: type, displayName: attribute?.displayName, updateCompare: keyFields.contains(name) ? true : nil,
                    lookupType: type.isLookup && !targets.isEmpty ? targets.joined(separator: "|") : nil, primaryKey: name == idField ? true : nil)
            }
            let schemaEntity = CMTSchemaEntity(
                name: entity, displayName: catalogEntity?.displayName, primaryIDField: idField, primaryNameField: catalogEntity?.primaryNameAttribute,
                disablePlugins: false, fields: fields)
            schemaEntities.append(schemaEntity)
            var section = CMTEntityData(schema: schemaEntity)
            for part in group {
                let columns = part.table.columns
                let idPosition = part.table.columnIndex(named: idField)
                // Per written column: its position, and the positions of its lookup entity and name.
                let written = columns.indices.filter { $0 != idPosition && !FlowLayout.isBookkeeping(columns[$0].name) }.map { position in
                    (position, columns[position].name,
                     part.table.columnIndex(named: FlowLayout.lookupEntityColumn(columns[position].name)),
                     part.table.columnIndex(named: FlowLayout.lookupNameColumn(columns[position].name)))
                }
                for row in 0..<part.table.rowCount where part.written[row] {
                    guard let idPosition, let id = columns[idPosition].value(row) else { continue }
                    var values: [CMTFieldValue] = [CMTFieldValue(name: idField, value: id)]
                    for (position, name, entityPosition, namePosition) in written {
                        guard let value = columns[position].value(row) else { continue }
                        if let entityPosition, let lookupEntity = columns[entityPosition].value(row) {
                            values.append(.lookup(name, id: value, entity: lookupEntity, entityName: namePosition.flatMap { columns[$0].value(row) }))
                        } else {
                            values.append(CMTFieldValue(name: name, value: value))
                        }
                    }
                    try section.append(CMTRecord(id: id, fields: values))
                }
            }
            sections.append(section)
        }
        let schema = CMTSchema(entities: schemaEntities, entityImportOrder: order)
        return CMTPackage(schema: schema, data: CMTData(timestamp: timestamp, entities: sections))
    }
}
