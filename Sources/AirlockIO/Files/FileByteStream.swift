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
