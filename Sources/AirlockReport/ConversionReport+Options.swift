import AirlockModel
import AirlockPackages

extension ConversionReport {
    /// What `airlock convert` was asked to do, as `report.json` records it (`options`): the engine's options
    /// (`ConversionOptions`, AirlockConvert) field for field, so that the report, its page and `verify` can read them
    /// without the converter.
    public struct Options: Sendable, Hashable, Codable {
        /// The F&O export package (zip or folder).
        public var foPath: String
        /// The Sales export package (zip or folder).
        public var salesPath: String
        /// The output directory; nil for a dry run without one.
        public var outputDirectory: String?
        /// Flows run (nil: all); the others are reported as not run.
        public var only: [String]?
        /// Computed and reported only: no packages and no reject files written.
        public var dryRun: Bool
        /// The legal entity asked for (F&O `dataAreaId`); nil: the export's only company.
        public var company: String?
        /// A folder of edited templates (`airlock templates export`).
        public var templatesDirectory: String?
        /// The bundled template set asked for (`dual-write`); nil: the default, or the set an edited folder names.
        public var templateSet: String?
        /// The side whose values win where both hold a record (`fo` or `sales`); nil: the set's default.
        public var master: String?
        /// Unchanged records written too.
        public var full: Bool
        /// The limit of rejected records (all flows together) over which the run fails; nil: no limit.
        public var maxRejects: Int?
        /// A non-empty output directory replaced.
        public var force: Bool
        /// The F&O data project's locale asked for; nil: learnt from each date column's values.
        public var foLocale: String?
        /// Exports of an earlier wave whose unchanged records were left out (filter `unchanged-since`).
        public var since: [String]?
        /// The limits each side's package was also cut into batches by (`--batch-records`, `--batch-mb`); nil: none.
        public var batchLimits: PackageBatchLimits?
        /// The shard this run converted (`--shard i/N`); nil: the whole conversion.
        public var shard: ShardSelection?
        /// The schema catalog extension files given (`--catalog`); nil: none.
        public var catalogFiles: [String]?
        /// The keymap of a match run (`--keymap`): linked Sales records took the F&O key; nil: none.
        public var keymap: String?
        /// Keys assigned to Sales accounts and contacts that had none (`--assign-keys`), as given; nil: none.
        public var assignKeys: [String]?
        /// Currency names settled by hand (`--currency NAME=CODE`); nil: none.
        public var currencies: [String]?
        /// The currency given to records that named none (`--default-currency`); nil: none.
        public var defaultCurrency: String?
        /// Country names settled by hand (`--country NAME=CODE`); nil: none.
        public var countries: [String]?
        /// Target entities a flow writes that the other side's export lacked, converted anyway
        /// (`--allow-missing-target`), as given; nil: none.
        public var allowMissingTargets: [String]?
        /// True for a plan's report (`convert --plan`); nil: a run's.
        public var planOnly: Bool?
        /// The code page the F&O export's files without a byte-order mark were read in (`--fo-encoding`); nil: UTF-8.
        public var foEncoding: String?

        public init(
            foPath: String, salesPath: String, outputDirectory: String?, only: [String]? = nil, dryRun: Bool = false,
            company: String? = nil, templatesDirectory: String? = nil, full: Bool = false, maxRejects: Int? = nil, force: Bool = false,
            foLocale: String? = nil, since: [String]? = nil, templateSet: String? = nil, master: String? = nil,
            batchLimits: PackageBatchLimits? = nil, shard: ShardSelection? = nil, catalogFiles: [String]? = nil, keymap: String? = nil,
            assignKeys: [String]? = nil, currencies: [String]? = nil, defaultCurrency: String? = nil, countries: [String]? = nil,
            allowMissingTargets: [String]? = nil, planOnly: Bool? = nil, foEncoding: String? = nil
        ) {
            self.foEncoding = foEncoding
            self.allowMissingTargets = allowMissingTargets
            self.planOnly = planOnly
            self.assignKeys = assignKeys
            self.currencies = currencies
            self.defaultCurrency = defaultCurrency
            self.countries = countries
            self.keymap = keymap
            self.catalogFiles = catalogFiles
            self.shard = shard
            self.master = master
            self.templateSet = templateSet
            self.since = since
            self.batchLimits = batchLimits
            self.foLocale = foLocale
            self.foPath = foPath
            self.salesPath = salesPath
            self.outputDirectory = outputDirectory
            self.only = only
            self.dryRun = dryRun
            self.company = company
            self.templatesDirectory = templatesDirectory
            self.full = full
            self.maxRejects = maxRejects
            self.force = force
        }
    }
}
