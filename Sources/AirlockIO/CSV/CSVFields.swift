/// The fields of a `CSVRecord` seen in place, for a loop that reads many of them: no closure or bounds check of the
/// record's arrays per field. Valid only inside `CSVRecord.withFields(_:)`.
public struct CSVFields {
    @usableFromInline let bytes: UnsafeRawBufferPointer
    @usableFromInline let ends: UnsafeBufferPointer<Int>

    @inlinable
    init(bytes: UnsafeRawBufferPointer, ends: UnsafeBufferPointer<Int>) {
        self.bytes = bytes
        self.ends = ends
    }

    /// Number of fields.
    @inlinable
    public var count: Int { ends.count }

    /// The bytes of field `index` (which must be below `count`).
    @inlinable
    public subscript(index: Int) -> UnsafeRawBufferPointer {
        precondition(index >= 0 && index < ends.count, "CSV field index out of range")
        let start = index == 0 ? 0 : ends[index &- 1]
        return UnsafeRawBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: ends[index] &- start)
    }
}
