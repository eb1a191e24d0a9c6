import AirlockModel

/// One run of a verb, as one line of the migration ledger holds it (docs/ledger.md). Written as JSON with sorted
/// keys on one line; `previous` chains it to the line before.
public struct LedgerEntry: Sendable, Hashable, Codable {
    /// The entry format's version (`MigrationLedger.formatVersion`).
    public var version: Int
    /// `airlock`.
    public var tool: String
    /// `AirlockVersion.current` of the run.
    public var toolVersion: String
    /// The verb: `convert`, `verify`, `diff`, `retry`.
    public var command: String
    /// The command line as given, verb first, program name left out.
    public var arguments: [String]
    /// The folder the run was started in (relative paths in `arguments` are relative to it).
    public var workingDirectory: String
    /// Who ran it (the login name) and on which machine: informational, not checked.
    public var user: String
    public var host: String
    /// UTC, ISO 8601 with milliseconds (`2026-03-11T13:45:00.123Z`).
    public var startedAt: String
    public var finishedAt: String
    /// The folder the run wrote its outputs to (as `LedgerFile.path`), nil when it wrote none.
    public var outputDirectory: String?
    public var inputs: [LedgerFile]
    public var outputs: [LedgerFile]
    /// The run's totals by name: convert `read`, `filtered`, `created`, …; verify `sent`, `landed`, …; diff `old`,
    /// `new`, …; empty for a run that failed before counting.
    public var counts: [String: Int]
    /// The exit status: 0, 1 (the data has errors) or 2 (usage or environment error).
    public var exitCode: Int32
    /// What became of the run in words: `done`, the verdict, or the error's message.
    public var outcome: String
    /// The key register after the run appended to it (`convert`); nil for a run that entered nothing.
    public var keyRegister: LedgerKeyRegister?
    /// The SHA-256 (lower-case hex) of the previous line's bytes, its line end excluded; nil on the first line.
    public var previous: String?

    public init(
        command: String, arguments: [String], workingDirectory: String, user: String, host: String, startedAt: String, finishedAt: String,
        outputDirectory: String?, inputs: [LedgerFile], outputs: [LedgerFile], counts: [String: Int], exitCode: Int32, outcome: String,
        keyRegister: LedgerKeyRegister? = nil, previous: String? = nil
    ) {
        self.version = MigrationLedger.formatVersion
        self.tool = "airlock"
        self.toolVersion = AirlockVersion.current
        self.command = command
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.user = user
        self.host = host
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.outputDirectory = outputDirectory
        self.inputs = inputs
        self.outputs = outputs
        self.counts = counts
        self.exitCode = exitCode
        self.outcome = outcome
        self.keyRegister = keyRegister
        self.previous = previous
    }

    /// The counts in the order the verb reports them (convert: `read`, `filtered`, …; verify: `sent`, `landed`, …;
    /// diff: `old`, `new`, …), then any others by name.
    public var orderedCounts: [(name: String, value: Int)] {
        let order = Self.countOrder[command] ?? []
        let known = order.filter { counts[$0] != nil }
        let others = counts.keys.filter { !order.contains($0) }.sorted()
        return (known + others).compactMap { name in counts[name].map { (name, $0) } }
    }

    private static let countOrder = [
        "convert": ["read", "filtered", "created", "updated", "unchanged", "rejected", "written"],
        "merge": ["shards", "read", "filtered", "created", "updated", "unchanged", "rejected", "written"],
        "verify": ["sent", "landed", "drifted", "missing", "notVerified"],
        "diff": ["old", "new", "created", "changed", "unchanged", "deleted"],
        "match": ["sales", "fo", "linked", "review", "rejected", "salesUnmatched", "foUnmatched", "decisionsKept"],
    ]
}
