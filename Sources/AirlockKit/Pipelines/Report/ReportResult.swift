/// What rendering a saved report gave.
public struct ReportResult: Sendable {
    /// The report read.
    public var document: ReportDocument
    /// Where the page was written.
    public var htmlPath: String
    /// The size of the page in bytes.
    public var byteCount: Int
    /// What to show on standard output: for a ledger its timeline, then `Wrote … (… bytes).`; line ends included.
    public var text: String
    /// Why the report fails (one line for standard error): a ledger whose chain is broken; nil otherwise.
    public var problem: String?
    /// `.dataErrors` for a ledger whose chain is broken, else `.success`.
    public var status: ExitStatus

    public init(
        document: ReportDocument, htmlPath: String, byteCount: Int, text: String, problem: String? = nil, status: ExitStatus = .success
    ) {
        self.document = document
        self.htmlPath = htmlPath
        self.byteCount = byteCount
        self.text = text
        self.problem = problem
        self.status = status
    }
}
