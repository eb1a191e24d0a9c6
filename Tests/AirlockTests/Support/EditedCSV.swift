import AirlockKit
import Foundation

/// A CSV file a person edited, written from rows by column name (a reviewed `matches.csv`, an edited `keymap.csv`).
enum EditedCSV {
    /// Writes `rows` under `header` to `path` (a column a row lacks is empty) and returns `path`; `encoding` and
    /// `dialect` as a spreadsheet saved it (Excel in a German locale: `;`).
    @discardableResult
    static func write(
        _ rows: [[String: String]], header: [String], to path: String, encoding: TextEncoding = .utf8BOM, dialect: CSVDialect = .standard
    ) throws -> String {
        let writer = try CSVFileWriter(path: path, encoding: encoding, dialect: dialect, header: header)
        for row in rows { try writer.writeRecord(header.map { row[$0] ?? "" }) }
        try writer.close()
        return path
    }
}
