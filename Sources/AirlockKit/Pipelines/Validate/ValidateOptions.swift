/// What to validate and how (`airlock validate`).
public struct ValidateOptions: Sendable, Hashable {
    /// The package (zip or folder).
    public var package: String
    /// Show every finding as JSON instead of text.
    public var json: Bool
    /// How many findings to list in full (all are counted).
    public var maxFindings: Int
    /// The kind to validate as when the package's files cannot tell; nil: detect.
    public var target: PackageKind?
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order.
    public var catalogFiles: [String]
    /// Sales entities that exist in the target, so lookups to them are not reported.
    public var expectedInTarget: Set<String>
    /// Also write the findings as a self-contained HTML page to this file.
    public var htmlPath: String?
    /// The package must hold every parent record (F&O) or lookup target (Sales) of the entities it carries.
    public var selfContained: Bool
    /// The F&O data project's locale (dates, decimals); nil: learnt from each date column's values.
    public var foLocale: FOLocale?
    /// The code page of an F&O package's CSV files without a byte-order mark (`--fo-encoding`), the `--against`
    /// export's too; nil: UTF-8.
    public var foEncoding: SingleByteCodePage?
    /// The integration a Sales package is loaded for (`--for`): the columns it matches records on are required
    /// (`cmt.value.required`), and for dual-write every entity whose table has a dual-write integration key is
    /// checked as loaded for it, not only those whose schema declares a key column only dual-write adds
    /// (`cmt.record.dual-write-key`; docs/validation.md).
    public var integration: SyncIntegration?
    /// The export of the target a package is a delta against (`--against`, an export of the package's side): lookups
    /// to records it holds (Sales) and parents it holds (F&O) are expected, not findings (the way `convert` validates
    /// its packages).
    public var againstExport: String?
    /// Packages of the same side imported before this one (`--after`, the earlier batches of a batched run's series):
    /// their records count as held by the target, so a batch is checked as it will be imported.
    public var importedBefore: [String]

    public init(
        package: String, json: Bool = false, maxFindings: Int = 10_000, target: PackageKind? = nil, catalogFiles: [String] = [],
        expectedInTarget: Set<String> = [], htmlPath: String? = nil, selfContained: Bool = false, foLocale: FOLocale? = nil,
        integration: SyncIntegration? = nil, againstExport: String? = nil, importedBefore: [String] = [],
        foEncoding: SingleByteCodePage? = nil
    ) {
        self.foEncoding = foEncoding
        self.againstExport = againstExport
        self.importedBefore = importedBefore
        self.foLocale = foLocale
        self.integration = integration
        self.package = package
        self.json = json
        self.maxFindings = maxFindings
        self.target = target
        self.catalogFiles = catalogFiles
        self.expectedInTarget = expectedInTarget
        self.htmlPath = htmlPath
        self.selfContained = selfContained
    }
}
