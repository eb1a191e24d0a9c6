/// A write buffer in front of a `ByteSink`: writers append small pieces here, and the sink sees large blocks.
///
/// Call `flush()` when done; the writer does not flush on deinit because flushing can fail.
public final class BufferedByteWriter {
    public let sink: ByteSink
    @usableFromInline var buffer: [UInt8]
    @usableFromInline let capacity: Int

    public init(sink: ByteSink, capacity: Int = 256 * 1024) {
        self.sink = sink
        self.capacity = capacity
        self.buffer = []
        self.buffer.reserveCapacity(capacity)
    }

    /// Appends one byte.
    @inlinable
    public func write(byte: UInt8) throws {
        buffer.append(byte)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends raw bytes.
    @inlinable
    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends bytes from a collection.
    @inlinable
    public func write<C: Collection>(contentsOf bytes: C) throws where C.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable
    public func write(_ text: String) throws {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
        if buffer.count >= capacity { try flush() }
    }

    /// Lets `body` append to the buffer itself, many small pieces for the price of one call (each `write` checks its
    /// access to the buffer and whether it is full), then hands the buffer on when it is full.
    @inlinable
    public func append(_ body: (inout [UInt8]) -> Void) throws {
        body(&buffer)
        if buffer.count >= capacity { try flush() }
    }

    /// Hands everything buffered to the sink.
    public func flush() throws {
        if buffer.isEmpty { return }
        try buffer.withUnsafeBytes { try sink.write($0) }
        buffer.removeAll(keepingCapacity: true)
    }
}
