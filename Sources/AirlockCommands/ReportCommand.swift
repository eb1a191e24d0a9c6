import ArgumentParser

/// `airlock report`: see `ReportPipeline`.
struct ReportCommand: OutputCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Make the HTML page of a saved report: report.json of convert, verify.json of verify, or the --json output of validate.",
        discussion: """
            The page is one self-contained file (no scripts, fonts or styles fetched), readable offline and printable. \
            When a rejects/ folder sits next to report.json, the first rows of each reject file are shown as examples. \
            Exit status: 0 written; 2 the file is not such a report or the page cannot be written.
            """)

    @Argument(help: "The saved report (report.json, or a file holding the output of airlock validate --json).")
    var report: String

    @Option(name: .customLong("html"), help: "Where to write the page (default: report.html next to the report).")
    var html: String?

    func run(output: CommandOutput) throws {
        output.write(try ReportPipeline.run(ReportOptions(reportPath: report, htmlPath: html)).text)
    }
}
