import Foundation

/// A `ByteStream` that reads its source ahead on a thread of its own, so that producing the bytes (e.g.
/// inflating a zip entry) and consuming them (e.g. parsing XML) run on two cores.
///
/// At most `depth` blocks of `blockSize` bytes are held. The consumer sees exactly the source's bytes, in order,
/// and the source's error after the bytes read before it, as if it read the source itself. Dropping the stream
/// early stops the thread once its current read returns.
public final class ReadAheadByteStream: ByteStream {
    private let pipe: ReadAheadPipe
    private var cursor = BlockCursor()
    private var ended = false

    /// Starts the reader thread on `source`.
    public init(source: ByteStream, blockSize: Int = 1 << 20, depth: Int = 3) {
        let pipe = ReadAheadPipe(depth: depth)
        self.pipe = pipe
        // Only the reader thread uses `source` from here on.
        nonisolated(unsafe) let producer = source
        let size = max(4096, blockSize)
        let thread = Thread { pipe.fill(from: producer, blockSize: size) }
        thread.start()
    }

    deinit { pipe.stop() }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard buffer.baseAddress != nil, buffer.count > 0 else { return 0 }
        while cursor.isExhausted {
            if ended { return 0 }
            pipe.recycle(cursor.takeBlock())
            switch try pipe.next() {
            case .some(let block):
                cursor.start(block)
            case .none:
                ended = true
                return 0
            }
        }
        return cursor.copy(into: buffer)
    }
}
