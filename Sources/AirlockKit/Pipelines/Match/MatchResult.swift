/// What a match run gave.
public struct MatchResult: Sendable {
    /// The counts, as `match.json` holds them.
    public var report: MatchReport
    /// The summary or the JSON, to show on standard output (line end included).
    public var text: String
    /// `.success`: pairs to review and unmatched records are results, not failures.
    public var status: ExitStatus

    public init(report: MatchReport, text: String, status: ExitStatus) {
        self.report = report
        self.text = text
        self.status = status
    }
}
