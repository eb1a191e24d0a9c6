/// A CSV file written record by record: the one place where Airlock's lists are opened, encoded
/// (`TextEncodingWriter`), quoted (`CSVWriter`) and closed — `convert`'s reject files, `verify`'s missing and
/// drifted lists, `retry`'s not-found list, `diff`'s `deleted.csv` and delta spools.
///
/// UTF-8 with BOM (so that a spreadsheet shows accents) and CR LF by default; a file is replaced when it exists.
/// Used from one thread.
public final class CSVFileWriter {
    /// The file's path.
    public let path: String
    private let sink: FileByteSink
    private let csv: CSVWriter
    /// The records written after the header.
    public private(set) var records = 0

    /// A new file at `path` in `encoding`, laid out as `dialect`, whose first record is `header` when it is given.
    /// - Throws: `AirlockError(.io)` when the file cannot be created or written.
    public init(path: String, encoding: TextEncoding = .utf8BOM, dialect: CSVDialect = .standard, header: [String]? = nil) throws {
        self.path = path
        sink = try FileByteSink(path: path)
        csv = CSVWriter(try TextEncodingWriter(sink: sink, encoding: encoding), dialect: dialect)
        if let header { try csv.writeRecord(header) }
    }

    /// Writes a whole record of text fields.
    public func writeRecord(_ fields: [String]) throws {
        try csv.writeRecord(fields)
        records += 1
    }

    /// Appends one field (UTF-8 bytes) to the current record.
    public func writeField(_ bytes: UnsafeRawBufferPointer) throws {
        try csv.writeField(bytes)
    }

    /// Appends one field given as text to the current record.
    public func writeField(_ text: String) throws {
        try csv.writeField(text)
    }

    /// Ends the current record.
    public func endRecord() throws {
        try csv.endRecord()
        records += 1
    }

    /// Appends bytes that are already whole records in this file's encoding and dialect (the rows another
    /// `CSVFileWriter` wrote without a header), after everything written so far.
    public func appendEncoded(_ bytes: UnsafeRawBufferPointer) throws {
        try csv.flush()
        try sink.write(bytes)
    }

    /// Writes what is buffered and closes the file.
    public func close() throws {
        try csv.flush()
        try sink.close()
    }
}
