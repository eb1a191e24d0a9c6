import AirlockPackages

extension FORecordView {
    /// Calls `body` with column `index`'s bytes, nil past the record's end (an XML record without the attribute).
    func withValueIfAny<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        index < count ? try withValue(index, body) : try body(nil)
    }
}
