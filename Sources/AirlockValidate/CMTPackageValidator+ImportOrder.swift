import AirlockModel
import AirlockPackages

extension CMTPackageValidator {
    /// Checks that `entityImportOrder` (or, without it, the schema's entity order) puts each entity after the
    /// entities its records reference inside the package.
    ///
    /// The references are those `data.xml` actually holds (`lookupentity`, or a single `lookupType`). An
    /// entity that is part of a reference cycle with its target (account ↔ contact) is not reported: one of
    /// the two must come first, and CMT's second pass sets those lookups.
    func checkImportOrder(_ schema: CMTSchema, pass: CMTDataPass, lines: CMTSchemaLines, file: String, into collector: FindingCollector) {
        var position: [String: Int] = [:]
        let listed = schema.entityImportOrder ?? schema.entities.map(\.name)
        for name in listed where position[name] == nil { position[name] = position.count }
        for entity in schema.entities where position[entity.name] == nil { position[entity.name] = position.count }

        let entities = pass.entities
        let imported = entities.filter { $0.isDeclared && $0.sections > 0 }
        var edges: [Int: Set<Int>] = [:]
        for entity in imported {
            for field in entity.fields {
                for target in field.targetsInPackage where target != entity.index && entities[target].sections > 0 {
                    edges[entity.index, default: []].insert(target)
                }
            }
        }
        func reaches(_ start: Int, _ goal: Int) -> Bool {
            var stack = [start]
            var visited: Set<Int> = [start]
            while let node = stack.popLast() {
                for next in edges[node] ?? [] {
                    if next == goal { return true }
                    if visited.insert(next).inserted { stack.append(next) }
                }
            }
            return false
        }
        let orderName = schema.entityImportOrder == nil ? "the schema's entity order (there is no entityImportOrder)" : "entityImportOrder"
        for entity in imported {
            guard let own = position[entity.name] else { continue }
            for field in entity.fields {
                for target in field.targetsInPackage.sorted() where target != entity.index && entities[target].sections > 0 {
                    let targetName = entities[target].name
                    guard let theirs = position[targetName], theirs > own, !reaches(target, entity.index) else { continue }
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
