import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// The Sales export's records as the shards together hold them (each shard's `salesIDs` spools: the tree records it
/// owns, and in shard 0 every other record), for validating the merged `to-sales.zip` as the single run validates its
/// own (`SalesExportRecords`: a record's id matched as `SalesExport.idIndex` matches it) without reading the export
/// again.
struct ShardTargetRecords: CMTTargetRecords {
    private let indexes: [String: KeyIndex]

    /// The records of `shards`; nil when a shard wrote no ids (an older shard).
    /// - Throws: the spool reader's errors.
    init?(_ shards: [MergedShard]) throws {
        guard shards.allSatisfy({ $0.manifest.salesIDs != nil }) else { return nil }
        var tables: [String: Table] = [:]
        for shard in shards {
            for (entity, file) in (shard.manifest.salesIDs ?? [:]).sorted(by: { $0.key < $1.key }) {
                let ids = try TableSpoolReader.read(path: shard.path(file)).table
                var table = tables[entity] ?? Table(name: entity, columnNames: [CMTRecordTable.idColumn])
                for row in 0..<ids.rowCount {
                    try table.appendRow { _, append in try ids.withValue(row: row, column: 0) { try append($0) } }
                }
                tables[entity] = table
            }
        }
        var indexes: [String: KeyIndex] = [:]
        for (entity, table) in tables {
            indexes[entity] = try KeyIndex(table: table, key: KeyDefinition(columns: [CMTRecordTable.idColumn]))
        }
        self.indexes = indexes
    }

    func holds(entity: String, id: String) -> Bool {
        indexes[entity]?.row(for: NaturalKey(id)) != nil
    }
}
