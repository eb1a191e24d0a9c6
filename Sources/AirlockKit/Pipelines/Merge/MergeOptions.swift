/// What to merge and how to show it (`airlock merge`).
public struct MergeOptions: Sendable, Hashable {
    /// The merge itself: the shard folders, the run folder, batches.
    public var merge: ShardMergeOptions
    /// Schema catalog extension files (YAML), as the shards were converted with.
    public var catalogFiles: [String]
    /// Show report.json instead of the summary.
    public var json: Bool
    /// The run's entry in the migration ledger (beside `--out`).
    public var ledger: LedgerOptions

    public init(merge: ShardMergeOptions, catalogFiles: [String] = [], json: Bool = false, ledger: LedgerOptions = LedgerOptions()) {
        self.merge = merge
        self.catalogFiles = catalogFiles
        self.json = json
        self.ledger = ledger
    }
}
