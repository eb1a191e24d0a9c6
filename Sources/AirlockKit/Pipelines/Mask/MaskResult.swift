/// What `airlock mask` did and what to show.
public struct MaskResult: Sendable {
    /// What was masked, checked and written (`mask.json`'s content).
    public var report: MaskReport
    /// The summary (or mask.json with `--json`); line ends included.
    public var text: String

    public init(report: MaskReport, text: String) {
        self.report = report
        self.text = text
    }
}
