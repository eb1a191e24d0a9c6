/// What rendering a saved report gave.
public struct ReportResult: Sendable {
    /// The report read.
    public var document: ReportDocument
    /// Where the page was written.
    public var htmlPath: String
    /// The size of the page in bytes.
    public var byteCount: Int
    /// The line to show on standard output (`Wrote … (… bytes).`, line end included).
    public var text: String

    public init(document: ReportDocument, htmlPath: String, byteCount: Int, text: String) {
        self.document = document
        self.htmlPath = htmlPath
        self.byteCount = byteCount
        self.text = text
    }
}
