import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Writes one entity's delta file again from its new file, once its diff is decided: the records
/// `DiffNewSideMatcher.carries` names, in the file's order. Run only when a record left out as the file streamed
/// goes to the delta after all (a key found ambiguous later in the file, or once the file had been read).
struct FODeltaRewriter: FORecordConsumer {
    let columns: FODiffColumns
    let matcher: DiffNewSideMatcher
    let spool: FODeltaSpool
    private var key = DiffKeyBuilder()
    private var digester = RecordDigester(fingerprints: false)

    init(columns: FODiffColumns, matcher: DiffNewSideMatcher, spool: FODeltaSpool) {
        self.columns = columns
        self.matcher = matcher
        self.spool = spool
    }

    mutating func addColumn(_ name: String, at index: Int) throws {}

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        if let csv = record as? CSVRecord { try csv.withFields { try write($0, line: line) } } else { try write(record, line: line) }
    }

    private mutating func write(_ record: some FORecordView, line: Int) throws {
        key.reset()
        for column in columns.newKey { record.withValueIfAny(column) { key.add($0) } }
        let digest = columns.newDigest(record, digester: &digester)
        if key.withBytes({ matcher.carries(key: $0, line: line, digest: digest) }) { try spool.append(record) }
    }
}
