import AirlockMapping
import AirlockModel

/// Where the records a shard kept stood in the whole exports: per tree table, the export row of each row the shard
/// holds. `airlock merge` puts the shards' records back in export order by it, which is the single run's order.
struct ShardRowMap: Sendable {
    /// Per table (`ShardRowMap.key`), the export row of each kept row.
    var rows: [String: [Int]]

    /// The table's name in `rows`.
    static func key(side: DataSide, entity: String, catalog: SchemaCatalog) -> String {
        switch side {
        case .sales: return "sales:" + entity
        case .fo: return "fo:" + catalog.foKey(of: entity)
        }
    }
}
