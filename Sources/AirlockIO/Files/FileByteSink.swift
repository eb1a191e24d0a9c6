#if canImport(Glibc)
import AirlockModel
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes bytes to a new file with `write(2)`; `close()` reports the final error, if any.
public final class FileByteSink: ByteSink {
    private var descriptor: Int32
    public let path: String

    /// Creates (or truncates) `path`.
    /// - Throws: `AirlockError(.io)` when it cannot be created.
    public init(path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw AirlockError(.io, "cannot create the file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = Glibc.write(descriptor, base, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
            }
            remaining -= count
            base += count
        }
    }

    /// Closes the file.
    /// - Throws: `AirlockError(.io)` when the last write could not be completed.
    public func close() throws {
        guard descriptor >= 0 else { return }
        let status = Glibc.close(descriptor)
        descriptor = -1
        if status != 0 {
            throw AirlockError(
                .io, "cannot finish writing the file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
    }
}
