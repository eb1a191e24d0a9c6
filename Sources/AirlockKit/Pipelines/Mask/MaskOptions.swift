/// What to mask and how to show it (`airlock mask`).
public struct MaskOptions: Sendable, Hashable {
    public var masking: MaskingOptions
    /// The key file (`--key-file`); nil: `AIRLOCK_MASK_KEY` from `environment`.
    public var keyFile: String?
    public var catalogFiles: [String]
    public var json: Bool
    /// Where the run is entered (the migration ledger beside the output folder, by default).
    public var ledger: LedgerOptions

    public init(
        masking: MaskingOptions, keyFile: String?, catalogFiles: [String] = [], json: Bool = false, ledger: LedgerOptions = .off
    ) {
        self.ledger = ledger
        self.masking = masking
        self.keyFile = keyFile
        self.catalogFiles = catalogFiles
        self.json = json
    }
}
