/// Reading position in the current block of a block-by-block `ByteStream` (`ReadAheadByteStream`,
/// `ByteChannel.Stream`): hands out its bytes into callers' buffers.
struct BlockCursor {
    /// The block being read.
    var block: [UInt8] = []
    /// Bytes of `block` already handed out.
    var offset = 0

    /// Whether every byte of the block has been handed out.
    var isExhausted: Bool { offset == block.count }

    /// Takes the block out (to reuse its storage), leaving the cursor empty.
    mutating func takeBlock() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &block)
        offset = 0
        return taken
    }

    /// Starts reading `next`.
    mutating func start(_ next: [UInt8]) {
        block = next
        offset = 0
    }

    /// Copies as many of the remaining bytes as fit into `buffer`; returns how many.
    mutating func copy(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let count = min(buffer.count, block.count - offset)
        block.withUnsafeBytes { raw in
            UnsafeMutableRawBufferPointer(start: base, count: count)
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
