#if canImport(Glibc)
import AirlockModel
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a path on disk is, from `stat(2)`.
public struct FileStatus: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case file, directory, other }

    public var kind: Kind
    public var size: Int64

    /// Reads the status of `path`, following symbolic links.
    /// - Throws: `AirlockError(.io)` when the path does not exist or cannot be read.
    public static func of(_ path: String) throws -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw AirlockError(.io, "cannot read the file", at: SourceLocation(file: path), cause: String(cString: strerror(errno)))
        }
        let format = info.st_mode & S_IFMT
        let kind: Kind = format == S_IFREG ? .file : format == S_IFDIR ? .directory : .other
        return FileStatus(kind: kind, size: Int64(info.st_size))
    }
}
