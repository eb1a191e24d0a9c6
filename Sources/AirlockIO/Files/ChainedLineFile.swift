import AirlockModel
import Foundation

/// A chained file (`LineChain`) opened for appending under an exclusive lock: the migration ledger for one line, the
/// key register for a run from reading it to appending its lines.
///
/// The file is opened with `O_APPEND` (created with mode 0644 when absent, never its folder) and locked with `flock`
/// until `close`, so that two runs appending at once chain one after the other. Lines are written with one `write`
/// and `fsync`ed (a new file's folder too). A last line without its line end (a write cut short) is ended first and
/// chained to as it stands, so that it shows as a line that is not an entry.
public final class ChainedLineFile {
    /// The file's path as given.
    public let path: String
    /// What the file is, for errors (`the migration ledger`).
    public let what: String
    private var descriptor: Int32

    /// Opens and locks `path`, waiting for another process's lock.
    /// - Throws: `AirlockError(.io)` naming `path`.
    public init(path: String, what: String) throws {
        self.path = path
        self.what = what
        descriptor = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Self.failure("open", what: what, path: path) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            let error = Self.failure("lock", what: what, path: path)
            Foundation.close(descriptor)
            descriptor = -1
            throw error
        }
    }

    deinit { close() }

    /// Unlocks and closes the file (again: nothing).
    public func close() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        Foundation.close(descriptor)
        descriptor = -1
    }

    /// The whole file as it stands.
    /// - Throws: `AirlockError(.io)`.
    public func contents() throws -> [UInt8] {
        let size = try self.size()
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress.map { $0 + offset }, $0.count - offset, off_t(offset))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Self.failure("read", what: what, path: path) }
            offset += count
        }
        return bytes
    }

    /// Appends the lines `encode` makes, one after another: `encode(index, previous)` gives line `index` (0-based, of
    /// `count`) without its line end, `previous` being the SHA-256 of the line before it in the file (nil for the
    /// file's first line).
    /// - Returns: the SHA-256 of each line written, in order.
    /// - Throws: `AirlockError(.io)`; `encode`'s errors (nothing is written then).
    @discardableResult
    public func append(count: Int, encode: (Int, String?) throws -> [UInt8]) throws -> LineChain.Digests {
        var digests = LineChain.Digests()
        guard count > 0 else { return digests }
        let size = try self.size()
        var bytes: [UInt8] = []
        var previous: String?
        if size > 0 {
            let last = try lastLine(size: size)
            if !last.ended { bytes.append(0x0A) }
            previous = LineChain.sha256(last.bytes)
        }
        for index in 0..<count {
            let line = try encode(index, previous)
            line.withUnsafeBytes { digests.append($0) }
            previous = digests.hex(digests.count - 1)
            bytes += line
            bytes.append(0x0A)
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw Self.failure("write to", what: what, path: path)
            }
            offset += written
        }
        guard fsync(descriptor) == 0 else { throw Self.failure("sync", what: what, path: path) }
        if size == 0 { syncFolder() }
        return digests
    }

    private func size() throws -> off_t {
        let size = lseek(descriptor, 0, SEEK_END)
        guard size >= 0 else { throw Self.failure("read", what: what, path: path) }
        return size
    }

    /// The last line of the file (`size` bytes), without its line end, and whether it had one.
    private func lastLine(size: off_t) throws -> (bytes: [UInt8], ended: Bool) {
        var last: UInt8 = 0
        guard pread(descriptor, &last, 1, size - 1) == 1 else { throw Self.failure("read", what: what, path: path) }
        let ended = last == 0x0A
        var position = ended ? size - 1 : size
        var pieces: [[UInt8]] = []
        while position > 0 {
            let length = min(off_t(1 << 16), position)
            var chunk = [UInt8](repeating: 0, count: Int(length))
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, Int(length), position - length) }
            guard count == Int(length) else { throw Self.failure("read", what: what, path: path) }
            if let newline = chunk.lastIndex(of: 0x0A) {
                pieces.append(Array(chunk[(newline + 1)...]))
                break
            }
            pieces.append(chunk)
            position -= length
        }
        return (pieces.reversed().flatMap { $0 }, ended)
    }

    /// Makes a new file's name durable in its folder (best effort).
    private func syncFolder() {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        Foundation.close(descriptor)
    }

    private static func failure(_ action: String, what: String, path: String) -> AirlockError {
        AirlockError(.io, "cannot \(action) \(what)", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
    }
}
