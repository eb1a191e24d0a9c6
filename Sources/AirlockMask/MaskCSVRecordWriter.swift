import AirlockIO
import AirlockPackages

/// Writes a masked delimited F&O entity file in its own delimiter and encoding (a file read in a code page is written
/// as UTF-8 with a byte-order mark, as the package writer writes a table); a clear value's bytes copied as read.
final class MaskCSVRecordWriter: MaskRecordWriter {
    private let sink: ByteSink
    /// Whether the file is read in a code page (`--fo-encoding`), so that it is written as UTF-8 with a BOM.
    private let readInCodePage: Bool
    private var csv: CSVWriter?
    /// The file's header text.
    private var header: [String] = []
    private var wroteHeader = false

    init(sink: ByteSink, readInCodePage: Bool) {
        self.sink = sink
        self.readInCodePage = readInCodePage
    }

    func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        guard case .delimited(let delimiter, _) = format else { return }
        let written: TextEncoding = readInCodePage && encoding == .utf8 ? .utf8BOM : encoding
        csv = CSVWriter(try TextEncodingWriter(sink: sink, encoding: written), dialect: CSVDialect(delimiter: delimiter))
    }

    func addColumn(_ name: String) throws {
        header.append(name)
    }

    func beginRecord(_ record: some FORecordView, line: Int) throws {
        try writeHeader()
    }

    func field(_ text: String?, at index: Int) throws {
        try csv?.writeField(text ?? "")
    }

    func field(bytes: UnsafeRawBufferPointer?, at index: Int) throws {
        try csv?.writeField(bytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
    }

    func endRecord() throws {
        try csv?.endRecord()
    }

    func finish() throws {
        try writeHeader()
        try csv?.flush()
    }

    private func writeHeader() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try csv?.writeRecord(header)
    }
}
