import AirlockModel

/// Files one sent record's compared values as its package is read: each value that is not blank, of the columns
/// given, to the work file (`SentValueSpool`) and, for the first columns, those the digests were planned on, to the
/// record's digest (`SentDigests`).
struct SentRecordFiler {
    private let digester = FieldDigester()
    /// The record's values as the work file takes them (its own: a filer is not shared).
    private let spooled = ByteBuffer()

    /// Files `record`'s values of `columns`, of which the first `digests.columns.count` are digested.
    /// - Throws: `AirlockError` when the work file cannot take them.
    func file(
        _ record: some SentRecordView, columns: [Int], rules: [FieldRule], digests: inout SentDigests?, spool: SentValueSpool
    ) throws {
        digests?.beginRecord()
        digester.reset()
        spooled.removeAll()
        let digested = digests?.columns.count ?? 0
        for (position, column) in columns.enumerated() {
            record.withValue(column) { value in
                guard let value, !ASCII.trimmed(value).isEmpty else { return }
                SentValueSpool.encode(column: column, value: value, into: spooled)
                guard position < digested else { return }
                digests?.noteSent(position: position)
                digester.addSent(value, rule: rules[column])
            }
        }
        digests?.endRecord(digest: digester.digest())
        try spooled.withBytes { try spool.append(record: $0) }
    }
}
