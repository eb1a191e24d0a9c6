/// What validating a package gave.
public struct ValidateResult: Sendable {
    /// The findings.
    public var report: ValidationReport
    /// The HTML page written, if one was asked for.
    public var htmlPath: String?
    /// The report as text or JSON, to show on standard output (line end included).
    public var text: String
    /// `.dataErrors` when the package has errors, `.success` otherwise (warnings allowed), `.usageOrEnvironmentError`
    /// when a file of it could not be read.
    public var status: ExitStatus
    /// With `.usageOrEnvironmentError`: the one line for standard error that names the first file that could not be
    /// read, where and why (the report on standard output has every finding).
    public var refusal: String?

    public init(report: ValidationReport, htmlPath: String?, text: String, status: ExitStatus, refusal: String? = nil) {
        self.report = report
        self.htmlPath = htmlPath
        self.text = text
        self.status = status
        self.refusal = refusal
    }
}
