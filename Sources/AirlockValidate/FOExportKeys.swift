import AirlockIO
import AirlockModel
import AirlockPackages

/// The keys an F&O export holds, as the records a package that is a delta against it may reference
/// (`FOTargetRecords`): per entity and set of fields, the values of every record, indexed on first use.
public final class FOExportKeys: FOTargetRecords {
    /// The export's table of an entity (any name the catalog knows for it), nil when it has none.
    private let table: @Sendable (String) -> Table?
    /// Per entity and fields (`entity|FIELD|FIELD`), the values of every record, lower-cased and joined.
    private let indexes = LockedValueBox<[String: Set<String>]>([:])

    /// The keys of the export whose entity tables `table` gives (read on first use by the caller's cache).
    public init(table: @escaping @Sendable (String) -> Table?) {
        self.table = table
    }

    /// The keys of the F&O export at `path` (zip or folder): the entities that `FOEntityReference.known` names as
    /// parents, read once.
    /// - Throws: `AirlockError` when the export cannot be read.
    /// - Parameter countsAs: what its records count as in the progress lines (`.checked` for a file read before).
    public static func read(
        path: String, catalog: SchemaCatalog, fileEncoding: FOFileEncoding = .utf8, countsAs: RecordTally.Kind = .read
    ) throws -> FOExportKeys {
        let reader = try FOPackageReader(source: openPackageSource(path: path), fileEncoding: fileEncoding, countsAs: countsAs)
        let parents = Set(FOEntityReference.known.flatMap(\.parents).map { $0.lowercased() })
        var tables: [String: Table] = [:]
        for entity in reader.manifest.entities {
            let names = [entity.entityName, entity.targetEntity, catalog.foEntity(named: entity.entityName)?.technicalName]
            guard let name = names.compactMap({ $0?.lowercased() }).first(where: parents.contains) else { continue }
            tables[name] = try reader.readEntity(entity).table
        }
        let found = tables
        return FOExportKeys { name in found[catalog.foTechnicalName(of: name).lowercased()] }
    }

    /// The keys of an export whose entity tables `table` gives, holding only the tables of the entities that
    /// `FOEntityReference.known` names as parents (read here, once): the export's other tables can go while the keys
    /// are in use.
    public static func ofParents(_ table: (String) -> Table?) -> FOExportKeys {
        var found: [String: Table] = [:]
        for parent in Set(FOEntityReference.known.flatMap(\.parents)) { found[parent] = table(parent) }
        let parents = found
        return FOExportKeys { name in parents[name] ?? nil }
    }

    public func holds(entities: [String], fields: [String], values: [String]) -> Bool {
        let wanted = Self.joined(values)
        for entity in entities {
            let name = ([entity] + fields).joined(separator: "|")
            let index = indexes.withLockedValue { indexes -> Set<String>? in
                if let index = indexes[name] { return index }
                guard let table = table(entity) else { return nil }
                let columns = fields.compactMap { table.columnIndex(named: $0) }
                guard columns.count == fields.count else { return nil }
                var index = Set<String>()
                for row in 0..<table.rowCount { index.insert(Self.joined(columns.map { table.value(row: row, column: $0) ?? "" })) }
                indexes[name] = index
                return index
            }
            if index?.contains(wanted) == true { return true }
        }
        return false
    }

    /// Key parts as one text, each trimmed and lower-cased, separated by a unit separator.
    private static func joined(_ values: [String]) -> String {
        values.map { $0.trimmingASCIIWhitespace().lowercased() }.joined(separator: "\u{1F}")
    }
}
