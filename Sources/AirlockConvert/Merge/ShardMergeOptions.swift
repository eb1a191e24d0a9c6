import AirlockPackages

/// What `airlock merge` is asked to do: `ShardMerger.run`'s options.
public struct ShardMergeOptions: Sendable, Hashable {
    /// The shard folders (`convert --shard i/N --out …`), all N shards of one conversion, in any order.
    public var shardFolders: [String]
    /// The run folder to write: the single run's packages, reject files, report (it may hold the `shards/` folder).
    public var outputDirectory: String
    /// Replace the run's earlier outputs in a non-empty output folder.
    public var force: Bool
    /// Limits by which each package is also cut into batches, as `convert --batch-records/--batch-mb`; nil: none. A
    /// package step (`merge --step sales|fo`) cuts its batches by a record limit alone; under a size limit
    /// `merge --step batches` cuts them, after the deflates (or the merge, when it cannot take theirs).
    public var batchLimits: PackageBatchLimits?
    /// The schema catalog extension files the catalog was loaded with: they must be those the shards were converted
    /// with (by content).
    public var catalogFiles: [String]

    public init(
        shardFolders: [String], outputDirectory: String, force: Bool = false, batchLimits: PackageBatchLimits? = nil,
        catalogFiles: [String] = []
    ) {
        self.catalogFiles = catalogFiles
        self.shardFolders = shardFolders
        self.outputDirectory = outputDirectory
        self.force = force
        self.batchLimits = batchLimits
    }
}
