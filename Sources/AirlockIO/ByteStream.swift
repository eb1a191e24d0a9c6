import AirlockModel

/// A forward-only source of bytes: a zip entry, a file, or a decoder wrapped around either.
///
/// Streams are classes so that C callbacks (libxml2's I/O, libarchive) can hold them by pointer.
public protocol ByteStream: AnyObject {
    /// Reads up to `buffer.count` bytes into `buffer`.
    /// - Returns: the number of bytes read; 0 only at the end of the stream.
    /// - Throws: `AirlockError` when the underlying source fails.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

extension ByteStream {
    /// Reads the whole remaining stream. Only for small members (headers, manifests, test fixtures).
    public func readAll(limit: Int = .max) throws -> [UInt8] {
        var result: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = try read(into: chunk)
            if n == 0 { break }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
            if result.count > limit {
                throw AirlockError(.limitExceeded, "member is larger than the \(limit)-byte limit for this kind of file")
            }
        }
        return result
    }
}
