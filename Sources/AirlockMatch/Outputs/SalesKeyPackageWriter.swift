import AirlockModel
import AirlockPackages

/// Writes `to-sales-keys.zip`: a Configuration Migration package that updates each linked Sales record (by its
/// GUID) with the F&O key in its key attribute (`accountnumber` = the customer account), so that the sync and
/// later conversions join the two records by key. Only the GUID and that attribute are in it: an import updates
/// nothing else. Records that already hold the key are left out.
enum SalesKeyPackageWriter {
    /// Writes the package when any record's key changes; returns per entity how many records it sets and how
    /// many of them held another value.
    static func write(_ keymap: Keymap, outcome: MatchOutcome, catalog: SchemaCatalog, to path: String) throws
        -> [MatchEntity: (set: Int, replaced: Int)]
    {
        var counts: [MatchEntity: (set: Int, replaced: Int)] = [:]
        var schemaEntities: [CMTSchemaEntity] = []
        var sections: [CMTEntityData] = []
        for entity in MatchEntity.allCases {
            let entries = keymap.entries.filter { $0.entity == entity }
            let current = Dictionary(outcome.sales(entity).map { ($0.key, $0.currentKey) }, uniquingKeysWith: { first, _ in first })
            let changing = entries.filter { current[$0.salesID] != $0.foKey }.sorted { $0.salesID < $1.salesID }
            guard !changing.isEmpty else { continue }
            counts[entity] = (changing.count, changing.filter { !(current[$0.salesID] ?? "").isEmpty }.count)
            let schema = catalog.salesEntity(named: entity.salesEntity)
            let idName = schema?.primaryIdAttribute ?? entity.salesEntity + "id"
            let key = entity.salesKeyAttribute
            schemaEntities.append(
                CMTSchemaEntity(
                    name: entity.salesEntity, displayName: schema?.displayName, primaryIDField: idName,
                    primaryNameField: schema?.primaryNameAttribute, disablePlugins: false,
                    fields: [
                        CMTSchemaField(
                            name: idName, type: .guid, displayName: schema?.attribute(named: idName)?.displayName, primaryKey: true),
                        CMTSchemaField(
                            name: key, type: .string, displayName: schema?.attribute(named: key)?.displayName, updateCompare: nil),
                    ]))
            var section = CMTEntityData(name: entity.salesEntity, displayName: schema?.displayName, fieldNames: [idName, key])
            for entry in changing { try section.records.values.appendRow([entry.salesID, entry.salesID, entry.foKey]) }
            sections.append(section)
        }
        guard !sections.isEmpty else { return counts }
        try CMTPackageWriter.write(CMTPackage(schema: CMTSchema(entities: schemaEntities), data: CMTData(entities: sections)), to: path)
        return counts
    }
}
