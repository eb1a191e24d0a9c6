/// A stream that can look at its first bytes before they are consumed, e.g. to sniff a CSV delimiter.
public final class PeekableByteStream: ByteStream {
    private let base: ByteStream
    private var pending: [UInt8] = []
    private var pendingOffset = 0

    public init(_ base: ByteStream) {
        self.base = base
    }

    /// Returns up to `count` bytes from the current position without consuming them (fewer at the end of the stream).
    /// - Throws: the underlying stream's error.
    public func peek(_ count: Int) throws -> [UInt8] {
        if pending.count - pendingOffset < count {
            pending.removeFirst(pendingOffset)
            pendingOffset = 0
            let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
            defer { chunk.deallocate() }
            while pending.count < count {
                let n = try base.read(into: chunk)
                if n == 0 { break }
                pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            }
        }
        let end = min(pending.count, pendingOffset + count)
        return Array(pending[pendingOffset..<end])
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let available = pending.count - pendingOffset
        if available > 0 {
            let n = min(available, buffer.count)
            pending.withUnsafeBytes { raw in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[pendingOffset..<(pendingOffset + n)]))
            }
            pendingOffset += n
            if pendingOffset == pending.count {
                pending = []
                pendingOffset = 0
            }
            return n
        }
        return try base.read(into: buffer)
    }
}
