import AirlockReconcile

/// What a writer of a match run's outputs counted, where it counts anything (`Matcher.write`).
enum WrittenCounts: Sendable {
    case none
    /// Records no link names, per entity and side (`UnmatchedListWriter`).
    case unmatched([LinkedEntity: (sales: Int, fo: Int)])
    /// Keys the Sales key package sets and replaces, per entity (`SalesKeyPackageWriter`).
    case keys([LinkedEntity: (set: Int, replaced: Int)])
}
