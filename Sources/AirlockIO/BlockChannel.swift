import AirlockModel

/// A bounded, one-way hand-over of whole blocks of bytes between two threads: each block the sender fills
/// arrives as one block, so a block can hold records that must not be split (unlike `ByteChannel`, whose
/// reader sees a stream).
///
/// At most `depth` blocks are in flight; the sender waits while the receiver is behind, and receives the
/// storage of consumed blocks back. A sender that fails gives the receiver an error; a receiver that stops
/// turns further sends into no-ops.
public final class BlockChannel: Sendable {
    private let queue: BlockQueue

    /// A channel holding at most `depth` blocks in flight.
    public init(depth: Int = 4) {
        queue = BlockQueue(depth: depth)
    }

    // MARK: sender

    /// Waits for room, then sends the block `fill` writes into (given empty, with spare capacity when it can be
    /// reused); returns false, without calling `fill`, once the receiver has stopped.
    @discardableResult
    public func send(_ fill: (inout [UInt8]) throws -> Void) rethrows -> Bool {
        guard var block = queue.emptyBlock() else { return false }
        block.removeAll(keepingCapacity: true)
        try fill(&block)
        queue.push(block)
        return true
    }

    /// No more blocks: the receiver gets nil after the blocks sent so far.
    public func finish() {
        queue.end()
    }

    /// Ends the channel with an error for the receiver (the sender failed).
    public func fail() {
        queue.end(failure: AirlockError(.io, "the blocks stopped before their end: the sender failed"))
    }

    // MARK: receiver

    /// The next block, nil at the end.
    /// - Throws: the sender's failure, once the blocks before it are received.
    public func receive() throws -> [UInt8]? {
        try queue.next()
    }

    /// Gives a received block's storage back to the sender.
    public func recycle(_ block: consuming [UInt8]) {
        queue.recycle(block)
    }

    /// Stops receiving: blocks in flight and later sends are dropped.
    public func stop() {
        queue.stop(waitingForProducer: false)
    }
}
