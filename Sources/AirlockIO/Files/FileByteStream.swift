#if canImport(Glibc)
import AirlockModel
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a file on disk, read with plain `read(2)` calls.
public final class FileByteStream: ByteStream {
    private var descriptor: Int32
    private let location: SourceLocation

    /// Opens `path` for reading.
    /// - Throws: `AirlockError(.io)` when it cannot be opened.
    public init(path: String, location: SourceLocation? = nil) throws {
        let location = location ?? SourceLocation(file: path)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw AirlockError(.io, "cannot open the file", at: location, cause: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.location = location
    }

    /// The whole file at `path`, read into an array of its size (no growing copies): for files read whole, such as
    /// spool files.
    /// - Throws: `AirlockError(.io)` when it cannot be opened or read.
    public static func contents(of path: String) throws -> [UInt8] {
        let stream = try FileByteStream(path: path)
        var status = stat()
        guard fstat(stream.descriptor, &status) == 0, status.st_size > 0 else { return try stream.readAll() }
        let size = Int(status.st_size)
        var filled = 0
        var bytes = try [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while filled < size {
                let read = try stream.read(into: UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(buffer)[filled...]))
                if read == 0 { break }
                filled += read
            }
            count = filled
        }
        // A file that grew while it was read: the rest too.
        if filled == size { bytes.append(contentsOf: try stream.readAll()) }
        return bytes
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        guard descriptor >= 0, let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno == EINTR { continue }
            throw AirlockError(.io, "cannot read the file", at: location, cause: String(cString: strerror(errno)))
        }
    }
}
