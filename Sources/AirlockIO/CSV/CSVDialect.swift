/// How a delimited text file is laid out: delimiter, quote character and line ending.
public struct CSVDialect: Sendable, Equatable {
    /// The field separator (`,` by default; F&O formats may use `;`, tab, `|` or `:`).
    public var delimiter: UInt8
    /// The text qualifier.
    public var quote: UInt8
    /// The record terminator written by `CSVWriter` (F&O requires CR LF); the reader accepts CR LF, LF and CR.
    public var lineEnding: [UInt8]

    public init(delimiter: UInt8 = UInt8(ascii: ","), quote: UInt8 = UInt8(ascii: "\""), lineEnding: [UInt8] = [0x0D, 0x0A]) {
        self.delimiter = delimiter
        self.quote = quote
        self.lineEnding = lineEnding
    }

    /// Comma, double quote, CR LF: RFC 4180 and F&O's `CSV` / `CSV-Unicode`.
    public static let standard = CSVDialect()
}
