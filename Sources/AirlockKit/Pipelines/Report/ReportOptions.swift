/// Which saved report to render and where (`airlock report`).
public struct ReportOptions: Sendable, Hashable {
    /// The saved report: report.json of convert, verify.json of verify, a file holding the output of
    /// `airlock validate --json`, or a migration ledger (`airlock-ledger.jsonl`).
    public var reportPath: String
    /// Where to write the page; nil: `report.html` next to the report.
    public var htmlPath: String?

    public init(reportPath: String, htmlPath: String? = nil) {
        self.reportPath = reportPath
        self.htmlPath = htmlPath
    }
}
