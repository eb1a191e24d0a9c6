/// What a retry gave: its report, what to show, and the exit status.
public struct RetryResult: Sendable {
    public var report: RetryReport
    /// The folder written.
    public var outputDirectory: String
    /// What to show on standard output: the summary or retry.json; line ends included.
    public var text: String
    /// Why the run failed on the data, as one line for standard error (nil when it did not).
    public var problem: String?
    /// `.dataErrors` when an input names records the conversion did not send.
    public var status: ExitStatus

    public init(report: RetryReport, outputDirectory: String, text: String, problem: String?, status: ExitStatus) {
        self.report = report
        self.outputDirectory = outputDirectory
        self.text = text
        self.problem = problem
        self.status = status
    }
}
