/// A sink that only counts what it is given (e.g. beside a zip entry, through `TeeByteSink`, for its size).
public final class CountingByteSink: ByteSink {
    /// Bytes written so far.
    public private(set) var byteCount: Int64 = 0

    public init() {}

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        byteCount += Int64(bytes.count)
    }
}
