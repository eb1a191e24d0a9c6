import AirlockIO
import AirlockModel

/// Streams an F&O delimited entity file: detects the encoding from the BOM and the delimiter from the
/// header line, then hands every record to a consumer. The first row holds the column names.
struct FOCSVEntityScanner {
    let location: SourceLocation
    /// How a file without a byte-order mark is read.
    var fileEncoding: FOFileEncoding = .utf8
    /// What the records count as in the progress lines.
    var countsAs: RecordTally.Kind = .read
    var limits: CSVLimits = .default

    /// Reads the header and every record of `stream` into `consumer`.
    /// - Parameter unicode: whether the manifest declares a `-Unicode` format (recorded in the summary's format).
    /// - Throws: `AirlockError` for undecodable text, malformed CSV, or a record whose field count differs from the header's.
    func scan<Consumer: FORecordConsumer>(_ stream: ByteStream, unicode: Bool, into consumer: inout Consumer) throws -> FOEntityFileSummary
    {
        let text = try TextDecodingStream(stream, location: location, codePage: fileEncoding.codePage, hint: fileEncoding.hint)
        let peekable = PeekableByteStream(text)
        let delimiter = CSVDelimiterSniffer.sniff(try peekable.peek(64 * 1024))
        let reader = CSVReader(peekable, dialect: CSVDialect(delimiter: delimiter), limits: limits, location: location)
        var record = CSVRecord()
        var summary = FOEntityFileSummary(
            member: location.entry ?? "", format: .delimited(delimiter: delimiter, unicode: unicode),
            encoding: text.encoding, columns: [], records: 0)
        summary.codePage = text.codePage
        try consumer.beginFile(format: summary.format, encoding: text.encoding)
        guard try reader.next(into: &record) else {
            throw failure("the file is empty: an F&O entity file starts with a header row naming its columns", line: 1)
        }
        var names = record.fields.map { $0.trimmingASCIIWhitespace() }
        // Spreadsheets that re-save a CSV often leave trailing delimiters: empty names at the end of the header
        // are dropped (their fields must stay empty); an empty name elsewhere is an error.
        var trailingEmpty = 0
        while names.count > 1, names.last?.isEmpty == true {
            names.removeLast()
            trailingEmpty += 1
        }
        if trailingEmpty > 0 {
            summary.warnings.append(
                "the header row ends with \(trailingEmpty) empty column name\(trailingEmpty == 1 ? "" : "s") (trailing delimiters); ignored"
            )
        }
        summary.columns = names
        var seen = Set<String>()
        for (index, name) in names.enumerated() {
            if name.isEmpty {
                throw failure("column \(index + 1) of the header row has no name", line: record.line)
            }
            if !seen.insert(name.uppercased()).inserted {
                throw failure("the header row names column \(name) twice", line: record.line)
            }
            try consumer.addColumn(name, at: index)
        }
        let width = names.count
        var tally = RecordTally(countsAs)
        defer { tally.flush() }
        while try reader.next(into: &record) {
            tally.count()
            if record.count != width {
                guard record.count > width, record.count <= width + trailingEmpty,
                    (width..<record.count).allSatisfy({ record.withField($0) { $0.isEmpty } })
                else {
                    throw failure(
                        "the record has \(record.count) fields but the header row has \(width + trailingEmpty) (a delimiter inside an unquoted value, or a damaged line?)",
                        line: record.line)
                }
            }
            try consumer.consume(record, line: record.line)
            summary.records += 1
        }
        summary.lineFeedEndings = reader.lineFeedEndings
        summary.firstLineFeedEnding = reader.firstLineFeedEnding
        return summary
    }

    private func failure(_ message: String, line: Int) -> AirlockError {
        var place = location
        place.line = line
        return AirlockError(.malformedCSV, message, at: place)
    }
}
