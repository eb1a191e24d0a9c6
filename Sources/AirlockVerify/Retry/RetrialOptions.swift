import AirlockModel

/// What `airlock retry` is asked to send again (`Retrier.run`'s options; `retry.json` records them): from a
/// conversion's output folder, the records that the importers or `verify` say did not land. Named, as the other
/// engines' options, after the engine's run as a noun (`ConversionOptions`, `VerificationOptions`), which keeps
/// `RetryOptions` for the pipeline's.
public struct RetrialOptions: Sendable, Hashable, Codable {
    /// The conversion's output folder (`report.json`, `to-fo.zip`, `to-sales.zip`).
    public var runDirectory: String
    /// Lists `verify` wrote (`missing.csv`, or `drifted.csv` to send drifted records again).
    public var verifyLists: [String]
    /// F&O error files: the staging error file or the target error keys file the data management workspace (or
    /// its package API) gives for an import, each `PATH` or `ENTITY=PATH`; a data package of such files too.
    public var foErrorFiles: [String]
    /// Configuration Migration import logs (`ImportDataDetail.log` and the like).
    public var salesLogs: [String]
    /// The regular expression a log line must match to count as a failure (its record ids are then read); nil:
    /// `RetrialOptions.defaultFailurePattern`.
    public var failurePattern: String?
    /// Where `to-fo.zip`, `to-sales.zip`, `retry.json` and `not-found.csv` go; nil: `<runDirectory>/retry`.
    public var outputDirectory: String?
    /// Replace a non-empty output folder.
    public var force: Bool
    /// Add the records a failed record needs from the same conversion (its header, its customer, what its
    /// lookups name); on by default.
    public var withParents: Bool

    /// A line that says a record failed: `fail` or `error` in any case, not `0 errors`-style counts alone.
    public static let defaultFailurePattern = #"(?i)\b(fail(ed|ure)?|error)\b"#

    public init(
        runDirectory: String, verifyLists: [String] = [], foErrorFiles: [String] = [], salesLogs: [String] = [],
        failurePattern: String? = nil, outputDirectory: String? = nil, force: Bool = false, withParents: Bool = true
    ) {
        self.runDirectory = runDirectory
        self.verifyLists = verifyLists
        self.foErrorFiles = foErrorFiles
        self.salesLogs = salesLogs
        self.failurePattern = failurePattern
        self.outputDirectory = outputDirectory
        self.force = force
        self.withParents = withParents
    }

    /// The output folder the options name: `outputDirectory`, else `retry` inside the run folder.
    public var resolvedOutputDirectory: String { outputDirectory ?? runDirectory + "/" + RunLayout.retryFolder }
}
