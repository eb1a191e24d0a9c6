import AirlockMapping
import AirlockSample

/// What sample pair to write (`airlock sample`).
public struct SampleOptions: Sendable, Hashable {
    /// The folder to write into (created if missing).
    public var outputDirectory: String
    /// How many accounts to generate (at least 1).
    public var accounts: Int
    /// The random seed: the same seed gives byte-identical files.
    public var seed: UInt64
    /// The F&O legal entity (`DATAAREAID`) of the F&O export.
    public var company: String
    /// Add records a converter must reject, and their answer key `expected-rejects.csv`.
    public var defects: Bool
    /// The bundled template set whose shapes the pair has: `prospect-to-cash` (the default) or `dual-write`
    /// (see `SampleGenerator`).
    public var templates: TemplateSetName
    /// Write an unkeyed, noisy pair with its answer key `match-truth.csv` instead, for `airlock match`
    /// (`SampleUnkeyedPair`); it takes neither `defects` nor the dual-write set.
    public var unkeyed: Bool
    /// The F&O entity an unkeyed pair writes its contact persons in.
    public var foContacts: SampleUnkeyedContactEntity
    /// Instead of a generated pair: the exports a conversion's (or a retry's) output folder would give after its
    /// packages were imported (`ImportRehearsal`), with `lose` records lost and `drift` changed, picked by `seed`.
    public var afterImport: String?
    public var lose: Int = 0
    public var drift: Int = 0
    /// With `afterImport`: the F&O and Sales exports the packages are imported into; nil: those the conversion read,
    /// or for a retry those the verify it was made from read.
    public var foExportBefore: String?
    public var salesExportBefore: String?

    public init(
        outputDirectory: String, accounts: Int = 12, seed: UInt64 = 1, company: String = "USMF", defects: Bool = false,
        templates: TemplateSetName = .standard, unkeyed: Bool = false, foContacts: SampleUnkeyedContactEntity = .cdsContacts,
        afterImport: String? = nil, lose: Int = 0, drift: Int = 0, foExportBefore: String? = nil, salesExportBefore: String? = nil
    ) {
        self.afterImport = afterImport
        self.foExportBefore = foExportBefore
        self.salesExportBefore = salesExportBefore
        self.lose = lose
        self.drift = drift
        self.outputDirectory = outputDirectory
        self.accounts = accounts
        self.seed = seed
        self.company = company
        self.defects = defects
        self.templates = templates
        self.unkeyed = unkeyed
        self.foContacts = foContacts
    }
}
