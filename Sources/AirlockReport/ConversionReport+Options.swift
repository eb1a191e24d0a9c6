import AirlockIO
import AirlockModel
import AirlockPackages

extension ConversionReport {
    /// What `airlock convert` is asked to do: the options `Converter.run` takes (`ConversionOptions` in AirlockConvert
    /// names this type), recorded as given in `report.json` (`options`), so that the report, its page, `merge` and
    /// `verify` read them without the converter.
    public struct Options: Sendable, Hashable, Codable {
        /// The F&O export package (zip or folder).
        public var foPath: String
        /// The Sales export package (zip or folder).
        public var salesPath: String
        /// The output directory; nil for a dry run without one.
        public var outputDirectory: String?
        /// Flows to run (nil: all); others are skipped and reported as not run.
        public var only: [String]?
        /// Compute and report only: write no packages and no reject files.
        public var dryRun: Bool
        /// The legal entity (F&O `dataAreaId`); nil: the export's only company.
        public var company: String?
        /// A folder of edited templates (`airlock templates export`).
        public var templatesDirectory: String?
        /// The bundled template set (`dual-write`); nil: the default, `prospect-to-cash`, or the set an edited folder
        /// names.
        public var templateSet: String?
        /// The side whose values win where both hold a record (`fo` or `sales`): flows towards it create what it lacks
        /// and, on a record it holds, fill only the fields it holds empty; a record with nothing to fill is filtered
        /// `held-by-master`, as dual-write's "master for initial sync" leaves it. Nil: `fo` for the `dual-write` set,
        /// none for `prospect-to-cash` (whose flows run one way per table).
        public var master: String?
        /// Write unchanged records too.
        public var full: Bool
        /// More rejected records than this (all flows together) fails the run (exit 1); nil: no limit.
        public var maxRejects: Int?
        /// Replace the contents of a non-empty output directory.
        public var force: Bool
        /// The F&O data project's locale (`en-US`, `en-GB`, `de-DE`) for the templates' `dateFormat: {from: auto}`;
        /// nil: learnt from each date column's values.
        public var foLocale: String?
        /// Exports of an earlier wave (at most one per side): source records they hold unchanged are left out by the
        /// filter `unchanged-since`; nil: every record is converted.
        public var since: [String]?
        /// Limits by which each side's package is also cut into a numbered series in `batches/`, with an import plan
        /// (`convert --batch-records`, `--batch-mb`); nil: one package per side.
        public var batchLimits: PackageBatchLimits?
        /// The shard this process converts (`--shard i/N`): only the account trees it owns, and reference data if it is
        /// shard 0, written as spool files for `airlock merge` instead of packages; nil: the whole conversion.
        public var shard: ShardSelection?
        /// The schema catalog extension files the run's catalog was loaded with (`--catalog`), as given; nil: none. A
        /// shard's are checked by `merge`, whose packages depend on the catalog.
        public var catalogFiles: [String]?
        /// A match run's `keymap.csv` (`airlock match`): each linked Sales record takes the F&O key before the flows run,
        /// so that it updates its F&O record instead of creating a second one; nil: none.
        public var keymap: String?
        /// Keys for the Sales accounts and contacts that have none (`--assign-keys`), as given: `p2c` (the Prospect to
        /// cash solution's `ACC-01000-BVRCPS`), one pattern for both (`C{000001}`), or `account=PATTERN` and
        /// `contact=PATTERN`; nil: none assigned.
        public var assignKeys: [String]?
        /// Currency names the ISO 4217 table does not settle, settled by hand (`--currency NAME=CODE`), as given; nil:
        /// none.
        public var currencies: [String]?
        /// The currency of records that name none (`--default-currency CODE`): the Sales organisation's base currency,
        /// which its export does not state; nil: such records keep no currency.
        public var defaultCurrency: String?
        /// Country names the ISO 3166 table does not settle, settled by hand (`--country NAME=CODE`), as given; nil:
        /// none.
        public var countries: [String]?
        /// Target entities the other side's export may lack (`--allow-missing-target`), as given: a flow writing one of
        /// them counts every record as created. A flow whose target the export lacks is otherwise refused; nil: none
        /// allowed.
        public var allowMissingTargets: [String]?
        /// True when the run only plans (`convert --plan`): a target the export lacks is a finding of the plan, not a
        /// refusal; nil: a run.
        public var planOnly: Bool?
        /// The code page of the F&O export's delimited files without a byte-order mark (`--fo-encoding windows-1252`):
        /// a data format with a Windows code page, an Excel "CSV" save; nil: UTF-8.
        public var foEncoding: SingleByteCodePage?
        /// The migration's key register the run read before the flows (docs/ledger.md, "The key register"): the keys
        /// and links earlier runs decided, which the run keeps; nil: none (no ledger, or no run has entered one yet).
        public var keyRegister: String?
        /// The partition a shard read its part of the exports from (`convert --partition DIR --shard i/N`, written by
        /// `airlock partition`); nil: the shard reads the exports themselves.
        public var partition: String?

        public init(
            foPath: String, salesPath: String, outputDirectory: String?, only: [String]? = nil, dryRun: Bool = false,
            company: String? = nil, templatesDirectory: String? = nil, full: Bool = false, maxRejects: Int? = nil, force: Bool = false,
            foLocale: String? = nil, since: [String]? = nil, templateSet: String? = nil, master: String? = nil,
            batchLimits: PackageBatchLimits? = nil, shard: ShardSelection? = nil, catalogFiles: [String]? = nil, keymap: String? = nil,
            assignKeys: [String]? = nil, currencies: [String]? = nil, defaultCurrency: String? = nil, countries: [String]? = nil,
            allowMissingTargets: [String]? = nil, planOnly: Bool? = nil, foEncoding: SingleByteCodePage? = nil, keyRegister: String? = nil
        ) {
            self.foPath = foPath
            self.salesPath = salesPath
            self.outputDirectory = outputDirectory
            self.only = only
            self.dryRun = dryRun
            self.company = company
            self.templatesDirectory = templatesDirectory
            self.templateSet = templateSet
            self.master = master
            self.full = full
            self.maxRejects = maxRejects
            self.force = force
            self.foLocale = foLocale
            self.since = since
            self.batchLimits = batchLimits
            self.shard = shard
            self.catalogFiles = catalogFiles
            self.keymap = keymap
            self.assignKeys = assignKeys
            self.currencies = currencies
            self.defaultCurrency = defaultCurrency
            self.countries = countries
            self.allowMissingTargets = allowMissingTargets
            self.planOnly = planOnly
            self.foEncoding = foEncoding
            self.keyRegister = keyRegister
        }
    }
}
