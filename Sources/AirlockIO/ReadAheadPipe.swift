import Foundation

/// The bounded queue of blocks between the reader thread of a `ReadAheadByteStream` and its consumer.
final class ReadAheadPipe: @unchecked Sendable {
    private let depth: Int
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var spare: [[UInt8]] = []
    private var finished = false
    private var failure: (any Error)?
    private var stopped = false
    private var exited = false

    init(depth: Int) {
        self.depth = max(1, depth)
    }

    /// The next block; nil at the end of the source; throws the source's error once the blocks before it are taken.
    func next() throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty, !finished { condition.wait() }
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
        if spare.count < depth { spare.append(block) }
        condition.unlock()
    }

    /// The consumer is gone: the reader thread stops after its current read. Waits for it to exit.
    func stop() {
        condition.lock()
        stopped = true
        queue.removeAll()
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
    }

    /// Runs on the reader thread: reads `source` block by block until its end, an error, or `stop()`.
    func fill(from source: ByteStream, blockSize: Int) {
        var failed: (any Error)?
        reading: while true {
            condition.lock()
            while queue.count >= depth, !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                break
            }
            var block = spare.popLast() ?? [UInt8](repeating: 0, count: blockSize)
            condition.unlock()
            if block.count != blockSize { block = [UInt8](repeating: 0, count: blockSize) }
            var filled = 0
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
            let atEnd = failed != nil || filled < blockSize
            condition.lock()
            if filled > 0 {
                block.removeSubrange(filled...)
                queue.append(block)
            }
            if atEnd {
                finished = true
                failure = failed
            }
            condition.broadcast()
            condition.unlock()
            if atEnd { break reading }
        }
        condition.lock()
        finished = true
        exited = true
        condition.broadcast()
        condition.unlock()
    }
}
