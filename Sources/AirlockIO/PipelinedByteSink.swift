import Foundation

/// A `ByteSink` that hands blocks to another sink on a thread of its own, so that producing the bytes (e.g.
/// serialising XML) and consuming them (e.g. deflating them into a zip entry) run on two cores.
///
/// Blocks are copied into a small pool of buffers (at most `depth` in flight), so memory stays bounded and the
/// consumer sees the blocks in the order they were written. An error of the consumer is rethrown by the next
/// `write` or by `finish()`; call `finish()` once the last block is written, before using what the consumer
/// produced. Dropping the sink without `finish()` stops the thread and discards what was not yet consumed.
public final class PipelinedByteSink: ByteSink {
    private let pipe: BlockPipe

    /// Starts the consumer thread, which writes every block to `target`.
    public init(target: ByteSink, depth: Int = 3) {
        let pipe = BlockPipe(depth: depth)
        self.pipe = pipe
        // Only the consumer thread uses `target` until the pipe is closed.
        nonisolated(unsafe) let consumer = target
        let thread = Thread { pipe.drain(into: consumer) }
        thread.start()
    }

    deinit { try? pipe.close(discarding: true) }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try pipe.put(bytes)
    }

    /// Waits until the consumer has written every block; rethrows its error.
    public func finish() throws {
        try pipe.close(discarding: false)
    }
}
