import AirlockModel
import AirlockPackages

extension CMTPackageValidator {
    /// Checks that `entityImportOrder` (or, without it, the schema's entity order) puts each entity after the
    /// entities its records reference inside the package.
    ///
    /// The references are those `data.xml` actually holds (`lookupentity`, or a single `lookupType`); the rule is
    /// `CMTImportOrder`'s, by which `convert` lays out its package: an entity that is part of a reference cycle with
    /// its target (account ↔ contact) is not reported.
    func checkImportOrder(_ schema: CMTSchema, pass: CMTDataPass, lines: CMTSchemaLines, file: String, into collector: FindingCollector) {
        var position: [String: Int] = [:]
        let listed = schema.entityImportOrder ?? schema.entities.map(\.name)
        for name in listed where position[name] == nil { position[name] = position.count }
        for entity in schema.entities where position[entity.name] == nil { position[entity.name] = position.count }

        let entities = pass.entities
        let imported = entities.filter { $0.isDeclared && $0.sections > 0 }
        var references: [String: Set<String>] = [:]
        for entity in imported {
            for field in entity.fields {
                for target in field.targetsInPackage where target != entity.index && entities[target].sections > 0 {
                    references[entity.name, default: []].insert(entities[target].name)
                }
            }
        }
        let rule = CMTImportOrder(references: references)
        let orderName = schema.entityImportOrder == nil ? "the schema's entity order (there is no entityImportOrder)" : "entityImportOrder"
        for entity in imported {
            guard let own = position[entity.name] else { continue }
            for field in entity.fields {
                for target in field.targetsInPackage.sorted() where target != entity.index && entities[target].sections > 0 {
                    let targetName = entities[target].name
                    guard let theirs = position[targetName], theirs > own, rule.requires(entity.name, after: targetName) else { continue }
                    collector.add(
                        ValidationRules.cmtSchemaImportOrder, entity: entity.name, file: file,
                        line: lines.importOrder[entity.name] ?? lines.line(entity: entity.name, field: field.name), field: field.name,
                        value: targetName,
                        "\(orderName) puts '\(entity.name)' before '\(targetName)', which its field '\(field.name)' references; CMT then creates the records without the lookup and sets it in a second pass (slower, and a failure there leaves records without the reference): list '\(targetName)' first"
                    )
                }
            }
        }
    }
}
