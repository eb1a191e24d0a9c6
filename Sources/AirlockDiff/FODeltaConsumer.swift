import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Streams the new export's records of one entity against the old export's key index (`DiffNewSideMatcher`): a
/// created or changed record goes to the delta file at once; an unchanged one, an exact copy or one whose key the
/// old export holds different records under only counts.
struct FODeltaConsumer: FORecordConsumer {
    let columns: FODiffColumns
    var matcher: DiffNewSideMatcher
    let spool: FODeltaSpool
    private(set) var records = 0
    /// Per compared column, the changed records that differ in it from the old record of their key.
    private(set) var changedFields: [Int]
    private var key = DiffKeyBuilder()
    /// Digests only: a record's fingerprints are taken when its digest differs from the old one's.
    private var digester = RecordDigester(fingerprints: false)

    init(columns: FODiffColumns, matcher: DiffNewSideMatcher, spool: FODeltaSpool) {
        self.columns = columns
        self.matcher = matcher
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
        let digest = columns.newDigest(record, digester: &digester)
        switch try key.withBytes({ try matcher.match(key: $0, line: line, digest: digest) }) {
        case .unchanged, .copy, .deferred:
            return
        case .created:
            break
        case .changed(let entry):
            for (field, old) in zip(columns.newCompared.indices, matcher.index.prints(of: entry)) {
                let print = record.withValueIfAny(columns.newCompared[field]) { RecordDigester.fingerprint($0) }
                if print != old { changedFields[field] += 1 }
            }
        }
        try spool.append(record)
    }
}
