import AirlockModel
import Foundation

/// Finds and reads the YAML a target bundles (the schema catalog, the mapping templates).
public enum BundledResources {
    /// The `Resources` folder of resource bundle `bundleName` (e.g. `Airlock_AirlockCatalog`).
    ///
    /// Looked up like SwiftPM's `Bundle.module` (beside the executable), then at `sourceFolder` (the source tree,
    /// for tests and development builds), without `Bundle.module`'s `fatalError` when a binary was copied away
    /// from its bundle.
    /// - Parameter what: what is missing, for the error (`the bundled schema catalog`).
    /// - Throws: `AirlockError(.io)` when the folder is nowhere.
    public static func folder(bundleName: String, sourceFolder: String, what: String) throws -> String {
        var places = [Bundle.main.bundleURL]
        if let executable = Bundle.main.executableURL { places.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        for place in places {
            for suffix in [".resources", ".bundle"] {
                let bundle = Bundle(path: place.appendingPathComponent(bundleName + suffix).path)
                if let folder = bundle?.url(forResource: "Resources", withExtension: nil) { return folder.standardizedFileURL.path }
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: sourceFolder, isDirectory: &isDirectory), isDirectory.boolValue { return sourceFolder }
        throw AirlockError(
            .io, "\(what) is missing: keep \(bundleName).resources beside the airlock executable",
            at: SourceLocation(file: Bundle.main.bundleURL.path))
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
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            throw AirlockError(.encoding, "\(what) must be UTF-8", at: SourceLocation(file: path))
        }
        return text
    }
}
