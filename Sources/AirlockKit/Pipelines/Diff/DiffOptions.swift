/// What to compare and how to show it (`airlock diff`).
public struct DiffOptions: Sendable, Hashable {
    /// The export, output folder and keys (see `PackageDiffOptions`).
    public var diff: PackageDiffOptions
    /// Show `diff.json` instead of the text summary.
    public var json: Bool
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order (F&O keys come from it).
    public var catalogFiles: [String]
    /// The run's entry in the migration ledger (beside `--out`).
    public var ledger: LedgerOptions

    public init(diff: PackageDiffOptions, json: Bool = false, catalogFiles: [String] = [], ledger: LedgerOptions = LedgerOptions()) {
        self.diff = diff
        self.ledger = ledger
        self.json = json
        self.catalogFiles = catalogFiles
    }
}
