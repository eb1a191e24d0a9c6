/// What `airlock merge` made and what to show.
public struct MergeResult: Sendable {
    /// The merged run's report, as `convert` writes one.
    public var report: ConversionReport
    public var validations: [ValidationReport]
    /// True when a merged package failed validation: only the report was written.
    public var refused: Bool
    /// The summary (or report.json with `--json`).
    public var text: String
    /// What went wrong, for the error stream.
    public var problem: String?
    public var status: ExitStatus

    public init(
        report: ConversionReport, validations: [ValidationReport], refused: Bool, text: String, problem: String?, status: ExitStatus
    ) {
        self.report = report
        self.validations = validations
        self.refused = refused
        self.text = text
        self.problem = problem
        self.status = status
    }
}
