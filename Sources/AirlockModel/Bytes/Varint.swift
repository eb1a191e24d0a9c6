/// Unsigned LEB128 varints, as Airlock's digests and work files prefix a length or a column number: seven bits a
/// byte, the low bits first, the high bit set on every byte but the last.
public enum Varint {
    /// Appends `value` to `buffer`.
    @inlinable
    public static func append(_ value: UInt64, to buffer: inout [UInt8]) {
        forEachByte(of: value) { buffer.append($0) }
    }

    /// Appends `value` to `buffer`.
    @inlinable
    public static func append(_ value: UInt64, to buffer: ByteBuffer) {
        forEachByte(of: value) { buffer.append($0) }
    }

    /// Appends `value` to `store`.
    public static func append(_ value: UInt64, to store: inout ByteStore) {
        forEachByte(of: value) { store.append($0) }
    }

    /// Calls `body` with each byte of `value`'s varint, in order.
    @inlinable
    static func forEachByte(of value: UInt64, _ body: (UInt8) -> Void) {
        var rest = value
        while rest >= 0x80 {
            body(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        body(UInt8(rest))
    }

    /// The varint at `index` of `bytes`, with `index` moved past it; one cut short by the end of `bytes` ends there.
    @inlinable
    public static func read(_ bytes: ArraySlice<UInt8>, at index: inout Int) -> Int {
        var value = 0
        var shift = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            index += 1
            if shift < 63 { value |= Int(byte & 0x7F) << shift }
            shift += 7
            if byte < 0x80 { break }
        }
        return value
    }
}
