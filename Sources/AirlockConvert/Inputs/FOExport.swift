import AirlockModel
import AirlockPackages
import Foundation

/// The F&O side's export (a data management package) as the converter uses it: entity tables by catalog
/// label, read on first use and kept (under a lock: flows on two cores share them).
final class FOExport: Sendable {
    let reader: FOPackageReader?
    let catalog: SchemaCatalog
    /// The data project's locale (`--fo-locale`): a decimal-comma project's decimals are read with `.`.
    let locale: FOLocale?
    /// Tables read so far by lower-cased label, and the labels the package was found not to hold.
    private let cache = LockedValueBox<(tables: [String: Table], missing: Set<String>)>(([:], []))

    init(reader: FOPackageReader?, catalog: SchemaCatalog, locale: FOLocale? = nil) {
        self.reader = reader
        self.catalog = catalog
        self.locale = locale
    }

    /// The catalog label the manifest line stands for (its label, AOT or public name), or its own name.
    func label(of entity: FOManifestEntity) -> String {
        entity.catalogLabel(in: catalog)
    }

    /// The manifest line of entity `label` (any name the catalog knows for it), with the catalog label; nil when the
    /// package has no such entity.
    func manifestLine(_ label: String) -> (entity: FOManifestEntity, label: String)? {
        let wanted = catalog.foLabel(of: label)
        let key = wanted.lowercased()
        guard let line = reader?.manifest.entities.first(where: { self.label(of: $0).lowercased() == key }) else { return nil }
        return (line, wanted)
    }

    /// The table of entity `label` (any name the catalog knows for it), or nil when the package has no such entity.
    func table(_ label: String) throws -> Table? {
        let key = catalog.foKey(of: label)
        return try cache.withLockedValue { cache in
            if let table = cache.tables[key] { return table }
            guard !cache.missing.contains(key), let reader else { return nil }
            guard let line = manifestLine(label) else {
                cache.missing.insert(key)
                return nil
            }
            let table = try FODecimalNormalizer.normalized(
                reader.readEntity(line.entity).table, label: line.label, catalog: catalog, locale: locale)
            cache.tables[key] = table
            return table
        }
    }

    /// Puts a table read elsewhere (e.g. on another core) in the cache.
    func store(_ table: Table, label: String) {
        let key = catalog.foKey(of: label)
        cache.withLockedValue { $0.tables[key] = table }
    }

    /// The tables read or stored so far, by lower-cased catalog label, in label order.
    var storedTables: [(key: String, table: Table)] {
        cache.withLockedValue { cache in cache.tables.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
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
