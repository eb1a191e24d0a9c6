import AirlockReport
import AirlockValidate

/// What `airlock merge` made: the run's report (as `convert` writes it) and the packages' validations.
public struct ShardMergeResult: Sendable {
    public var report: ConversionReport
    public var validations: [ValidationReport]
    /// The shard folders merged, in shard order, with their reports.
    public var shards: [(folder: String, report: ConversionReport)]
}
