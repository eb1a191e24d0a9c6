/// What validating a package gave.
public struct ValidateResult: Sendable {
    /// The findings.
    public var report: ValidationReport
    /// The HTML page written, if one was asked for.
    public var htmlPath: String?
    /// The report as text or JSON, to show on standard output (line end included).
    public var text: String
    /// `.dataErrors` when the package has errors, `.success` otherwise (warnings allowed).
    public var status: ExitStatus

    public init(report: ValidationReport, htmlPath: String?, text: String, status: ExitStatus) {
        self.report = report
        self.htmlPath = htmlPath
        self.text = text
        self.status = status
    }
}
