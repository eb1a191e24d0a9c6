import AirlockIO
import AirlockModel
import AirlockPackages

/// One entity's delta file, written as records come: the header row on the first record, then every created or
/// changed record with all the new file's columns, in the new file's layout (delimiter and encoding of a delimited
/// file; UTF-8 with BOM and commas for an XML or workbook file).
final class FODeltaSpool {
    let path: String
    let header: [String]
    let encoding: TextEncoding
    let dialect: CSVDialect
    private var csv: CSVFileWriter?
    private(set) var records = 0

    init(path: String, header: [String], encoding: TextEncoding, dialect: CSVDialect) {
        self.path = path
        self.header = header
        self.encoding = encoding
        self.dialect = dialect
    }

    /// Appends one record's values (all `header.count` columns).
    func append(_ record: some FORecordView) throws {
        let writer = try open()
        for column in header.indices {
            try record.withValueIfAny(column) { bytes in
                try writer.writeField(bytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
            }
        }
        try writer.endRecord()
        records += 1
    }

    /// Flushes and closes the file (when a record was written).
    func close() throws {
        try csv?.close()
        csv = nil
    }

    private func open() throws -> CSVFileWriter {
        if let csv { return csv }
        let writer = try CSVFileWriter(path: path, encoding: encoding, dialect: dialect, header: header)
        self.csv = writer
        return writer
    }
}
