import AirlockIO
import AirlockModel
import AirlockPackages

/// One F&O entity file masked as it streams: each record written again at once, its masked columns replaced, the
/// others as read (their bytes copied). What each field becomes is decided here (`write(_:)`); how a record is laid
/// out in the file's own format, by `output` (`MaskRecordWriter`). Nothing is held but the masks made.
struct MaskFOFileWriter: FORecordConsumer {
    private(set) var table: MaskTable
    /// The entity field a file column stands for (the manifest's field map), which the policy names.
    private let entityField: (String) -> String
    /// Where the records go; nil when nothing is written (`--plan`), only counted.
    private let output: (any MaskRecordWriter)?
    /// Each file column's position in `table`.
    private var positions: [Int] = []
    /// The file column of each position in `table` (made once the columns are known, for dates kept in parts).
    private var fileIndexes: [Int: Int] = [:]
    private(set) var records = 0

    init(table: MaskTable, entityField: @escaping (String) -> String, output: (any MaskRecordWriter)?) {
        self.table = table
        self.entityField = entityField
        self.output = output
    }

    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        try output?.beginFile(format: format, encoding: encoding)
    }

    mutating func beginDocument(root: String) throws {
        try output?.beginDocument(root: root)
    }

    mutating func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws {
        try output?.beginSheet(named: name, styles: styles)
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        try output?.addColumn(name)
        positions.append(table.column(named: entityField(name)))
        // An XML file names new columns as it goes: made again when next needed.
        fileIndexes = [:]
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        try output?.beginRecord(record, line: line)
        records += 1
        // A CSV record's fields split once, not per value.
        if let csv = record as? CSVRecord { try csv.withFields { try write($0) } } else { try write(record) }
        try output?.endRecord()
    }

    /// Each field of `record`, in file column order: a date's parts moved with their group, a masked column's value
    /// masked, a clear one copied as read (and read for values that look personal).
    private mutating func write(_ record: some FORecordView) throws {
        var dateParts: [Int: String] = [:]
        if table.hasDateParts {
            if fileIndexes.isEmpty {
                fileIndexes = Dictionary(positions.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            }
            let indexes = fileIndexes
            dateParts = table.maskDateParts { position in
                indexes[position].flatMap { index in record.withValue(index) { $0.map { String(decoding: $0, as: UTF8.self) } } }
            }
        }
        for (index, position) in positions.enumerated() {
            if let text = dateParts[position] {
                try output?.field(text, at: index)
            } else if table.isMasked(position) {
                let value = record.withValue(index) { $0.map { String(decoding: $0, as: UTF8.self) } }
                let masked = value.map { table.mask($0, at: position) }
                try output?.field(masked, at: index)
            } else {
                try record.withValue(index) { bytes in
                    if let bytes, let replaced = table.scan(bytes, at: position) {
                        try output?.field(replaced, at: index)
                    } else {
                        try output?.field(bytes: bytes, at: index)
                    }
                }
            }
        }
    }

    /// Ends the file (the header of a file without records) and flushes.
    mutating func finish() throws {
        try output?.finish()
    }
}
