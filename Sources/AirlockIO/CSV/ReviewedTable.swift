import AirlockModel

/// A CSV file a person may have edited (a reviewed `matches.csv`, a `keymap.csv`): any BOM and UTF-16 read,
/// the delimiter found from the header line (an Excel re-save in a locale that writes `;`), and the header held to
/// the columns the file must have, so that an edited, renamed or missing column is refused rather than read wrong.
package struct ReviewedTable {
    package var header: [String]
    /// Rows with their line numbers, blank rows left out.
    package var rows: [(line: Int, values: [String])]
    package var path: String

    /// Reads `path`, whose header must be `columns` exactly (names compared without case); a file without a
    /// byte-order mark in `codePage` when given (else UTF-8, an invalid byte's error ending with `hint`).
    /// - Throws: `AirlockError(.usage)` naming the file and the first column that differs.
    package init(path: String, columns: [String], what: String, codePage: SingleByteCodePage? = nil, hint: String? = nil) throws {
        let location = SourceLocation(file: path)
        let stream = try FileByteStream(path: path, location: location)
        let bytes = try TextDecodingStream(stream, location: location, codePage: codePage, hint: hint).readAll()
        let firstLine = Array(bytes.prefix { $0 != 0x0A && $0 != 0x0D })
        let reader = CSVReader(
            MemoryByteStream(bytes), dialect: CSVDialect(delimiter: CSVDelimiterSniffer.sniff(firstLine)), location: location)
        var record = CSVRecord()
        guard try reader.next(into: &record) else {
            throw AirlockError(.usage, "the \(what) is empty: it needs the header \(columns.joined(separator: ","))", at: location)
        }
        header = (0..<record.count).map { record.field($0).trimmingASCIIWhitespace() }
        for (index, column) in columns.enumerated() {
            var at = location
            at.line = 1
            at.column = index + 1
            guard index < header.count else {
                throw AirlockError(
                    .usage,
                    "the \(what) has no column \(column): its header must be \(columns.joined(separator: ",")) (columns are not to be edited)",
                    at: at)
            }
            guard header[index].lowercased() == column.lowercased() else {
                throw AirlockError(
                    .usage,
                    "the \(what)'s column \(index + 1) is \"\(header[index])\" where \(column) belongs: its header must be \(columns.joined(separator: ",")) (columns are not to be edited, added or moved)",
                    at: at)
            }
        }
        if header.count > columns.count {
            var at = location
            at.line = 1
            at.column = columns.count + 1
            throw AirlockError(
                .usage,
                "the \(what) has a column \"\(header[columns.count])\" it does not take: its header must be \(columns.joined(separator: ","))",
                at: at)
        }
        var rows: [(line: Int, values: [String])] = []
        while try reader.next(into: &record) {
            let values = (0..<record.count).map { record.field($0) }
            if values.allSatisfy({ $0.trimmingASCIIWhitespace().isEmpty }) { continue }
            rows.append((record.line, values))
        }
        self.rows = rows
        self.path = path
    }

    /// Field `column` of `values`, trimmed ("" past the end).
    package static func field(_ values: [String], _ column: Int) -> String {
        column < values.count ? values[column].trimmingASCIIWhitespace() : ""
    }
}
