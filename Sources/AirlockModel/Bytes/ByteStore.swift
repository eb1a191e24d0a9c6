/// A growable run of bytes with value semantics whose append is one copy: an `[UInt8]` kept larger than what it
/// holds, so that appending a short value costs a uniqueness check and a copy instead of `Array`'s generic append
/// (about a hundred instructions a call, which the key paths of `diff` paid twice per record). Unlike `ByteBuffer`
/// it is a value: a copy is independent.
public struct ByteStore: Sendable {
    @usableFromInline var storage: [UInt8]
    @usableFromInline var length = 0

    /// An empty store with room for `capacity` bytes before it grows.
    public init(capacity: Int = 64) {
        storage = [UInt8](repeating: 0, count: max(16, capacity))
    }

    /// Bytes held (the first `count` of the storage).
    @inlinable
    public var count: Int { length }

    @inlinable
    public var isEmpty: Bool { length == 0 }

    /// Empties the store, keeping its memory.
    @inlinable
    public mutating func removeAll() { length = 0 }

    /// Makes room for `capacity` bytes in all.
    public mutating func reserve(_ capacity: Int) {
        if capacity > storage.count { storage.append(contentsOf: repeatElement(0, count: capacity - storage.count)) }
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if length == storage.count { reserve(storage.count * 2) }
        storage[length] = byte
        length += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let start = length
        let end = start + bytes.count
        if end > storage.count { reserve(max(end, storage.count * 2)) }
        guard let source = bytes.baseAddress else { return }
        storage.withUnsafeMutableBytes { storage in
            (storage.baseAddress.map { $0 + start })?.copyMemory(from: source, byteCount: bytes.count)
        }
        length = end
    }

    /// Calls `body` with the bytes held; they stay valid only during the call.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try storage.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
    }

    /// The bytes in `range` (within `0..<count`).
    public subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.upperBound <= length, "range past the end")
        return storage[range]
    }

    /// The bytes held, as an array.
    public var bytes: [UInt8] { Array(storage[..<length]) }
}
