import AirlockIO

/// What `Masker.run` masks and where it writes (`airlock mask`'s options but for the key, the catalog and how it
/// shows the run).
public struct MaskingOptions: Sendable, Hashable {
    public var foPath: String?
    public var salesPath: String?
    /// Where to write `fo-export.zip`, `sales-export.zip` and `mask.json`.
    public var outputDirectory: String?
    /// A policy file laid over the bundled one.
    public var policyPath: String?
    /// Count what would be masked, write nothing.
    public var plan: Bool
    /// The code page of the F&O export's CSV files without a byte-order mark.
    public var foEncoding: SingleByteCodePage?
    /// Records per piece of the Sales export: memory holds one piece (and the words drawn), whatever the export's
    /// size; the output does not depend on it.
    public var salesPieceRecords: Int
    /// The migration's mask word register (`MaskWordRegister`: how each word of a name or a street was masked, read
    /// first and added to), nil for none: each word is then decided from these exports alone.
    public var wordRegisterPath: String?

    public init(
        foPath: String?, salesPath: String?, outputDirectory: String?, policyPath: String? = nil, plan: Bool = false,
        foEncoding: SingleByteCodePage? = nil, salesPieceRecords: Int = 4_096, wordRegisterPath: String? = nil
    ) {
        self.wordRegisterPath = wordRegisterPath
        self.foPath = foPath
        self.salesPath = salesPath
        self.outputDirectory = outputDirectory
        self.policyPath = policyPath
        self.plan = plan
        self.foEncoding = foEncoding
        self.salesPieceRecords = salesPieceRecords
    }
}
