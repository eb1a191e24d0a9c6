import AirlockModel
internal import CZlib

/// A member read whole, from its stored bytes on disk (`MemberBytes`), that notes where later reads may start
/// (`point(atOrBefore:)`): for a deflated zip entry, where each deflate block starts, with the window before it; its
/// size (as it is read) and CRC-32 (at its end) are checked, as libarchive checks them.
///
/// It notes a block's start only `pointSpacing` bytes or more after the last one noted, so a read from a point drops at
/// most that and a block before what it wants, and a stream of tiny or empty blocks (a hostile archive) cannot make it
/// hold a window for each. It keeps the points from the last one at or before the offset last given to
/// `forget(before:)` on, so a caller that asks for points a little behind what it has read (a scanner holding a few
/// blocks) holds a few windows at a time.
public final class MemberScanStream: ByteStream {
    /// The least distance, in the member's bytes, between two points noted.
    public static let pointSpacing: Int64 = 256 * 1024

    private let member: MemberBytes
    private let location: SourceLocation
    private let inflater: RawInflater
    /// Bytes handed out so far.
    private var output: Int64 = 0
    private var crc: UInt = 0
    /// The last `RawInflater.windowSize` bytes handed out.
    private var history: [UInt8] = []
    /// The block starts noted, ascending by output.
    private var points: [MemberReadPoint] = []

    /// Opens `member`; `location` names it in errors.
    /// - Throws: `AirlockError(.io)` when its file cannot be opened.
    public init(_ member: MemberBytes, location: SourceLocation) throws {
        self.member = member
        self.location = location
        inflater = try RawInflater(member, location: location)
        if member.form == .deflated { points = [MemberReadPoint(output: 0, input: 0, bits: 0, window: [])] }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var filled = 0
        while filled < buffer.count, !inflater.ended {
            filled += try inflater.inflate(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            if inflater.atBlockEnd, output + Int64(filled) >= (points.last?.output ?? 0) + Self.pointSpacing {
                let (input, bits) = inflater.position
                let window = self.window(before: filled, in: buffer)
                points.append(MemberReadPoint(output: output + Int64(filled), input: input, bits: bits, window: window))
            }
        }
        let done = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
        output += Int64(filled)
        // More than the archive lists (a zip bomb's way) is refused as it comes, not at the end.
        if output > member.bytes { try checkEnd() }
        if member.crc32 != nil, let base = done.baseAddress { crc = crc32_z(crc, base.assumingMemoryBound(to: Bytef.self), done.count) }
        history = Array(window(before: filled, in: buffer))
        if inflater.ended { try checkEnd() }
        return filled
    }

    /// How many points it holds (each with its window).
    public var heldPoints: Int { points.count }

    /// The last point at or before `offset` (an offset into the member), among those kept.
    public func point(atOrBefore offset: Int64) -> MemberReadPoint? {
        if member.form == .plain { return MemberReadPoint(output: offset, input: offset, bits: 0, window: []) }
        return points.last { $0.output <= offset }
    }

    /// Lets go of the points no `point(atOrBefore:)` of `offset` or later needs.
    public func forget(before offset: Int64) {
        guard let last = points.lastIndex(where: { $0.output <= offset }), last > 0 else { return }
        points.removeFirst(last)
    }

    /// The up to 32 KiB handed out before the `count` first bytes of `buffer` and those bytes, the last 32 KiB.
    private func window(before count: Int, in buffer: UnsafeMutableRawBufferPointer) -> [UInt8] {
        let size = RawInflater.windowSize
        if count >= size { return Array(buffer[(count - size)..<count]) }
        return Array(history.suffix(size - count)) + Array(buffer[0..<count])
    }

    /// Refuses a member whose bytes are not as many as its entry says, or whose CRC-32 differs.
    private func checkEnd() throws {
        if output != member.bytes {
            throw AirlockError(
                .corruptArchive, "the member inflates to \(output) bytes where the archive lists \(member.bytes)", at: location)
        }
        if let expected = member.crc32, UInt32(truncatingIfNeeded: crc) != expected {
            throw AirlockError(.corruptArchive, "the member's CRC-32 does not match the archive's: the archive is damaged", at: location)
        }
    }
}
