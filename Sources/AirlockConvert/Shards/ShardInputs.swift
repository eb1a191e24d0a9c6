/// What a shard's reading of the exports gives beside the inputs themselves: where its rows stood in the exports, how
/// many tree records it owns, and the trees it cut by.
struct ShardInputs {
    var rows: ShardRowMap
    var summary: ShardOwnership.Summary
    var trees: ShardTrees
}
