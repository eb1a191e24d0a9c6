import AirlockModel
import AirlockPackages
import Foundation

/// The F&O side's export (a data management package) as the converter uses it: entity tables by catalog
/// label, read on first use and kept (under a lock: flows on two cores share them).
final class FOExport: @unchecked Sendable {
    let reader: FOPackageReader?
    let catalog: SchemaCatalog
    private var tables: [String: Table] = [:]
    private var missing: Set<String> = []
    private let lock = NSLock()

    init(reader: FOPackageReader?, catalog: SchemaCatalog) {
        self.reader = reader
        self.catalog = catalog
    }

    /// The catalog label the manifest line stands for (its label, AOT or public name), or its own name.
    func label(of entity: FOManifestEntity) -> String {
        if let schema = catalog.foEntity(named: entity.entityName) { return schema.label }
        if let target = entity.targetEntity, let schema = catalog.foEntity(named: target) { return schema.label }
        return entity.entityName
    }

    /// The table of entity `label` (any name the catalog knows for it), or nil when the package has no such entity.
    func table(_ label: String) throws -> Table? {
        let wanted = catalog.foEntity(named: label)?.label ?? label
        let key = wanted.lowercased()
        lock.lock()
        defer { lock.unlock() }
        if let table = tables[key] { return table }
        guard !missing.contains(key), let reader else { return nil }
        guard let line = reader.manifest.entities.first(where: { self.label(of: $0).lowercased() == key }) else {
            missing.insert(key)
            return nil
        }
        let table = try reader.readEntity(line).table
        tables[key] = table
        return table
    }

    /// Puts a table read elsewhere (e.g. on another core) in the cache.
    func store(_ table: Table, label: String) {
        lock.lock()
        defer { lock.unlock() }
        tables[(catalog.foEntity(named: label)?.label ?? label).lowercased()] = table
    }

    /// The first of `labels` the package holds whose table has every column in `columns`, with its table.
    func firstTable(among labels: [String], having columns: [String]) throws -> (label: String, table: Table)? {
        for label in labels {
            guard let table = try table(label) else { continue }
            if columns.allSatisfy({ table.columnIndex(named: $0) != nil }) { return (label, table) }
        }
        return nil
    }

    /// Labels of the entities the package's manifest lists, as catalog labels.
    var labels: [String] { reader?.manifest.entities.map(label(of:)) ?? [] }
}
