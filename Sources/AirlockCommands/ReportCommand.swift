import ArgumentParser

/// `airlock report`: see `ReportPipeline`.
struct ReportCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Make the HTML page of a saved report: report.json of convert, verify.json of verify, the --json output of validate, or a migration ledger.",
        discussion: """
            The page is one self-contained file (no scripts, fonts or styles fetched), readable offline and printable. \
            When a rejects/ folder sits next to report.json, the first rows of each reject file are shown as examples. \
            For a migration ledger (airlock-ledger.jsonl) the timeline of its runs is printed too, and its chain checked \
            (docs/ledger.md). Exit status: 0 written; 1 the ledger's chain is broken (the page is written all the same); \
            2 the file is not such a report or the page cannot be written.
            """)

    @Argument(
        help: "The saved report (report.json, verify.json, a file holding the output of airlock validate --json, or airlock-ledger.jsonl).")
    var report: String

    @Option(
        name: .customLong("html"),
        help: "Where to write the page (default: report.html, verify.html or airlock-ledger.html next to the report).")
    var html: String?

    func run(output: CommandOutput) throws {
        let result = try ReportPipeline.run(ReportOptions(reportPath: report, htmlPath: html))
        output.write(result.text)
        if let problem = result.problem { output.writeError("airlock: \(problem)\n") }
        if result.status != .success { throw ExitCode(result.status.rawValue) }
    }
}
