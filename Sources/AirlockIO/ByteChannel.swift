import AirlockModel
import Foundation

/// A bounded, one-way hand-over of bytes between two threads: one thread writes to `sink`, another reads
/// the same bytes, in order, from `stream`.
///
/// Used to check bytes while they are produced (e.g. to validate `data.xml` as it is deflated into the zip,
/// instead of inflating and parsing the written zip again). At most `depth` blocks are held; the writer waits
/// while the reader is behind.
///
/// - The reader sees the end of the stream once the writer calls `finish()`.
/// - A writer that goes away without `finish()` (an error on its side) gives the reader an error, never a
///   silently truncated stream, and never a hang.
/// - A reader that stops early (closes `stream`) turns further writes into no-ops, so the writer never
///   waits for a reader that is gone.
public final class ByteChannel: Sendable {
    /// The writing end (for one thread).
    public let sink: Sink
    /// The reading end (for one thread).
    public let stream: Stream

    /// A channel holding at most `depth` blocks in flight.
    public init(depth: Int = 4) {
        let queue = BlockQueue(depth: depth)
        sink = Sink(queue: queue)
        stream = Stream(queue: queue)
    }

    /// The writing end.
    public final class Sink: ByteSink, @unchecked Sendable {
        private let queue: BlockQueue
        private var ended = false
        /// Bytes written so far (including those a closed reader dropped).
        public private(set) var byteCount: Int64 = 0

        fileprivate init(queue: BlockQueue) { self.queue = queue }

        deinit { if !ended { fail() } }

        public func write(_ bytes: UnsafeRawBufferPointer) throws {
            guard bytes.count > 0 else { return }
            byteCount += Int64(bytes.count)
            guard var block = queue.emptyBlock() else { return }
            block.removeAll(keepingCapacity: true)
            block.append(contentsOf: bytes)
            queue.push(block)
        }

        /// No more bytes: the reader sees the end of the stream after the bytes written so far.
        public func finish() {
            ended = true
            queue.end()
        }

        /// Ends the stream with an error for the reader (the writer failed).
        public func fail() {
            ended = true
            queue.end(failure: AirlockError(.io, "the bytes stopped before their end: the writer failed"))
        }
    }

    /// The reading end.
    public final class Stream: ByteStream, @unchecked Sendable {
        private let queue: BlockQueue
        private var cursor = BlockCursor()

        fileprivate init(queue: BlockQueue) { self.queue = queue }

        deinit { close() }

        public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            try cursor.read(into: buffer, from: queue)
        }

        /// Stops reading: later writes are dropped.
        public func close() {
            queue.stop(waitingForProducer: false)
        }
    }
}
