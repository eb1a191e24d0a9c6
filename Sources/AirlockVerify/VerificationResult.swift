import AirlockReport

/// What a verification gave: its report and where it was written.
public struct VerificationResult: Sendable {
    public var report: VerificationReport
    /// The folder holding `verify.json`, `verify.html`, `missing.csv` and `drifted.csv`.
    public var outputDirectory: String

    public init(report: VerificationReport, outputDirectory: String) {
        self.report = report
        self.outputDirectory = outputDirectory
    }
}
