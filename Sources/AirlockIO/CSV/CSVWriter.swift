import AirlockModel

/// Writes delimited text: a field is quoted only when it holds the delimiter, the quote, CR or LF (quotes
/// inside are doubled), and every record ends with the dialect's line ending (CR LF by default).
///
/// Output goes through a `TextEncodingWriter`, so the same writer produces UTF-8 (with or without BOM)
/// or UTF-16 LE (F&O's `CSV-Unicode`).
public final class CSVWriter {
    public let dialect: CSVDialect
    private let output: TextEncodingWriter
    private var fieldsInRecord = 0
    /// The record being written, as UTF-8: it goes to `output` whole when it ends, so that encoding it (UTF-16
    /// above all) is one call per record, not several per field. A writer is used from one thread, so its state
    /// is not checked for exclusive access at run time.
    @exclusivity(unchecked) private var line = ByteStore(capacity: 4096)

    /// - Parameters:
    ///   - output: the encoded destination; its BOM is written when it is created.
    public init(_ output: TextEncodingWriter, dialect: CSVDialect = .standard) {
        self.output = output
        self.dialect = dialect
    }

    /// Appends one field to the current record.
    /// - Throws: the destination's error.
    public func writeField(_ bytes: UnsafeRawBufferPointer) throws {
        if fieldsInRecord > 0 { line.append(dialect.delimiter) }
        fieldsInRecord += 1
        if needsQuotes(bytes) {
            line.append(dialect.quote)
            var runStart = 0
            for index in 0..<bytes.count where bytes[index] == dialect.quote {
                line.append(UnsafeRawBufferPointer(rebasing: bytes[runStart...index]))
                line.append(dialect.quote)
                runStart = index + 1
            }
            line.append(UnsafeRawBufferPointer(rebasing: bytes[runStart...]))
            line.append(dialect.quote)
        } else {
            line.append(bytes)
        }
    }

    /// Appends one field given as text.
    public func writeField(_ text: String) throws {
        var text = text
        try text.withUTF8 { try writeField(UnsafeRawBufferPointer($0)) }
    }

    /// Ends the current record.
    /// - Throws: the destination's error, or an encoding error for text that is not UTF-8 (UTF-16 output).
    public func endRecord() throws {
        for byte in dialect.lineEnding { line.append(byte) }
        fieldsInRecord = 0
        try writeLine()
    }

    /// Writes a whole record of text fields.
    public func writeRecord(_ fields: [String]) throws {
        for field in fields { try writeField(field) }
        try endRecord()
    }

    /// `records` as text laid out as `dialect` (UTF-8, no BOM), for a list handed back as a string rather than
    /// written to a file (`CSVFileWriter`).
    public static func text(_ records: [[String]], dialect: CSVDialect = .standard) throws -> String {
        let sink = MemoryByteSink()
        let writer = CSVWriter(try TextEncodingWriter(sink: sink, encoding: .utf8), dialect: dialect)
        for record in records { try writer.writeRecord(record) }
        try writer.flush()
        return String(decoding: sink.bytes, as: UTF8.self)
    }

    /// Writes everything still buffered to the destination (a record not yet ended too).
    public func flush() throws {
        try writeLine()
        try output.flush()
    }

    private func writeLine() throws {
        guard !line.isEmpty else { return }
        defer { line.removeAll() }
        try line.withBytes { try output.write($0) }
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
