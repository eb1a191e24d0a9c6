import AirlockIO

extension CSVRecord: FORecordView {
    @inlinable
    public func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard index < count else { return try body(nil) }
        return try withField(index) { try body($0) }
    }
}
