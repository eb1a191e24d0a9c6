import AirlockIO
import Crypto
import Foundation

/// A file's SHA-256 and size, as `report.json` lists inputs and outputs.
public struct FileDigest: Sendable, Hashable, Codable {
    public var path: String
    public var bytes: Int
    public var sha256: String

    /// Digests the file at `path` (read in 1 MiB chunks); a folder package digests to its members' names and
    /// bytes in name order.
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
        for member in files {
            let file = member.isEmpty ? path : path + "/" + member
            if !member.isEmpty { hasher.update(data: Data((member + "\u{0}").utf8)) }
            guard let handle = FileHandle(forReadingAtPath: file) else {
                throw AirlockError(.io, "cannot open the file to digest it", at: SourceLocation(file: file))
            }
            defer { try? handle.close() }
            while true {
                let chunk = handle.readData(ofLength: 1 << 20)
                if chunk.isEmpty { break }
                total += chunk.count
                hasher.update(data: chunk)
            }
        }
        let digest = hasher.finalize().map { String(format: "%02x", $0) }.joined()
        return FileDigest(path: shown ?? path, bytes: total, sha256: digest)
    }
}
