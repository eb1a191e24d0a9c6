import AirlockKit
import Testing

@testable import AirlockConvert

/// The join between a linked Sales record and its F&O record is derived from the templates: the Sales attribute by
/// `TemplateSet.salesKeyAttribute(of:)` (which `convert --assign-keys` keys by, and match declares in `LinkedEntity`),
/// the F&O column by the key of the template flow between the two entities. Match
/// reads its F&O key through `MatchSource`, `convert --keymap` through `KeymapApplier.foKeyColumn`: both must name the
/// template's column, for every F&O entity match reads, for accounts, contacts and products.
@Suite struct KeyJoinDeclarationTests {
    @Test(arguments: LinkedEntity.allCases)
    func matchConvertAndTheTemplatesJoinOnTheSameKeys(_ entity: LinkedEntity) throws {
        let templates = try TemplateLoader.bundled(.standard)
        let catalog = try SchemaCatalogLoader.bundled()
        // A template flow keys the Sales entity by the attribute a link sets.
        let flows = templates.templates.filter { template in
            [template.source, template.target].contains { $0.side == .sales && $0.entity == entity.salesEntity }
                && [template.source, template.target].contains { $0.side == .fo }
        }
        #expect(!flows.isEmpty, "no flow between Sales \(entity.salesEntity) and F&O")
        // The Sales key has one derivation from the templates, which convert keys by; match declares the same
        // attribute, reads it as a record's current key and writes it with a link.
        #expect(templates.salesKeyAttribute(of: entity.salesEntity) == entity.salesKeyAttribute)
        #expect(MatchSource.sales(entity).columns[.currentKey] == [entity.salesKeyAttribute])
        if entity != .products {
            let keyed = KeyedEntity.of(templates, entities: [entity.salesEntity])
            #expect(keyed.map(\.attribute) == [entity.salesKeyAttribute], "convert --assign-keys keys \(keyed.map(\.attribute))")
        }
        for flow in flows {
            let sales = flow.source.side == .sales ? flow.source : flow.target
            #expect(sales.key.map(\.field).contains(entity.salesKeyAttribute), "\(flow.name) keys \(sales.key.map(\.field))")
        }
        // Every F&O entity match reads for it: the key column match reads is the one the template joins, which convert
        // --keymap looks the F&O key up in.
        for source in MatchSource.fo(entity) {
            for label in source.entities {
                let column = try #require(
                    KeymapApplier.foKeyColumn(
                        joining: entity.salesEntity, entity.salesKeyAttribute, to: label, templates: templates, catalog: catalog),
                    "no template joins Sales \(entity.salesEntity).\(entity.salesKeyAttribute) to F&O \(label)")
                #expect(
                    (source.columns[.key] ?? []).contains(column),
                    "\(label): match reads \(source.columns[.key] ?? []), the template joins \(column)")
            }
        }
    }
}
