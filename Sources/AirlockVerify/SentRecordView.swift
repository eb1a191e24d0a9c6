import AirlockPackages

/// A sent record's values by column as a package's reader streams it: a record of an F&O entity file
/// (`FOSentRecordView`) or of a `data.xml` section (`CMTRecordValues`); valid only during the call that passes it.
protocol SentRecordView {
    /// Calls `body` with the bytes of column `column` (nil when the record has no value there).
    func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R
}

extension CMTRecordValues: SentRecordView {}
