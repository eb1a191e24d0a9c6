/// A `ByteSink` that writes every block to two sinks, `first` then `second` (e.g. a zip entry and a
/// `ByteChannel` that a validator reads).
public final class TeeByteSink: ByteSink {
    private let first: ByteSink
    private let second: ByteSink

    public init(_ first: ByteSink, _ second: ByteSink) {
        self.first = first
        self.second = second
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try first.write(bytes)
        try second.write(bytes)
    }
}
