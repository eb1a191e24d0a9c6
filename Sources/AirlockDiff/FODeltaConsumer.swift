import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Streams the new export's records of one entity against the old export's key index: a created or changed record
/// goes to the delta file at once, an unchanged one only counts.
struct FODeltaConsumer: FORecordConsumer {
    let columns: FODiffColumns
    let location: SourceLocation
    var index: DiffKeyIndex
    let spool: FODeltaSpool
    private(set) var records = 0
    private(set) var created = 0
    private(set) var changed = 0
    private(set) var unchanged = 0
    /// Per compared column, the changed records that differ in it.
    private(set) var changedFields: [Int]
    private var key = DiffKeyBuilder()
    /// Digests only: a record's fingerprints are taken when its digest differs from the old one's.
    private var digester = RecordDigester(fingerprints: false)

    init(columns: FODiffColumns, location: SourceLocation, index: DiffKeyIndex, spool: FODeltaSpool) {
        self.columns = columns
        self.location = location
        self.index = index
        self.spool = spool
        self.changedFields = Array(repeating: 0, count: columns.compared.count)
    }

    mutating func addColumn(_ name: String, at index: Int) throws {}

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        // A CSV record (most files) takes a path specialised for its fields seen in place, where reading a value
        // is inlined.
        if let csv = record as? CSVRecord { try csv.withFields { try match($0, line: line) } } else { try match(record, line: line) }
    }

    private mutating func match(_ record: some FORecordView, line: Int) throws {
        records += 1
        key.reset()
        for column in columns.newKey { record.withValueIfAny(column) { key.add($0) } }
        switch try key.withBytes({ try index.matchNew(key: $0, line: line) }) {
        case .created:
            created += 1
        case .repeated(let first):
            throw FODiffIndexer.repeatedKey(
                DiffKeyBuilder.parts(key.bytes[...]), columns: columns, line: line, first: first, at: location, export: "new")
        case .existing(let entry):
            let digest: RecordDigest
            if let whole = columns.wholeRecordColumns, let fields = record as? CSVFields {
                digest = FOWholeRecordDigest.digest(fields, columnCount: whole)
            } else {
                digester.reset()
                for column in columns.newCompared { record.withValueIfAny(column) { digester.add($0) } }
                digest = digester.digest()
            }
            guard digest != index.digest(of: entry) else {
                unchanged += 1
                return
            }
            changed += 1
            for (field, old) in zip(columns.newCompared.indices, index.prints(of: entry)) {
                let print = record.withValueIfAny(columns.newCompared[field]) { RecordDigester.fingerprint($0) }
                if print != old { changedFields[field] += 1 }
            }
        }
        try spool.append(record)
    }
}
