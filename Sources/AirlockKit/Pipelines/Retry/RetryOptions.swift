/// What to retry and how to show it (`airlock retry`).
public struct RetryOptions: Sendable, Hashable {
    /// The retry itself: the run folder, what failed, the output folder.
    public var retry: RetrialOptions
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order.
    public var catalogFiles: [String]
    /// Show retry.json instead of the summary.
    public var json: Bool
    /// The run's entry in the migration ledger (beside the conversion's folder, which holds the convert's entry).
    public var ledger: LedgerOptions

    public init(retry: RetrialOptions, catalogFiles: [String] = [], json: Bool = false, ledger: LedgerOptions = LedgerOptions()) {
        self.ledger = ledger
        self.retry = retry
        self.catalogFiles = catalogFiles
        self.json = json
    }
}
