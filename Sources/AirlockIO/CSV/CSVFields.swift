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

    /// Calls `body` with the bytes of the first `count` fields laid end to end (as the record holds them).
    @inlinable
    public func withBytes<R>(upTo count: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        let end = count <= 0 ? 0 : ends[min(count, ends.count) &- 1]
        return try body(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
    }

    /// Where field `index` ends among the record's bytes (which must be below `count`).
    @inlinable
    public func end(of index: Int) -> Int { ends[index] }

    /// Calls `body` with the ends of the first `count` fields, as the record holds them (native `Int`s).
    @inlinable
    public func withEnds<R>(upTo count: Int, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: ends[..<min(max(count, 0), ends.count)])))
    }
}
