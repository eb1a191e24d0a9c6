import AirlockModel
import Foundation

/// Reads the YAML a target carries in itself (the schema catalog, the mapping templates: each target's
/// `Resources` folder, compiled in by the EmbedResources build plugin), and YAML files a user names.
public enum BundledResources {
    /// The files a target embeds (its generated `embeddedResources`), each with its path inside the target's
    /// `Resources` folder and its text, in path order.
    /// - Parameter what: what they are, for errors (`the bundled schema catalog`).
    /// - Throws: `AirlockError(.encoding)` when one is not UTF-8 (a build of a broken source tree).
    public static func files(_ embedded: [(path: String, base64: String)], what: String) throws -> [(path: String, text: String)] {
        try embedded.sorted { $0.path < $1.path }.map { entry in
            guard let data = Data(base64Encoded: entry.base64) else {
                throw AirlockError(.io, "\(what) is damaged in this build", at: SourceLocation(file: entry.path))
            }
            return (entry.path, try text(of: data, what: what, path: entry.path))
        }
    }

    /// The UTF-8 text of the file at `path` (a UTF-8 BOM is dropped).
    /// - Parameter what: what the file is, for errors (`a template file`).
    /// - Throws: `AirlockError(.io)` when it cannot be read, `.encoding` when it is not UTF-8.
    public static func readText(_ path: String, what: String) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw AirlockError(.io, "cannot read \(what)", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
        }
        return try text(of: data, what: what, path: path)
    }

    /// `data` as UTF-8 text, a UTF-8 BOM dropped.
    static func text(of data: Data, what: String, path: String) throws -> String {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw AirlockError(.encoding, "\(what) must be UTF-8", at: SourceLocation(file: path))
        }
        return text
    }
}
