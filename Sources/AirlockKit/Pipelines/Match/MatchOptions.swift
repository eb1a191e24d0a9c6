/// What to match and how to show it (`airlock match`).
public struct MatchOptions: Sendable, Hashable {
    /// The exports, output folder, entities, thresholds and reviewed file (see `MatchingOptions`).
    public var matching: MatchingOptions
    /// Show `match.json` instead of the text summary.
    public var json: Bool
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order (F&O entity names come from it).
    public var catalogFiles: [String]
    /// The run's entry in the migration ledger (beside `--out`).
    public var ledger: LedgerOptions

    public init(matching: MatchingOptions, json: Bool = false, catalogFiles: [String] = [], ledger: LedgerOptions = LedgerOptions()) {
        self.matching = matching
        self.json = json
        self.catalogFiles = catalogFiles
        self.ledger = ledger
    }
}
