import AirlockIO

extension CSVFields: FORecordView {
    @inlinable
    public func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        index < count ? try body(self[index]) : try body(nil)
    }
}
