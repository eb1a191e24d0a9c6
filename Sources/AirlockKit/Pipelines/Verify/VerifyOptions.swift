/// What to verify and how to show it (`airlock verify`).
public struct VerifyOptions: Sendable, Hashable {
    /// The verification itself: the run folder, the exports after the import, the output folder.
    public var verification: VerificationOptions
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order.
    public var catalogFiles: [String]
    /// Show verify.json instead of the summary.
    public var json: Bool
    /// The run's entry in the migration ledger (beside the conversion's folder, which holds the convert's entry).
    public var ledger: LedgerOptions

    public init(verification: VerificationOptions, catalogFiles: [String] = [], json: Bool = false, ledger: LedgerOptions = LedgerOptions())
    {
        self.verification = verification
        self.ledger = ledger
        self.catalogFiles = catalogFiles
        self.json = json
    }
}
