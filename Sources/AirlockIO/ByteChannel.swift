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
        let state = State(depth: depth)
        sink = Sink(state: state)
        stream = Stream(state: state)
    }

    /// The writing end.
    public final class Sink: ByteSink, @unchecked Sendable {
        private let state: State
        private var finished = false

        fileprivate init(state: State) { self.state = state }

        deinit { if !finished { state.abandon() } }

        public func write(_ bytes: UnsafeRawBufferPointer) throws {
            state.put(bytes)
        }

        /// No more bytes: the reader sees the end of the stream after the bytes written so far.
        public func finish() {
            finished = true
            state.finish()
        }

        /// Ends the stream with an error for the reader (the writer failed).
        public func fail() {
            finished = true
            state.abandon()
        }

        /// Bytes written so far (including those a closed reader dropped).
        public var byteCount: Int64 { state.written }
    }

    /// The reading end.
    public final class Stream: ByteStream, @unchecked Sendable {
        private let state: State
        private var cursor = BlockCursor()

        fileprivate init(state: State) { self.state = state }

        deinit { state.closeReader() }

        public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            guard buffer.baseAddress != nil, buffer.count > 0 else { return 0 }
            while cursor.isExhausted {
                guard let block = try state.next(recycling: cursor.takeBlock()) else { return 0 }
                cursor.start(block)
            }
            return cursor.copy(into: buffer)
        }

        /// Stops reading: later writes are dropped.
        public func close() {
            state.closeReader()
        }
    }

    /// The queue both ends share, under one lock.
    fileprivate final class State: @unchecked Sendable {
        private let depth: Int
        private let condition = NSCondition()
        private var queue: [[UInt8]] = []
        private var spare: [[UInt8]] = []
        private var ended = false
        private var abandoned = false
        private var readerClosed = false
        private var total: Int64 = 0

        init(depth: Int) {
            self.depth = max(1, depth)
        }

        var written: Int64 {
            condition.lock()
            defer { condition.unlock() }
            return total
        }

        func put(_ bytes: UnsafeRawBufferPointer) {
            guard bytes.count > 0 else { return }
            condition.lock()
            total += Int64(bytes.count)
            while queue.count >= depth, !readerClosed { condition.wait() }
            if readerClosed {
                condition.unlock()
                return
            }
            var block = spare.popLast() ?? []
            condition.unlock()
            block.removeAll(keepingCapacity: true)
            block.append(contentsOf: bytes)
            condition.lock()
            if !readerClosed { queue.append(block) }
            condition.broadcast()
            condition.unlock()
        }

        func finish() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        func abandon() {
            condition.lock()
            ended = true
            abandoned = true
            condition.broadcast()
            condition.unlock()
        }

        func closeReader() {
            condition.lock()
            readerClosed = true
            queue.removeAll()
            spare.removeAll()
            condition.broadcast()
            condition.unlock()
        }

        /// The next block (nil at the end); keeps `consumed`'s storage for reuse.
        func next(recycling consumed: [UInt8]) throws -> [UInt8]? {
            condition.lock()
            defer { condition.unlock() }
            if consumed.capacity > 0, spare.count < depth, !readerClosed { spare.append(consumed) }
            while queue.isEmpty, !ended, !readerClosed { condition.wait() }
            if readerClosed { return nil }
            if !queue.isEmpty {
                let block = queue.removeFirst()
                condition.broadcast()
                return block
            }
            if abandoned {
                throw AirlockError(.io, "the bytes stopped before their end: the writer failed")
            }
            return nil
        }
    }
}
