/// What comparing two exports gave.
public struct DiffResult: Sendable {
    /// The counts, as `diff.json` holds them.
    public var report: DiffReport
    /// The summary or the JSON, to show on standard output (line end included).
    public var text: String
    /// `.success`: a diff finds differences, it does not fail on them.
    public var status: ExitStatus

    public init(report: DiffReport, text: String, status: ExitStatus) {
        self.report = report
        self.text = text
        self.status = status
    }
}
