internal import CZlib

/// Hands every byte to `target` and keeps their CRC-32 and count (`run`): a member written plain, to be deflated
/// later in sections (`SectionedDeflater`), whose joined runs must stand for the same bytes.
public final class ChecksummingByteSink: ByteSink {
    private let target: ByteSink
    private var crc: UInt = 0
    private var count: Int64 = 0

    public init(target: ByteSink) {
        self.target = target
    }

    /// The bytes written so far: their CRC-32 and count (no deflate bytes).
    public var run: DeflatedRun { DeflatedRun(crc: UInt32(truncatingIfNeeded: crc), inputBytes: count, outputBytes: 0) }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var offset = 0
        while offset < bytes.count {
            let take = min(bytes.count - offset, 1 << 30)
            crc = crc32(crc, base + offset, UInt32(take))
            offset += take
        }
        count += Int64(bytes.count)
        try target.write(bytes)
    }
}
