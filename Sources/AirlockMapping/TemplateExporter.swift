import AirlockModel
import Foundation

/// Writes a bundled template set into a folder, for a user to edit and pass to `convert --templates`.
public enum TemplateExporter {
    /// Writes every file of the bundled set `set` into `directory` (created if missing), each atomically (a
    /// temporary file renamed); a set other than the default also gets `template-set.yaml` naming it.
    /// - Parameters:
    ///   - directory: the folder to write into.
    ///   - set: the bundled set.
    ///   - overwrite: replace files that exist; otherwise nothing is written when any of them exists.
    /// - Returns: the paths written, `value-maps.yaml` first.
    /// - Throws: `AirlockError` (`.usage` when a file exists and `overwrite` is false, `.io` when writing fails).
    @discardableResult
    public static func export(to directory: String, set: TemplateSetName = .standard, overwrite: Bool = false) throws -> [String] {
        var files = try TemplateLoader.bundledFiles(set)
        if set != .standard {
            files.append(TemplateFile(name: TemplateSetName.markerFileName, text: TemplateSetMarker.text(for: set), path: ""))
        }
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw AirlockError(.io, "cannot create the folder", at: SourceLocation(file: directory), cause: SystemErrorText.of(error))
        }
        let paths = files.map { (directory as NSString).appendingPathComponent($0.name) }
        if !overwrite {
            let existing = paths.filter { manager.fileExists(atPath: $0) }
            if !existing.isEmpty {
                let names = existing.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                throw AirlockError(
                    .usage, "\(existing.count) file(s) exist already (\(names)); pass --force to overwrite them",
                    at: SourceLocation(file: directory))
            }
        }
        for (file, path) in zip(files, paths) {
            do {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                throw AirlockError(.io, "cannot write the template file", at: SourceLocation(file: path), cause: SystemErrorText.of(error))
            }
        }
        return paths
    }
}
