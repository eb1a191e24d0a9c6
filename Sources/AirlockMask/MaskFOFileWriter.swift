import AirlockIO
import AirlockModel
import AirlockPackages

/// One F&O entity file masked as it streams: each record written again at once, its masked columns replaced, the
/// others byte for byte, in the file's own delimiter and encoding (a file read in a code page is written as UTF-8
/// with a byte-order mark, as the package writer writes a table). Nothing is held but the masks made.
struct MaskFOFileWriter: FORecordConsumer {
    private(set) var table: MaskTable
    /// The entity field a file column stands for (the manifest's field map), which the policy names.
    private let entityField: (String) -> String
    private let sink: ByteSink?
    /// Whether the file is read in a code page (`--fo-encoding`), so that it is written as UTF-8 with a BOM.
    private let readInCodePage: Bool
    private var csv: CSVWriter?
    /// The file's header text and each file column's position in `table`.
    private var header: [String] = []
    private var positions: [Int] = []
    /// The file column of each position in `table` (made once, for dates kept in parts).
    private var fileIndexes: [Int: Int] = [:]
    private var wroteHeader = false
    private(set) var records = 0

    init(table: MaskTable, entityField: @escaping (String) -> String, sink: ByteSink?, readInCodePage: Bool) {
        self.table = table
        self.entityField = entityField
        self.sink = sink
        self.readInCodePage = readInCodePage
    }

    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        guard let sink, case .delimited(let delimiter, _) = format else { return }
        let written: TextEncoding = readInCodePage && encoding == .utf8 ? .utf8BOM : encoding
        csv = CSVWriter(try TextEncodingWriter(sink: sink, encoding: written), dialect: CSVDialect(delimiter: delimiter))
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        header.append(name)
        positions.append(table.column(named: entityField(name)))
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        try writeHeader()
        records += 1
        // A CSV record's fields split once, not per value.
        if let csv = record as? CSVRecord { try csv.withFields { try write($0) } } else { try write(record) }
    }

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
                try csv?.writeField(text)
            } else if table.isMasked(position) {
                let value = record.withValue(index) { $0.map { String(decoding: $0, as: UTF8.self) } }
                let masked = value.map { table.mask($0, at: position) }
                try csv?.writeField(masked ?? "")
            } else {
                try record.withValue(index) { bytes in
                    if let bytes, let replaced = table.scan(bytes, at: position) {
                        try csv?.writeField(replaced)
                    } else {
                        try csv?.writeField(bytes ?? UnsafeRawBufferPointer(start: nil, count: 0))
                    }
                }
            }
        }
        try csv?.endRecord()
    }

    /// Writes the header of a file without records, and flushes.
    mutating func finish() throws {
        try writeHeader()
        try csv?.flush()
    }

    private mutating func writeHeader() throws {
        guard !wroteHeader else { return }
        wroteHeader = true
        try csv?.writeRecord(header)
    }
}
