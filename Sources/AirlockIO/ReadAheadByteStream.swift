import Foundation

/// A `ByteStream` that reads its source ahead on a thread of its own, so that producing the bytes (e.g.
/// inflating a zip entry) and consuming them (e.g. parsing XML) run on two cores.
///
/// At most `depth` blocks of `blockSize` bytes are held. The consumer sees exactly the source's bytes, in order,
/// and the source's error after the bytes read before it, as if it read the source itself. Dropping the stream
/// early stops the thread once its current read returns.
public final class ReadAheadByteStream: ByteStream {
    private let queue: BlockQueue
    private var cursor = BlockCursor()

    /// Starts the reader thread on `source`.
    public init(source: ByteStream, blockSize: Int = 1 << 20, depth: Int = 3) {
        let queue = BlockQueue(depth: depth)
        self.queue = queue
        // Only the reader thread uses `source` from here on.
        nonisolated(unsafe) let producer = source
        let size = max(4096, blockSize)
        let thread = Thread { Self.fill(queue, from: producer, blockSize: size) }
        thread.start()
    }

    deinit { queue.stop(waitingForProducer: true) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        try cursor.read(into: buffer, from: queue)
    }

    /// Runs on the reader thread: reads `source` block by block until its end, an error, or the consumer stops.
    private static func fill(_ queue: BlockQueue, from source: ByteStream, blockSize: Int) {
        defer { queue.producerExited() }
        while var block = queue.emptyBlock() {
            if block.count != blockSize { block = [UInt8](repeating: 0, count: blockSize) }
            var filled = 0
            var failed: (any Error)?
            do {
                // Fill the block (a source returns at most what it has at hand; 0 only at its end).
                while filled < blockSize {
                    let count = try block.withUnsafeMutableBytes { raw in
                        try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]))
                    }
                    if count == 0 { break }
                    filled += count
                }
            } catch {
                failed = error
            }
            if filled > 0 {
                block.removeSubrange(filled...)
                queue.push(block)
            }
            if failed != nil || filled < blockSize {
                queue.end(failure: failed)
                return
            }
        }
    }
}
