import AirlockIO
import AirlockModel

/// Writes the rows of `missing.csv` or `drifted.csv` as they are found (UTF-8, CRLF), so their size never sits in
/// memory; `Verifier` puts the header and the rows together.
final class RecordListWriter {
    private let sink: FileByteSink
    private let text: TextEncodingWriter
    private let csv: CSVWriter
    /// Rows written.
    private(set) var rows = 0

    /// A writer of rows without a header, into a new file at `path`.
    init(path: String) throws {
        sink = try FileByteSink(path: path)
        text = try TextEncodingWriter(sink: sink, encoding: .utf8)
        csv = CSVWriter(text)
    }

    /// Writes one row.
    func write(_ fields: [String]) throws {
        try csv.writeRecord(fields)
        rows += 1
    }

    /// Flushes and closes the file.
    func close() throws {
        try csv.flush()
        try text.flush()
        try sink.close()
    }
}
