import AirlockPackages

/// A record of an F&O entity file as a `SentRecordView`: its columns are the file's.
struct FOSentRecordView<Record: FORecordView>: SentRecordView {
    let record: Record

    func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        try record.withValue(column, body)
    }
}
