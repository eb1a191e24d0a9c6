import AirlockModel

/// The stream of a `MemberRange`: inflates from its point, drops the bytes before its start, and ends after its count.
public final class MemberRangeStream: ByteStream {
    private let range: MemberRange
    private let inflater: RawInflater
    private var skip: Int64
    private var left: Int64

    /// - Throws: `AirlockError(.io)` when the file cannot be opened, or the range does not lie in the member after its
    ///   point (a plan edited or damaged).
    public init(_ range: MemberRange) throws {
        let point = range.point
        guard point.output >= 0, point.output <= range.start, range.count >= 0, range.start + range.count <= range.member.bytes,
            (0...7).contains(point.bits), point.input >= (point.bits > 0 ? 1 : 0), point.input <= range.member.storedBytes,
            range.member.form == .deflated || (point.input == point.output && point.bits == 0)
        else {
            throw AirlockError(
                .io, "bytes \(range.start)–\(range.start + range.count) cannot be read from the point given (\(point.output))",
                at: range.location)
        }
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
