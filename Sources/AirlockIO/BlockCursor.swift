/// Reading position in the current block of a stream fed by a `BlockQueue` (`ReadAheadByteStream`,
/// `ByteChannel.Stream`): hands out the queue's bytes, in order, into callers' buffers.
struct BlockCursor {
    /// The block being read.
    private var block: [UInt8] = []
    /// Bytes of `block` already handed out.
    private var offset = 0

    /// Fills `buffer` from the current block, taking the next one from `queue` (and recycling the used one) when
    /// it is exhausted. Returns 0 only at the end of the stream; throws the producer's error.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer, from queue: BlockQueue) throws -> Int {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while offset == block.count {
            var used: [UInt8] = []
            swap(&used, &block)
            offset = 0
            queue.recycle(used)
            guard let next = try queue.next() else { return 0 }
            block = next
        }
        let count = min(buffer.count, block.count - offset)
        block.withUnsafeBytes { raw in
            UnsafeMutableRawBufferPointer(start: base, count: count)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
