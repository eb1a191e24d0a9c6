import AirlockModel

/// One stream made of several, read one after the other: bytes held in memory, or files or ranges of a member opened
/// when reached.
public final class ConcatenatedByteStream: ByteStream {
    /// A piece of the stream.
    public enum Piece: Sendable, Equatable {
        case bytes([UInt8])
        case file(String)
        case range(MemberRange)
    }

    private var pieces: [Piece]
    private var next = 0
    private var current: ByteStream?

    public init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if let current {
                let count = try current.read(into: buffer)
                if count > 0 { return count }
                self.current = nil
            }
            guard next < pieces.count else { return 0 }
            switch pieces[next] {
            case .bytes(let bytes): current = MemoryByteStream(bytes)
            case .file(let path): current = try FileByteStream(path: path)
            case .range(let range): current = try MemberRangeStream(range)
            }
            pieces[next] = .bytes([])
            next += 1
        }
    }
}
