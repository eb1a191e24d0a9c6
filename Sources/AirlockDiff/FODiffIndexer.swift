import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Files the old export's records of one entity in a `DiffKeyIndex` as they stream past: key, digest, fingerprints;
/// then, once the file has been read, its repeated keys (exact copies and keys with different records).
struct FODiffIndexer: FORecordConsumer {
    let columns: FODiffColumns
    var index: DiffKeyIndex
    /// The keys the file repeats, found by `finish`.
    private(set) var repeats = DiffKeyRepeats()
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

    init(columns: FODiffColumns, fileSize: Int? = nil) {
        self.columns = columns
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

    /// Places the file's keys in the index, once every record has been read, and notes each record whose key an
    /// earlier record has (in file order): an exact copy, or a different record under the key.
    mutating func finish() {
        for repeated in index.placeAppended() {
            _ = repeats.noteRepeat(
                repeated.first, digest: index.digest(of: repeated.entry), line: index.line(of: repeated.entry),
                first: index.digest(of: repeated.first), firstLine: index.line(of: repeated.first))
        }
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
}
