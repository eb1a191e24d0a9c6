#if canImport(Glibc)
import AirlockModel
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path holds and in what state, from `stat(2)`: its inode, size and modification time to the
/// nanosecond. A file written once and only read after keeps it, on any machine that mounts it; rewritten, even with
/// the same bytes, it gets another. Processes that read a file another wrote compare it to know they read the same.
public struct FileIdentity: Codable, Equatable, Sendable {
    public var size: Int64
    public var inode: UInt64
    public var modifiedSeconds: Int64
    public var modifiedNanoseconds: Int64

    /// The identity of the file at `path`, following symbolic links.
    /// - Throws: `AirlockError(.io)` when the path does not exist or cannot be read.
    public static func of(_ path: String) throws -> FileIdentity {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AirlockError(.io, "cannot read the file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        return FileIdentity(
            size: Int64(info.st_size), inode: UInt64(info.st_ino), modifiedSeconds: Int64(info.st_mtim.tv_sec),
            modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }
}
