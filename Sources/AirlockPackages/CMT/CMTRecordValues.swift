/// One record of a `data.xml` section as `CMTDataReader.readRecords` hands it on: its values by column, decoded as
/// tables hold them (`CMTValueCodec`); valid only during the call that passes it.
public struct CMTRecordValues {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let starts: UnsafeBufferPointer<Int>
    @usableFromInline let ends: UnsafeBufferPointer<Int>

    /// The section's columns so far.
    public var count: Int { starts.count }

    /// Calls `body` with the bytes of column `column` (nil when the record has no value there).
    @inlinable
    public func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard column < starts.count, starts[column] >= 0 else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(rebasing: bytes[starts[column]..<ends[column]]))
    }
}
