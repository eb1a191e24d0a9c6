/// A growable run of bytes with value semantics whose append is one copy: appending a short value costs a
/// uniqueness check and a `memcpy`, where `Array`'s generic append costs about a hundred instructions a call (which
/// the key paths of `diff` paid twice per record). Unlike `ByteBuffer` it is a value: a copy is independent (its
/// memory is copied on the first change of a shared store, as an `Array`'s is, which is also why it can be sent
/// between threads). It grows into a new block of which only the bytes held are copied, so room not yet written is
/// never touched (an `Array` kept larger than its contents would have to fill that room).
public struct ByteStore: @unchecked Sendable {
    /// The memory: a class, so that copies of a store share it until one of them changes. Its block is fixed
    /// (growing makes a new one), so reading where it lies needs no exclusive-access check.
    @usableFromInline final class Storage {
        @usableFromInline let base: UnsafeMutableRawPointer
        @usableFromInline let capacity: Int

        @usableFromInline init(capacity: Int) {
            let capacity = max(16, capacity)
            self.capacity = capacity
            base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        }

        deinit { base.deallocate() }
    }

    @usableFromInline var storage: Storage
    @usableFromInline var length = 0

    /// An empty store with room for `capacity` bytes before it grows.
    public init(capacity: Int = 64) {
        storage = Storage(capacity: capacity)
    }

    /// Bytes held.
    @inlinable
    public var count: Int { length }

    @inlinable
    public var isEmpty: Bool { length == 0 }

    /// Empties the store, keeping its memory.
    @inlinable
    public mutating func removeAll() { length = 0 }

    /// Makes room for `capacity` bytes in all.
    public mutating func reserve(_ capacity: Int) {
        guard capacity > storage.capacity || !isKnownUniquelyReferenced(&storage) else { return }
        let grown = Storage(capacity: max(capacity, storage.capacity))
        grown.base.copyMemory(from: storage.base, byteCount: length)
        storage = grown
    }

    @inlinable
    public mutating func append(_ byte: UInt8) {
        if length == storage.capacity || !isKnownUniquelyReferenced(&storage) { reserve(max(length + 1, storage.capacity * 2)) }
        storage.base.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
        length += 1
    }

    @inlinable
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let end = length + bytes.count
        if end > storage.capacity || !isKnownUniquelyReferenced(&storage) { reserve(max(end, storage.capacity * 2)) }
        (storage.base + length).copyMemory(from: source, byteCount: bytes.count)
        length = end
    }

    /// Appends `count` bytes that `fill` writes into the room at the end (a file read straight into the store);
    /// nothing is appended when it throws.
    public mutating func appendFilling(_ count: Int, _ fill: (UnsafeMutableRawBufferPointer) throws -> Void) rethrows {
        guard count > 0 else { return }
        let end = length + count
        if end > storage.capacity || !isKnownUniquelyReferenced(&storage) { reserve(max(end, storage.capacity * 2)) }
        try fill(UnsafeMutableRawBufferPointer(start: storage.base + length, count: count))
        length = end
    }

    /// Where the bytes lie: valid while this store (or a copy of it) lives and none of its copies changes.
    @inlinable
    var baseAddress: UnsafeRawPointer { UnsafeRawPointer(storage.base) }

    /// Calls `body` with the bytes held; they stay valid only during the call.
    @inlinable
    public func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(storage) { try body(UnsafeRawBufferPointer(start: storage.base, count: length)) }
    }

    /// The bytes in `range` (within `0..<count`).
    public subscript(range: Range<Int>) -> ArraySlice<UInt8> {
        precondition(range.lowerBound >= 0 && range.upperBound <= length, "range past the end")
        return withBytes { ArraySlice(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// The bytes held, as an array.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Gives back the room grown past the bytes held (they are copied once into a block of their size).
    public mutating func shrinkToFit() {
        guard storage.capacity > max(16, length) else { return }
        let exact = Storage(capacity: length)
        exact.base.copyMemory(from: storage.base, byteCount: length)
        storage = exact
    }
}

extension ByteStore: Equatable {
    /// The same bytes (whatever room either has).
    public static func == (lhs: ByteStore, rhs: ByteStore) -> Bool {
        lhs.withBytes { left in rhs.withBytes { right in left.hasSameBytes(as: right) } }
    }
}
