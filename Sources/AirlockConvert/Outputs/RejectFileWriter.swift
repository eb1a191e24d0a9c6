import AirlockIO
import AirlockModel
import AirlockPackages

/// Writes `rejects/<flow>.csv`: UTF-8 with BOM, CRLF, one record per rejected source record, columns `reason`,
/// `field`, `message` (with the record's other problems after ` | also `), then the source record's own columns (its natural key among them; a Sales record's
/// lookups as the referenced GUIDs).
enum RejectFileWriter {
    static func write(_ output: FlowOutput, to path: String) throws {
        let source = output.source
        let columns = sourceColumns(of: source)
        let csv = try CSVFileWriter(path: path, header: header(of: source))
        for reject in output.rejects { try csv.writeRecord(fields(of: reject, source: source, columns: columns).map { $0 ?? "" }) }
        try csv.close()
    }

    /// The source columns a reject file repeats: the record's id and its fields.
    static func sourceColumns(of source: Table) -> [Int] {
        source.columns.indices.filter {
            source.columns[$0].name == CMTRecordTable.idColumn || !CMTRecordTable.isAttributeColumn(source.columns[$0].name)
        }
    }

    /// The reject file's header for records of `source`.
    static func header(of source: Table) -> [String] {
        ["reason", "field", "message"]
            + sourceColumns(of: source).map { source.columns[$0].name == CMTRecordTable.idColumn ? "id" : source.columns[$0].name }
    }

    /// The fields of `reject`'s line, nil for an empty source value.
    static func fields(of reject: RejectEntry, source: Table, columns: [Int]) -> [String?] {
        [reject.reason.rawValue, reject.field, reject.fullMessage] + columns.map { source.value(row: reject.sourceRow, column: $0) }
    }

    /// Writes a reject file (or `unresolved-lookups.csv`) from a table of its lines, as `write` would.
    static func write(lines table: Table, to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: table.columnNames)
        for row in 0..<table.rowCount { try csv.writeRecord(table.row(row).map { $0 ?? "" }) }
        try csv.close()
    }

    /// `unresolved-lookups.csv`'s columns.
    static let unresolvedHeader = ["file", "flow", "entity", "id", "key", "field", "value", "lookup"]

    /// The fields of an unresolved lookup's line.
    static func fields(of entry: UnresolvedLookup, output: FlowOutput) -> [String?] {
        [
            RunLayout.salesPackage, output.template.name, output.template.target.entity, entry.id, entry.key, entry.field, entry.value,
            entry.target,
        ]
    }

    /// Writes `rejects/unresolved-lookups.csv`: UTF-8 with BOM, CRLF, one line per second-pass lookup that found no
    /// record, columns `file` (the package the record is in), `flow`, `entity`, `id`, `key`, `field`, `value`
    /// (the business key looked for), `lookup` (what was searched), in run order and then source order.
    static func writeUnresolved(_ outputs: [FlowOutput], to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: unresolvedHeader)
        for output in outputs {
            for entry in output.unresolved { try csv.writeRecord(fields(of: entry, output: output).map { $0 ?? "" }) }
        }
        try csv.close()
    }
}
