/// Presents a `BufferedByteWriter` as a `ByteSink`, so small writes from a producer reach the real sink in large blocks.
public final class BufferedSinkAdapter: ByteSink {
    private let writer: BufferedByteWriter

    public init(_ writer: BufferedByteWriter) {
        self.writer = writer
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try writer.write(bytes)
    }
}
