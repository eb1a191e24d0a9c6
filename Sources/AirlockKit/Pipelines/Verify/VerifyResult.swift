/// What a verification gave: its report, what to show, and the exit status.
public struct VerifyResult: Sendable {
    public var report: VerificationReport
    /// The folder written.
    public var outputDirectory: String
    /// What to show on standard output: the summary or verify.json; line ends included.
    public var text: String
    /// Why the run failed on the data, as one line for standard error (nil when it did not).
    public var problem: String?
    /// `.dataErrors` when a record is missing, drifted (unless allowed) or not verified on a side given, or when
    /// something found is not proven (a field sent that the export does not carry).
    public var status: ExitStatus

    public init(report: VerificationReport, outputDirectory: String, text: String, problem: String?, status: ExitStatus) {
        self.report = report
        self.outputDirectory = outputDirectory
        self.text = text
        self.problem = problem
        self.status = status
    }
}
