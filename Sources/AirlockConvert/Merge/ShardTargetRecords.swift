import AirlockIO
import AirlockModel
import AirlockValidate

/// Both exports' records as the shards together hold them (each shard's `salesIDs` and `foKeys` spools: the tree
/// records it owns, and in shard 0 every other record): what merge validates the packages against, as it would against
/// the exports read again (`CMTExportRecords`, `FOExportKeys`), without reading them.
enum ShardTargetRecords {
    /// The keys of the F&O export's records that package lines may refer to, as `shards` hold them; nil when a shard
    /// wrote none (an older shard).
    /// - Throws: the spool reader's errors.
    static func readFO(_ shards: [MergedShard], catalog: SchemaCatalog) throws -> FOExportKeys? {
        guard shards.allSatisfy({ $0.manifest.foKeys != nil }) else { return nil }
        var tables: [String: Table] = [:]
        for shard in shards {
            for (entity, file) in (shard.manifest.foKeys ?? [:]).sorted(by: { $0.key < $1.key }) {
                let keys = try TableSpoolReader.read(path: shard.path(file)).table
                guard var table = tables[entity] else {
                    tables[entity] = keys
                    continue
                }
                guard table.columnNames == keys.columnNames else {
                    throw AirlockError(
                        .usage, "the shard's keys of \(entity) have other columns than the other shards'",
                        at: SourceLocation(file: shard.path(file)))
                }
                for row in 0..<keys.rowCount {
                    try table.appendRow { column, append in try keys.withValue(row: row, column: column) { try append($0) } }
                }
                tables[entity] = table
            }
        }
        let found = tables
        return FOExportKeys { name in found[catalog.foTechnicalName(of: name).lowercased()] }
    }

    /// The records of `shards`; nil when a shard wrote no ids (an older shard). Each id goes from the spool's bytes to
    /// the records as read, not through a table (whose GUID column would parse it, and write it out again).
    /// - Throws: the spool reader's errors.
    static func readSales(_ shards: [MergedShard]) throws -> CMTExportRecords? {
        guard shards.allSatisfy({ $0.manifest.salesIDs != nil }) else { return nil }
        return try CMTExportRecords.gathering { add in
            for shard in shards {
                for (entity, file) in shard.manifest.salesIDs ?? [:] {
                    try TableSpoolReader.forEachRow(path: shard.path(file)) { _, columns in
                        guard columns.count == 1 else {
                            throw AirlockError(
                                .io, "not a shard's spool of ids: \(columns.count) columns", at: SourceLocation(file: shard.path(file)))
                        }
                    } _: { _, _, values in
                        if let value = values[0] { add(entity, value) }
                    }
                }
            }
        }
    }

    /// The Sales export's records as `shards` hold them, or the export's read again when a shard wrote no ids.
    /// - Throws: the spool reader's or the export reader's errors.
    static func sales(_ shards: [MergedShard]) throws -> any CMTTargetRecords {
        guard let first = shards.first else { return CMTExportRecords.adding() }
        return try readSales(shards) ?? CMTExportRecords.read(path: first.manifest.options.salesPath, countsAs: .checked)
    }

    /// The F&O export's keys as `shards` hold them, or the export's read again when a shard wrote none.
    /// - Throws: the spool reader's or the export reader's errors.
    static func fo(_ shards: [MergedShard], catalog: SchemaCatalog) throws -> any FOTargetRecords {
        guard let options = shards.first?.manifest.options else { return FOExportKeys { _ in nil } }
        return try readFO(shards, catalog: catalog)
            ?? FOExportKeys.read(path: options.foPath, catalog: catalog, fileEncoding: options.foFileEncoding, countsAs: .checked)
    }
}
