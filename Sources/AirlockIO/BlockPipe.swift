import Foundation

/// The bounded queue of byte blocks between a `PipelinedByteSink` and its consumer thread.
final class BlockPipe: @unchecked Sendable {
    private let depth: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var spare: [[UInt8]] = []
    private var inFlight = 0
    private var closed = false
    private var failure: (any Error)?
    private var drained = false

    init(depth: Int) {
        self.depth = max(1, depth)
    }

    /// Queues a copy of `bytes`, waiting while `depth` blocks are in flight; throws the consumer's error.
    func put(_ bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count > 0 else { return }
        condition.lock()
        while inFlight >= depth, failure == nil { condition.wait() }
        if let failure {
            condition.unlock()
            throw failure
        }
        var block = spare.popLast() ?? []
        inFlight += 1
        condition.unlock()
        block.removeAll(keepingCapacity: true)
        block.append(contentsOf: bytes)
        condition.lock()
        queue.append(block)
        condition.broadcast()
        condition.unlock()
    }

    /// No more blocks: waits for the consumer to finish (after dropping the queued blocks when `discarding`);
    /// throws the consumer's error.
    func close(discarding: Bool) throws {
        condition.lock()
        defer { condition.unlock() }
        closed = true
        if discarding {
            inFlight -= queue.count
            queue.removeAll()
        }
        condition.broadcast()
        while !drained { condition.wait() }
        if let failure { throw failure }
    }

    /// Runs on the consumer thread: writes each block to `sink` until the pipe is closed and empty, or the sink fails.
    func drain(into sink: ByteSink) {
        condition.lock()
        while true {
            while queue.isEmpty, !closed { condition.wait() }
            if queue.isEmpty || failure != nil { break }
            let block = queue.removeFirst()
            condition.unlock()
            var error: (any Error)?
            do {
                try block.withUnsafeBytes { try sink.write($0) }
            } catch let caught {
                error = caught
            }
            condition.lock()
            if let error, failure == nil { failure = error }
            spare.append(block)
            inFlight -= 1
            condition.broadcast()
        }
        drained = true
        condition.broadcast()
        condition.unlock()
    }
}
