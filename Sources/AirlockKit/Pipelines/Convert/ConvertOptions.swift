/// What to convert and how to show it (`airlock convert`).
public struct ConvertOptions: Sendable, Hashable {
    /// The conversion itself: inputs, output folder, flows, company, templates, limits.
    public var conversion: ConversionOptions
    /// Schema catalog extension files (YAML), merged over the bundled catalog in order.
    public var catalogFiles: [String]
    /// Show report.json instead of the summary.
    public var json: Bool
    /// Only plan: run the flows without writing anything and show the plan (`ConversionPlan`); the status is
    /// 1 when a flow would convert none of the records it reads.
    public var plan: Bool
    /// The run's entry in the migration ledger (beside `--out`; none for `--plan` or a dry run without `--out`).
    public var ledger: LedgerOptions
    /// Run the conversion as this many shards one after another on this machine, each into `--out`'s
    /// `shards/shard-i`, then merge them into `--out` (`convert --shards N`); nil: one process.
    public var shards: Int?
    /// Run the reference data flows once into the partition (`conversion.partition`) for the shards' lookups
    /// (`convert --partition DIR --reference-flows`, `Converter.runReferenceFlows`).
    public var referenceFlows: Bool

    public init(
        conversion: ConversionOptions, catalogFiles: [String] = [], json: Bool = false, plan: Bool = false,
        ledger: LedgerOptions = LedgerOptions(), shards: Int? = nil, referenceFlows: Bool = false
    ) {
        self.shards = shards
        self.referenceFlows = referenceFlows
        self.plan = plan
        self.ledger = ledger
        self.conversion = conversion
        self.catalogFiles = catalogFiles
        self.json = json
    }

    /// The flow names of a comma-separated list such as `--only accounts, contacts`: trimmed, empty ones dropped.
    public static func flowNames(commaSeparated list: String) -> [String] {
        list.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
