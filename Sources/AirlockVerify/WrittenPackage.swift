import AirlockIO
import AirlockModel
import Foundation

/// A package a verb wrote into its output folder and listed in its report with its digest (`to-fo.zip` of
/// `report.json`, of `retry.json`): the verbs that read it again check it is still that package.
enum WrittenPackage {
    /// The digest of package `name` in `folder`, which `report` lists with `expected`.
    /// - Parameters:
    ///   - folderKind: what the folder is, in messages (`run`, `retry`).
    ///   - writer: what wrote it, in messages (`the conversion`, `the retry`).
    /// - Throws: `AirlockError(.usage)` naming the package: not there, or not the bytes the report lists.
    static func check(
        _ name: String, in folder: String, listedIn report: String, as expected: FileDigest, folderKind: String, writer: String
    ) throws -> FileDigest {
        let path = folder + "/" + name
        guard FileManager.default.fileExists(atPath: path) else {
            throw AirlockError(.usage, "\(report) lists \(name), which is not in the \(folderKind) folder", at: SourceLocation(file: path))
        }
        let digest = try FileDigest.of(path)
        guard digest.sha256 == expected.sha256, digest.bytes == expected.bytes else {
            throw AirlockError(
                .usage,
                "\(name) is not the package \(writer) wrote (SHA-256 \(digest.sha256), \(report) says \(expected.sha256)): it changed after \(writer)",
                at: SourceLocation(file: path))
        }
        return digest
    }
}
