import AirlockIO
import AirlockModel
import AirlockValidate

/// The Sales export's records as the shards together hold them (each shard's `salesIDs` spools: the tree records it
/// owns, and in shard 0 every other record): what merge validates `to-sales.zip` against, as it would against the
/// export read again (`CMTExportRecords`), without reading it.
enum ShardTargetRecords {
    /// The records of `shards`; nil when a shard wrote no ids (an older shard).
    /// - Throws: the spool reader's errors.
    static func read(_ shards: [MergedShard]) throws -> CMTExportRecords? {
        guard shards.allSatisfy({ $0.manifest.salesIDs != nil }) else { return nil }
        return try CMTExportRecords.gathering { add in
            for shard in shards {
                for (entity, file) in shard.manifest.salesIDs ?? [:] {
                    let ids = try TableSpoolReader.read(path: shard.path(file)).table
                    for row in 0..<ids.rowCount {
                        ids.withValue(row: row, column: 0) { value in if let value { add(entity, value) } }
                    }
                }
            }
        }
    }
}
