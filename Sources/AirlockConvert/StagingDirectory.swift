import AirlockModel
import Foundation

/// A temporary folder next to the output folder where a conversion writes; `commit` moves it into place in
/// one rename, so the output folder never holds a partial result.
final class StagingDirectory {
    let target: String
    let staging: String
    private var committed = false

    init(target: String, suffix: String = "tmp") throws {
        self.target = target
        let url = URL(fileURLWithPath: target).standardizedFileURL
        let parent = url.deletingLastPathComponent().path
        staging = parent + "/." + url.lastPathComponent + ".airlock-\(ProcessInfo.processInfo.processIdentifier).\(suffix)"
        do {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: staging) { try FileManager.default.removeItem(atPath: staging) }
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw AirlockError(.io, "cannot create the staging folder", at: SourceLocation(file: staging), cause: "\(error)")
        }
    }

    func path(_ name: String) -> String { staging + "/" + name }

    func makeFolder(_ name: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        } catch {
            throw AirlockError(.io, "cannot create a folder", at: SourceLocation(file: path(name)), cause: "\(error)")
        }
    }

    func write(_ data: Data, to name: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path(name)))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path(name)), cause: "\(error)")
        }
    }

    /// Moves the staged files into place as the output folder (an existing one is replaced: the caller has
    /// checked it is empty or that `--force` was given).
    func commit(replacing: Bool) throws {
        let manager = FileManager.default
        let old = staging + ".old"
        do {
            if manager.fileExists(atPath: target) {
                try manager.moveItem(atPath: target, toPath: old)
            }
            try manager.moveItem(atPath: staging, toPath: target)
            if manager.fileExists(atPath: old) { try manager.removeItem(atPath: old) }
            committed = true
        } catch {
            if !manager.fileExists(atPath: target), manager.fileExists(atPath: old) { try? manager.moveItem(atPath: old, toPath: target) }
            throw AirlockError(.io, "cannot move the output into place", at: SourceLocation(file: target), cause: "\(error)")
        }
    }

    /// Removes the staged files (after a failure).
    func discard() {
        guard !committed else { return }
        try? FileManager.default.removeItem(atPath: staging)
    }
}
