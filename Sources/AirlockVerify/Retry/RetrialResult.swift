import AirlockReport

/// What `Retrier.run` wrote (the pipeline's is `RetryResult`).
public struct RetrialResult: Sendable {
    public var report: RetryReport
    /// The folder the packages, `retry.json` and `not-found.csv` were written to.
    public var outputDirectory: String

    public init(report: RetryReport, outputDirectory: String) {
        self.report = report
        self.outputDirectory = outputDirectory
    }
}
