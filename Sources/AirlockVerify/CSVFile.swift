import AirlockIO

/// A CSV file `verify` writes: UTF-8 with BOM, CRLF, a header row first (as `convert`'s reject files).
struct CSVFile {
    let sink: FileByteSink
    let text: TextEncodingWriter
    let writer: CSVWriter

    init(path: String, header: [String]) throws {
        sink = try FileByteSink(path: path)
        text = try TextEncodingWriter(sink: sink, encoding: .utf8BOM)
        writer = CSVWriter(text)
        try writer.writeRecord(header)
    }

    /// Flushes and closes the file.
    func close() throws {
        try writer.flush()
        try text.flush()
        try sink.close()
    }
}
