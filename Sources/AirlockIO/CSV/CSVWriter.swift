/// Writes delimited text: a field is quoted only when it holds the delimiter, the quote, CR or LF (quotes
/// inside are doubled), and every record ends with the dialect's line ending (CR LF by default).
///
/// Output goes through a `TextEncodingWriter`, so the same writer produces UTF-8 (with or without BOM)
/// or UTF-16 LE (F&O's `CSV-Unicode`).
public final class CSVWriter {
    public let dialect: CSVDialect
    private let output: TextEncodingWriter
    private var fieldsInRecord = 0

    /// - Parameters:
    ///   - output: the encoded destination; its BOM is written when it is created.
    public init(_ output: TextEncodingWriter, dialect: CSVDialect = .standard) {
        self.output = output
        self.dialect = dialect
    }

    /// Appends one field to the current record.
    /// - Throws: the destination's error.
    public func writeField(_ bytes: UnsafeRawBufferPointer) throws {
        if fieldsInRecord > 0 { try output.writeASCII(dialect.delimiter) }
        fieldsInRecord += 1
        if needsQuotes(bytes) {
            try output.writeASCII(dialect.quote)
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] == dialect.quote {
                try output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...index]))
                try output.writeASCII(dialect.quote)
                runStart = index + 1
            }
            try output.write(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
            try output.writeASCII(dialect.quote)
        } else {
            try output.write(bytes)
        }
    }

    /// Appends one field given as text.
    public func writeField(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeField(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the current record.
    public func endRecord() throws {
        for byte in dialect.lineEnding { try output.writeASCII(byte) }
        fieldsInRecord = 0
    }

    /// Writes a whole record of text fields.
    public func writeRecord(_ fields: [String]) throws {
        for field in fields { try writeField(field) }
        try endRecord()
    }

    /// Writes everything still buffered to the destination.
    public func flush() throws {
        try output.flush()
    }

    private func needsQuotes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let delimiter = dialect.delimiter
        let quote = dialect.quote
        for byte in bytes where byte == delimiter || byte == quote || byte == 0x0A || byte == 0x0D {
            return true
        }
        return false
    }
}
