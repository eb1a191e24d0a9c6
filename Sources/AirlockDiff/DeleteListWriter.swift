import AirlockIO

/// Writes `deleted.csv`: UTF-8 with BOM (so a spreadsheet shows accents), CR LF, a header row, one line per
/// deleted record in `DeletedRecord.precedes` order.
///
/// Columns: `entity`, `company` (F&O `DATAAREAID`), `record_id` (CMT), `name` (CMT primary name), `key_fields` (the
/// key's field names joined by `+`), then `key_1` … `key_N`, one per key part (N: the longest key listed; 1 when
/// the list is empty).
enum DeleteListWriter {
    static func write(_ records: [DeletedRecord], to path: String) throws {
        let sorted = records.sorted(by: DeletedRecord.precedes)
        let parts = max(1, sorted.map(\.keyValues.count).max() ?? 1)
        let csv = try CSVFileWriter(
            path: path, header: ["entity", "company", "record_id", "name", "key_fields"] + (1...parts).map { "key_\($0)" })
        for record in sorted {
            let values = record.keyValues + Array(repeating: "", count: parts - record.keyValues.count)
            try csv.writeRecord(
                [record.entity, record.company ?? "", record.recordID ?? "", record.name ?? "", record.keyFields.joined(separator: "+")]
                    + values)
        }
        try csv.close()
    }
}
