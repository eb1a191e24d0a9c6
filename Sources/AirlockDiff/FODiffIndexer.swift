import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Files the old export's records of one entity in a `DiffKeyIndex` as they stream past: key, digest, fingerprints.
struct FODiffIndexer: FORecordConsumer {
    let columns: FODiffColumns
    let location: SourceLocation
    var index: DiffKeyIndex
    private(set) var records = 0
    private var key = DiffKeyBuilder()
    private var digester = RecordDigester()
    /// The file's uncompressed size, and its text's bytes per character (2 in UTF-16), to size the index.
    private let fileSize: Int?
    private var bytesPerCharacter = 1
    /// Key and value bytes of the records read, until the index is sized.
    private var sampledBytes = 0
    private var sampledKeyBytes = 0

    /// Records read before the index is sized from the file's size.
    static let sample = 1024

    init(columns: FODiffColumns, location: SourceLocation, fileSize: Int? = nil) {
        self.columns = columns
        self.location = location
        self.fileSize = fileSize
        self.index = DiffKeyIndex(fieldCount: columns.compared.count)
    }

    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        if encoding.isUTF16 { bytesPerCharacter = 2 }
    }

    mutating func addColumn(_ name: String, at index: Int) throws {}

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        // A CSV record (most files) takes a path specialised for its fields seen in place, where reading a value
        // is inlined.
        if let csv = record as? CSVRecord { try csv.withFields { try file($0, line: line) } } else { try file(record, line: line) }
    }

    private mutating func file(_ record: some FORecordView, line: Int) throws {
        records += 1
        key.reset()
        for column in columns.oldKey { record.withValueIfAny(column) { key.add($0) } }
        digester.reset()
        let digest: RecordDigest
        if let whole = columns.wholeRecordColumns, let fields = record as? CSVFields {
            for column in columns.oldCompared { record.withValueIfAny(column) { digester.addFingerprint($0) } }
            digest = FOWholeRecordDigest.digest(fields, columnCount: whole)
            if records <= Self.sample { sampledBytes += fields.withBytes(upTo: whole) { $0.count } + whole }
        } else {
            for column in columns.oldCompared { record.withValueIfAny(column) { digester.add($0) } }
            digest = digester.digest()
            if records <= Self.sample { sampledBytes += digester.byteCount }
        }
        // Repeated keys are found once the file has been read (`finish`), when the index places its keys.
        try key.withBytes { try index.appendOld(key: $0, digest: digest, prints: digester.prints, line: line) }
        if records <= Self.sample { sizeIndex() }
    }

    /// Places the file's keys in the index, once every record has been read.
    /// - Throws: the error for the first record whose key an earlier record has.
    mutating func finish() throws {
        guard let repeated = index.placeAppended() else { return }
        throw Self.repeatedKey(
            index.keyParts(of: repeated.entry), columns: columns, line: index.line(of: repeated.entry), first: repeated.firstLine,
            at: location, export: "old")
    }

    /// Reserves the index's room for the whole file once a sample of records shows their size, so that it is not
    /// copied as it grows (a generous guess costs address space, not memory: untouched pages are never resident).
    private mutating func sizeIndex() {
        let keyBytes = key.withBytes { $0.count }
        sampledBytes += keyBytes
        sampledKeyBytes += keyBytes
        guard records == Self.sample, let fileSize, sampledBytes > 0 else { return }
        let expected = fileSize / bytesPerCharacter * records / sampledBytes
        index.reserve(oldRecords: expected + expected / 4, keyBytes: (expected + expected / 4) * sampledKeyBytes / records)
    }

    /// The error for a key two records of one export share.
    static func repeatedKey(_ parts: [String], columns: FODiffColumns, line: Int, first: Int, at location: SourceLocation, export: String)
        -> AirlockError
    {
        let text = zip(columns.keyFields, parts).map { "\($0)=\($1)" }.joined(separator: ", ")
        var place = location
        place.line = line
        place.record = text
        return AirlockError(
            .invalidValue,
            "the \(export) export has two records with the key \(text) (lines \(first) and \(line)); diff matches records by key, so the key must be unique: check the export, or give the entity's key with --key",
            at: place)
    }
}
