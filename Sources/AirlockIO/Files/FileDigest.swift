import AirlockModel
import Crypto
import Foundation

/// A file's SHA-256 and size, as `report.json` lists inputs and outputs.
public struct FileDigest: Sendable, Hashable, Codable {
    public var path: String
    public var bytes: Int
    public var sha256: String

    /// Digests the file at `path` (read in 128 KiB chunks into one buffer, which comes from the heap and is used
    /// again: no fresh pages per chunk); a folder package digests to its members' names and bytes in name order.
    public static func of(_ path: String, as shown: String? = nil) throws -> FileDigest {
        var hasher = SHA256()
        var total = 0
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AirlockError(.io, "cannot read the file to digest it", at: SourceLocation(file: path))
        }
        let files: [String]
        if isDirectory.boolValue {
            let enumerator = FileManager.default.enumerator(atPath: path)
            var members: [String] = []
            while let next = enumerator?.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path + "/" + next, isDirectory: &isFolder), !isFolder.boolValue {
                    members.append(next)
                }
            }
            files = members.sorted()
        } else {
            files = [""]
        }
        var buffer = [UInt8](repeating: 0, count: 128 << 10)
        for member in files {
            let file = member.isEmpty ? path : path + "/" + member
            if !member.isEmpty { hasher.update(data: Data((member + "\u{0}").utf8)) }
            let stream: FileByteStream
            do {
                stream = try FileByteStream(path: file)
            } catch {
                throw AirlockError(.io, "cannot open the file to digest it", at: SourceLocation(file: file))
            }
            try buffer.withUnsafeMutableBytes { chunk in
                while true {
                    let count = try stream.read(into: chunk)
                    if count == 0 { break }
                    total += count
                    hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: chunk[..<count]))
                }
            }
        }
        return FileDigest(path: shown ?? path, bytes: total, sha256: hex(hasher.finalize()))
    }

    /// The SHA-256 of the last `count` bytes of the file at `path` (all of it when it is shorter), in hex; nil for a
    /// folder. For a zip these bytes hold its central directory, which lists every entry's CRC-32 and sizes: what a
    /// step that does not read an input checks that it is the one another step digested whole, at no cost per byte.
    /// - Throws: `AirlockError(.io)` naming the file when it cannot be read.
    public static func tailSHA256(of path: String, count: Int = 1 << 20) throws -> String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw AirlockError(.io, "cannot read the file to digest it", at: SourceLocation(file: path))
        }
        if isDirectory.boolValue { return nil }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw AirlockError(.io, "cannot open the file to digest it", at: SourceLocation(file: path))
        }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            try handle.seek(toOffset: size - min(size, UInt64(max(0, count))))
            return sha256(of: [try handle.readToEnd() ?? Data()])
        } catch {
            throw AirlockError(.io, "cannot read the file to digest it", at: SourceLocation(file: path))
        }
    }

    /// The SHA-256 of `pieces` one after another, in hex.
    public static func sha256(of pieces: [Data]) -> String {
        var hasher = SHA256()
        for piece in pieces { hasher.update(data: piece) }
        return hex(hasher.finalize())
    }

    /// A digest's bytes in lower-case hex.
    private static func hex(_ digest: SHA256.Digest) -> String { digest.map { String(format: "%02x", $0) }.joined() }
}
