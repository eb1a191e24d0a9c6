import AirlockModel

/// The stream of a `MemberRange`: inflates from its point, drops the bytes before its start, and ends after its count.
public final class MemberRangeStream: ByteStream {
    private let range: MemberRange
    private let inflater: RawInflater
    private var skip: Int64
    private var left: Int64

    /// - Throws: `AirlockError(.io)` when the file cannot be opened.
    public init(_ range: MemberRange) throws {
        self.range = range
        inflater = try RawInflater(range.member, location: range.location, from: range.point)
        skip = range.start - range.point.output
        left = range.count
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if skip > 0 { try dropSkipped() }
        var filled = 0
        while filled < buffer.count, left > 0 {
            let room = Int(min(Int64(buffer.count - filled), left))
            let got = try inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + room)]))
            filled += got
            left -= Int64(got)
            if inflater.ended, left > 0 { throw shortRead() }
        }
        return filled
    }

    /// Inflates and drops the bytes between the point and the start.
    private func dropSkipped() throws {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 256 * 1024, alignment: 1)
        defer { scratch.deallocate() }
        while skip > 0 {
            let got = try inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<Int(min(Int64(scratch.count), skip))]))
            skip -= Int64(got)
            if inflater.ended, skip > 0 { throw shortRead() }
        }
    }

    private func shortRead() -> AirlockError {
        AirlockError(
            .corruptArchive,
            "the member ends before bytes \(range.start)–\(range.start + range.count) it was read for: the file changed since",
            at: range.location)
    }
}
