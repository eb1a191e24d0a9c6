import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReport

/// Builds a batched run's `ImportPlan` from the two series: each section's level from its package (an F&O entity's
/// level in its manifest; a Sales entity's from the lookups its schema declares), each batch's digest.
enum ImportPlanBuilder {
    /// The plan of `fo` (cut from the F&O package at `foPackage`) and `sales` (from `salesPackage`), whose files are
    /// in `folder`.
    static func plan(
        limits: PackageBatchLimits, fo: [PackageBatch], foPackage: String?, sales: [PackageBatch], salesPackage: String?, folder: String
    ) throws -> ImportPlan {
        let foLevels = try foPackage.map { try Self.foLevels(package: $0) } ?? [:]
        let salesLevels = try salesPackage.map { try Self.salesLevels(schema: CMTPackageReader(path: $0).schema) } ?? [:]
        let foBatches = try fo.map { try entry($0, system: "F&O", levels: foLevels, folder: folder) }
        let salesBatches = try sales.map { try entry($0, system: "Sales", levels: salesLevels, folder: folder) }
        let foSteps = ImportPlan.steps(foBatches, numberedFrom: 1)
        // The two systems load independently: each series is numbered from 1.
        let salesSteps = ImportPlan.steps(salesBatches, numberedFrom: 1)
        return ImportPlan(limits: limits, steps: foSteps + salesSteps)
    }

    private static func entry(_ batch: PackageBatch, system: String, levels: [String: Int], folder: String) throws -> ImportPlan.Batch {
        let digest = try FileDigest.of(folder + "/" + batch.fileName)
        return ImportPlan.Batch(
            system: system, file: batch.fileName, bytes: batch.bytes, sha256: digest.sha256, records: batch.records,
            sections: batch.sections.map {
                ImportPlan.Section(entity: $0.entity, records: $0.records, level: levels[$0.entity] ?? 1, continues: $0.continues)
            })
    }

    /// Each F&O entity's level: its execution unit and level in the manifest, numbered densely from 1.
    static func foLevels(package path: String) throws -> [String: Int] {
        let entities = try FOPackageReader(source: openPackageSource(path: path)).manifest.entities
        let keys = Set(entities.map { Pair($0.executionUnit ?? 0, $0.levelInExecutionUnit ?? 0) }).sorted()
        let dense = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset + 1) })
        var levels: [String: Int] = [:]
        for entity in entities { levels[entity.entityName] = dense[Pair(entity.executionUnit ?? 0, entity.levelInExecutionUnit ?? 0)] }
        return levels
    }

    /// Each Sales entity's level: 1 when its lookups name no other entity of the package that comes before it in
    /// the import order, else one more than the highest level of those it names.
    static func salesLevels(schema: CMTSchema) -> [String: Int] {
        let byName = Dictionary(schema.entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let order = schema.entityImportOrder ?? schema.entities.map(\.name)
        var levels: [String: Int] = [:]
        for name in order {
            guard let entity = byName[name] else { continue }
            let named = entity.fields.compactMap(\.lookupType).flatMap { $0.split(separator: "|").map(String.init) }
            levels[name] = 1 + (named.filter { $0 != name }.compactMap { levels[$0] }.max() ?? 0)
        }
        return levels
    }

    /// An execution unit and a level, ordered.
    private struct Pair: Hashable, Comparable {
        let unit: Int
        let level: Int
        init(_ unit: Int, _ level: Int) {
            self.unit = unit
            self.level = level
        }
        static func < (a: Pair, b: Pair) -> Bool { (a.unit, a.level) < (b.unit, b.level) }
    }
}
