import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Writes `to-sales-keys.zip`: a Configuration Migration package that updates each linked Sales record (by its
/// GUID) with the F&O key in its key attribute (`accountnumber` = the customer account), so that the sync and
/// later conversions join the two records by key. Only the GUID and that attribute are in it: an import updates
/// nothing else. Records that already hold the key are left out.
enum SalesKeyPackageWriter {
    /// Writes the package when any record's key changes; returns per entity how many records it sets and how
    /// many of them held another value.
    static func write(_ links: [MatchLink], outcome: MatchOutcome, catalog: SchemaCatalog, to path: String) throws
        -> [LinkedEntity: (set: Int, replaced: Int)]
    {
        var counts: [LinkedEntity: (set: Int, replaced: Int)] = [:]
        var schemaEntities: [CMTSchemaEntity] = []
        var sections: [CMTEntityData] = []
        for entity in LinkedEntity.allCases {
            let store = outcome.store
            let (sales, fo) = (outcome.sales(entity), outcome.fo(entity))
            // The links whose Sales record holds another key than its F&O record's, by GUID.
            let changing = links.filter { $0.entity == entity && !store.same(.currentKey, sales[$0.salesIndex], as: .key, fo[$0.foIndex]) }
                .sorted { store.precedes(.key, sales[$0.salesIndex], sales[$1.salesIndex]) }
            guard !changing.isEmpty else { continue }
            counts[entity] = (changing.count, changing.filter { !sales[$0.salesIndex].lacks(.currentKey) }.count)
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
            for link in changing {
                let salesID = store.key(sales[link.salesIndex])
                try section.records.values.appendRow([salesID, salesID, store.key(fo[link.foIndex])])
            }
            sections.append(section)
        }
        guard !sections.isEmpty else { return counts }
        try CMTPackageWriter.write(CMTPackage(schema: CMTSchema(entities: schemaEntities), data: CMTData(entities: sections)), to: path)
        return counts
    }
}
