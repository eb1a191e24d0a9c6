import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// Each bundled rule declares the Sales fields it reads beyond its template's (`BundledRule.salesReads`), and the
/// export schema (`ExportSchemaBuilder`, `airlock templates schema`) holds what they declare, for both bundled sets.
@Suite struct RuleSalesReadsTests {
    @Test(arguments: TemplateSetName.allCases)
    func theExportSchemaHoldsWhatEveryRuleDeclaresItReads(set: TemplateSetName) throws {
        let templates = try TemplateLoader.bundled(set)
        let catalog = try SchemaCatalogLoader.bundled()
        let schema = try ExportSchemaBuilder.schema(for: templates, catalog: catalog)
        var declared = 0
        for template in templates.templates {
            for rule in template.rules {
                for read in SpecialRuleRegistry.salesReads(of: rule, on: template, catalog: catalog) {
                    guard let known = catalog.salesEntity(named: read.entity) else { continue }
                    let entity = try #require(schema.entity(named: read.entity), "\(template.name) \(rule.kind): \(read.entity)")
                    for attribute in read.attributes where known.attribute(named: attribute) != nil {
                        declared += 1
                        #expect(entity.field(named: attribute) != nil, "\(template.name) \(rule.kind) reads \(read.entity).\(attribute)")
                    }
                }
            }
        }
        #expect(declared > 0, "the \(set.rawValue) set's rules read Sales fields of their own")
    }

    @Test func aRuleThatReadsNothingOfItsOwnDeclaresNothing() throws {
        let templates = try TemplateLoader.bundled(.standard)
        let catalog = try SchemaCatalogLoader.bundled()
        for template in templates.templates {
            for rule in template.rules where rule.kind == .discountPerUnit {
                #expect(SpecialRuleRegistry.salesReads(of: rule, on: template, catalog: catalog).isEmpty)
            }
        }
    }
}
