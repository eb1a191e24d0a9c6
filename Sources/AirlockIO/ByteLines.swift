import Foundation

/// The lines of a byte stream, read a block at a time: each line's bytes without its LF, in place in the block
/// where it lies whole in one (a line across two blocks is gathered into a buffer of its own).
public enum ByteLines {
    /// The size of the blocks read.
    static let blockSize = 1 << 20

    /// Hands each line of `stream` to `body`, in order, without its LF (a CR before it is left in), with whether an
    /// LF ended it (only the last line may lack one; an empty line after the last LF is no line).
    /// - Throws: what `stream` and `body` throw.
    public static func forEach(
        in stream: ByteStream, _ body: (_ line: UnsafeRawBufferPointer, _ ended: Bool) throws -> Void
    ) throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 1)
        defer { block.deallocate() }
        var carried: [UInt8] = []
        while true {
            let count = try stream.read(into: block)
            guard count > 0 else { break }
            guard let base = block.baseAddress else { break }
            var start = 0
            while start < count {
                guard let found = memchr(base + start, 0x0A, count - start) else {
                    carried.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[start..<count]))
                    break
                }
                let end = base.distance(to: UnsafeMutableRawPointer(found))
                if carried.isEmpty {
                    try body(UnsafeRawBufferPointer(rebasing: block[start..<end]), true)
                } else {
                    carried.append(contentsOf: UnsafeRawBufferPointer(rebasing: block[start..<end]))
                    try carried.withUnsafeBytes { try body($0, true) }
                    carried.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
        }
        if !carried.isEmpty { try carried.withUnsafeBytes { try body($0, false) } }
    }
}
