/// Which shard owns each tree record, table by table, for a conversion cut into `count` shards
/// (`ShardOwnership.assign(count:)`).
struct ShardAssignment: Sendable {
    /// Per table (in the order the ownership met them), the shard of each row.
    var owners: [[UInt16]] = []
    /// Tree records in the exports.
    var treeRecords = 0
    /// Per shard, the tree records it owns.
    var ownedRecords: [Int]
    /// Records of the largest tree.
    var largestTree = 0

    init(count: Int) {
        ownedRecords = Array(repeating: 0, count: count)
    }

    /// What shard `index` keeps, for its report.
    func summary(of index: Int) -> ShardOwnership.Summary {
        ShardOwnership.Summary(treeRecords: treeRecords, ownedRecords: ownedRecords[index], largestTree: largestTree)
    }
}
