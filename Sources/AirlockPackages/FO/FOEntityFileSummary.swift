import AirlockIO

/// What reading one entity file found: its layout, encoding, columns and record count, plus anything odd.
public struct FOEntityFileSummary: Sendable, Equatable {
    /// The zip entry or file read.
    public var member: String
    public var format: FODataFormat
    /// The detected text encoding (nil for Excel workbooks).
    public var encoding: TextEncoding?
    /// The single-byte code page the file was read in (`--fo-encoding`), nil when it was read as `encoding` says.
    public var codePage: SingleByteCodePage?
    /// Column names as they appear in the file.
    public var columns: [String]
    public var records: Int
    /// Problems that did not stop reading (e.g. a row with more fields than the header).
    public var warnings: [String]
    /// Delimited text: how many records end with a bare LF instead of CR LF, and the line of the first.
    public var lineFeedEndings = 0
    public var firstLineFeedEnding: Int?

    public init(member: String, format: FODataFormat, encoding: TextEncoding?, columns: [String], records: Int, warnings: [String] = []) {
        self.member = member
        self.format = format
        self.encoding = encoding
        self.columns = columns
        self.records = records
        self.warnings = warnings
    }
}
