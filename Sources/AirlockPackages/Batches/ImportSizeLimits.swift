/// The sizes at which importers are known to refuse one file, as public reports state them (docs/sources.md,
/// "Import size limits"). `convert --plan` warns when a single package would come near them; nothing is cut by them
/// unless asked (`--batch-mb`).
public enum ImportSizeLimits {
    /// The smallest F&O package reported refused by the recurring-integration enqueue (HTTP 413 at about 36 MB,
    /// MicrosoftDocs/dynamics-365-unified-operations-public issue #2467; 50 MB in microsoft/Recurring-Integrations-Scheduler
    /// issue #135).
    public static let foEnqueueRefusedBytes: Int64 = 36_000_000

    /// How many times smaller `--plan` takes a package's zip to be than its entity files, to estimate the zip before it
    /// is written: a setting, not a fact. Airlock's F&O packages deflate 6.7× on the generated 1 M and 4 M-record
    /// pairs (docs/performance.md); 4 errs towards warning.
    public static let assumedCompressionRatio: Int64 = 4
}
