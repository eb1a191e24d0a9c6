import ArgumentParser

/// `airlock retry`: see `RetryPipeline`.
struct RetryCommand: LedgerCommand {
    static let configuration = CommandConfiguration(
        commandName: "retry",
        abstract: "Build packages holding only the records an import failed on, and the records they need, from a conversion's packages.",
        discussion: """
            Reads what failed from verify's lists (--from-verify), F&O error files (--fo-errors) or Configuration Migration \
            import logs (--sales-log), and writes to-fo.zip and/or to-sales.zip, retry.json and not-found.csv into --out \
            (default RUN/retry; see docs/retry.md). Exit status: 0 every record named was found; 1 some are not in the \
            conversion's packages (the packages are still written); 2 bad options or unreadable input. Each run, failed or \
            not, is appended to the migration ledger airlock-ledger.jsonl beside RUN (docs/ledger.md).
            """)

    @Option(name: .customLong("run"), help: "The output folder of airlock convert (report.json, to-fo.zip, to-sales.zip).")
    var run: String

    @Option(
        name: .customLong("from-verify"),
        help: "A list verify wrote: its missing.csv (or drifted.csv, to send drifted records again); repeat for several.")
    var verifyLists: [String] = []

    @Option(
        name: .customLong("fo-errors"),
        help:
            "An F&O staging error file or target error keys file (CSV, any encoding; or a package of them), as FILE or ENTITY=FILE; repeat for several."
    )
    var foErrors: [String] = []

    @Option(name: .customLong("sales-log"), help: "A Configuration Migration import log (ImportDataDetail.log); repeat for several.")
    var salesLogs: [String] = []

    @Option(help: "The regular expression a log line must match to count as a failure (default: the words fail, failed, failure or error).")
    var failurePattern: String?

    @Option(help: "The output folder (default: RUN/retry; created; must be empty unless --force).")
    var out: String?

    @Flag(help: "Replace a non-empty --out.")
    var force = false

    @Flag(help: "Send only the records named, not the records they need (their header, customer, lookups).")
    var withoutParents = false

    @Flag(help: "Print retry.json to stdout instead of the summary.")
    var json = false

    @Option(name: .customLong("catalog"), help: "A schema catalog extension file (YAML); repeat for several.")
    var catalogFiles: [String] = []

    @OptionGroup var ledger: LedgerArguments

    func validate() throws {
        if verifyLists.isEmpty, foErrors.isEmpty, salesLogs.isEmpty {
            throw ValidationError("give what failed: --from-verify, --fo-errors or --sales-log")
        }
    }

    func run(output: CommandOutput, arguments: [String]) throws {
        let retry = RetrialOptions(
            runDirectory: run, verifyLists: verifyLists, foErrorFiles: foErrors, salesLogs: salesLogs, failurePattern: failurePattern,
            outputDirectory: out, force: force, withParents: !withoutParents)
        let options = RetryOptions(
            retry: retry, catalogFiles: catalogFiles, json: json, ledger: ledger.options(arguments: arguments))
        let result = try RetryPipeline.run(options) { line in output.writeError("airlock: \(line)\n") }
        output.write(result.text)
        if let problem = result.problem { output.writeError("airlock: \(problem)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}
