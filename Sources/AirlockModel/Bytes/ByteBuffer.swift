/// A growable run of bytes for the paths that build small values by the million (a digest's canonical forms, a
/// record's values as they stream): appending to it is a copy into its memory, where appending to an `[UInt8]` also
/// costs a uniqueness check and more per call (about 30 instead of 4 ns for a short value).
///
/// A class, so a value that holds one shares it when copied: each user keeps its own, and uses it from one thread.
/// Its storage is not checked for exclusive access at run time (what an inlined append in another module would
/// otherwise pay on each of its three properties): a buffer is never reached through two accesses at once.
public final class ByteBuffer {
    @exclusivity(unchecked) @usableFromInline var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    @exclusivity(unchecked) @usableFromInline var length = 0

    /// Bytes held.
    @inlinable
    public var count: Int { length }

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1024) {
        self.capacity = max(16, capacity)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit {
        base.deallocate()
    }

    /// Empties the buffer, keeping its memory.
    @inlinable
    public func removeAll() {
        setCount(0)
    }

    /// Drops the bytes from `newCount` on.
    @inlinable
    public func truncate(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "truncating past the end")
        setCount(newCount)
    }

    @inlinable
    public func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        setCount(count + 1)
    }

    @inlinable
    public func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        setCount(count + bytes.count)
    }

    @inlinable
    public func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The byte at `index` (below `count`).
    @inlinable
    public subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return base.load(fromByteOffset: index, as: UInt8.self)
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            base.storeBytes(of: newValue, toByteOffset: index, as: UInt8.self)
        }
    }

    /// Calls `body` with the bytes from `start` on (all of them by default); they stay valid only during the call.
    @inlinable
    public func withBytes<R>(from start: Int = 0, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        precondition(start >= 0 && start <= count, "start out of range")
        return try body(UnsafeRawBufferPointer(start: base + start, count: count - start))
    }

    /// Calls `body` with the bytes from `start` on, to change them in place.
    @inlinable
    public func withMutableBytes<R>(from start: Int, _ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        precondition(start >= 0 && start <= count, "start out of range")
        return try body(UnsafeMutableRawBufferPointer(start: base + start, count: count - start))
    }

    /// Makes room for `more` bytes.
    @inlinable
    func reserve(_ more: Int) {
        if count + more > capacity { grow(count + more) }
    }

    @inlinable
    func setCount(_ newCount: Int) {
        length = newCount
    }

    @usableFromInline
    func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        grown.copyMemory(from: base, byteCount: length)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
