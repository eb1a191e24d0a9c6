import AirlockIO
import AirlockModel

extension ReportPage {
    /// Rows of `missing.csv` and `drifted.csv` shown on a verification's page by default (after the header).
    public static let verificationExampleRows = 20

    /// The page of a verification.
    /// - Parameter examples: `missing` and `drifted` → the first lines of each CSV (header first), e.g. from
    ///   `verificationExamples(in:)`.
    public static func html(verification: VerificationReport, examples: [String: [[String]]] = [:]) -> String {
        VerificationPage(report: verification, examples: examples).html
    }

    /// The first `rows` records (after the header) of `missing.csv` and `drifted.csv` in `folder`, as `missing` and
    /// `drifted`. A missing file gives none; an unreadable one what could be read before the problem.
    public static func verificationExamples(in folder: String, rows: Int = verificationExampleRows) -> [String: [[String]]] {
        var examples: [String: [[String]]] = [:]
        for (name, file) in [("missing", RunLayout.missingList), ("drifted", RunLayout.driftedList)] {
            let records = csvRecords(folder + "/" + file, rows: rows)
            if !records.isEmpty { examples[name] = records }
        }
        return examples
    }

    /// The header and the first `rows` records of the CSV file at `path` (none when it cannot be opened).
    static func csvRecords(_ path: String, rows: Int) -> [[String]] {
        let location = SourceLocation(file: path)
        var records: [[String]] = []
        do {
            let reader = try CSVReader(
                TextDecodingStream(FileByteStream(path: path, location: location), location: location), location: location)
            var record = CSVRecord()
            while records.count <= rows, try reader.next(into: &record) { records.append(record.fields) }
        } catch {
            // Examples are a courtesy: keep what was read.
        }
        return records
    }
}
