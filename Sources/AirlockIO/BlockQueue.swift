import Foundation

/// The bounded queue of byte blocks between a producer thread and a consumer thread: a `ReadAheadByteStream`'s
/// reader thread and its consumer, or the two ends of a `ByteChannel`.
///
/// At most `depth` blocks wait in the queue (the producer waits for room); consumed blocks' storage goes back
/// to the producer. The producer ends the stream, with an error or without; the consumer may stop early, after
/// which the producer's blocks are dropped and it is never kept waiting.
final class BlockQueue: @unchecked Sendable {
    private let depth: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var spare: [[UInt8]] = []
    private var ended = false
    private var failure: (any Error)?
    private var stopped = false
    private var exited = false

    init(depth: Int) {
        self.depth = max(1, depth)
    }

    // MARK: producer

    /// Waits until the queue has room, then gives a block to fill (a consumed one, or an empty one);
    /// nil once the consumer has stopped.
    func emptyBlock() -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.count >= depth, !stopped { condition.wait() }
        if stopped { return nil }
        return spare.popLast() ?? []
    }

    /// Queues a filled block (dropped when the consumer has stopped).
    func push(_ block: [UInt8]) {
        guard !block.isEmpty else { return }
        condition.lock()
        if !stopped { queue.append(block) }
        condition.broadcast()
        condition.unlock()
    }

    /// No more blocks: the consumer gets the end of the stream, or `failure` once it has taken the blocks before it.
    func end(failure: (any Error)? = nil) {
        condition.lock()
        if !ended {
            ended = true
            self.failure = failure
        }
        condition.broadcast()
        condition.unlock()
    }

    /// The producer thread is done with the queue (for `stop(waitingForProducer: true)`).
    func producerExited() {
        condition.lock()
        ended = true
        exited = true
        condition.broadcast()
        condition.unlock()
    }

    // MARK: consumer

    /// The next block; nil at the end (or once stopped); throws the producer's error once the blocks before it are taken.
    func next() throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !ended, !stopped { condition.wait() }
        if stopped { return nil }
        if !queue.isEmpty {
            let block = queue.removeFirst()
            condition.broadcast()
            return block
        }
        if let failure { throw failure }
        return nil
    }

    /// Gives a consumed block's storage back for reuse.
    func recycle(_ block: consuming [UInt8]) {
        guard block.capacity > 0 else { return }
        condition.lock()
        if spare.count < depth, !stopped { spare.append(block) }
        condition.unlock()
    }

    /// The consumer is gone: queued blocks are dropped and the producer is not kept waiting. With
    /// `waitingForProducer`, waits until the producer thread has called `producerExited()`.
    func stop(waitingForProducer: Bool) {
        condition.lock()
        stopped = true
        queue.removeAll()
        spare.removeAll()
        condition.broadcast()
        while waitingForProducer, !exited { condition.wait() }
        condition.unlock()
    }
}
