/// Reads the events `CMTObserverRelay` recorded in one block, in order (see its layout).
struct CMTObserverEventReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    var isAtEnd: Bool { offset >= bytes.count }

    mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func int() -> Int {
        defer { offset += 4 }
        return Int(bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self))
    }

    /// A length-prefixed piece, nil when written as absent; a view into the block.
    mutating func piece() -> UnsafeRawBufferPointer? {
        let count = int()
        guard count >= 0 else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    mutating func text() -> String? {
        piece().map { String(decoding: $0, as: UTF8.self) }
    }
}
