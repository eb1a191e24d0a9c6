import AirlockIO
import AirlockModel
import AirlockPackages

/// Writes `rejects/<flow>.csv`: UTF-8 with BOM, CRLF, one record per rejected source record, columns `reason`,
/// `field`, `message` (with the record's other problems after ` | also `), then the source record's own columns (its natural key among them; a Sales record's
/// lookups as the referenced GUIDs).
enum RejectFileWriter {
    static func write(_ output: FlowOutput, to path: String) throws {
        let source = output.source
        let columns = source.columns.indices.filter {
            source.columns[$0].name == CMTRecordTable.idColumn || !CMTRecordTable.isAttributeColumn(source.columns[$0].name)
        }
        let csv = try CSVFileWriter(
            path: path,
            header: ["reason", "field", "message"]
                + columns.map { source.columns[$0].name == CMTRecordTable.idColumn ? "id" : source.columns[$0].name })
        for reject in output.rejects {
            try csv.writeField(reject.reason.rawValue)
            try csv.writeField(reject.field)
            try csv.writeField(reject.fullMessage)
            for column in columns { try csv.writeField(source.value(row: reject.sourceRow, column: column) ?? "") }
            try csv.endRecord()
        }
        try csv.close()
    }

    /// Writes `rejects/unresolved-lookups.csv`: UTF-8 with BOM, CRLF, one line per second-pass lookup that found no
    /// record, columns `file` (the package the record is in), `flow`, `entity`, `id`, `key`, `field`, `value`
    /// (the business key looked for), `lookup` (what was searched), in run order and then source order.
    static func writeUnresolved(_ outputs: [FlowOutput], to path: String) throws {
        let csv = try CSVFileWriter(path: path, header: ["file", "flow", "entity", "id", "key", "field", "value", "lookup"])
        for output in outputs {
            for entry in output.unresolved {
                try csv.writeRecord([
                    RunLayout.salesPackage, output.template.name, output.template.target.entity, entry.id, entry.key, entry.field,
                    entry.value, entry.target,
                ])
            }
        }
        try csv.close()
    }
}
