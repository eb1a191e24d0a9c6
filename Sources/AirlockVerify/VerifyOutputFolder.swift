import AirlockModel
import Foundation

/// The folder `verify` writes: built in a hidden folder beside it (`.<name>.airlock-<pid>.tmp`) and renamed into
/// place when complete, so it appears whole or not at all; an existing folder (`--force`) is replaced by the same
/// rename, its old contents removed only after.
final class VerifyOutputFolder {
    let target: String
    let staging: String
    private var finished = false

    /// Refuses an existing non-empty folder without `force`, or a path that is a file; creates the staging folder.
    init(target: String, force: Bool) throws {
        let url = URL(fileURLWithPath: target).standardizedFileURL
        self.target = url.path
        let parent = url.deletingLastPathComponent().path
        staging = parent + "/." + url.lastPathComponent + ".airlock-\(ProcessInfo.processInfo.processIdentifier).tmp"
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: self.target, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw AirlockError(.usage, "--out \(target) is a file, not a folder") }
            if !force, !((try? manager.contentsOfDirectory(atPath: self.target))?.isEmpty ?? true) {
                throw AirlockError(.usage, "the output folder \(target) is not empty; use --force to replace it")
            }
        }
        do {
            try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            try? manager.removeItem(atPath: staging)
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            throw AirlockError(.io, "cannot create the staging folder", at: SourceLocation(file: staging), cause: "\(error)")
        }
    }

    /// The path of `name` in the staging folder.
    func path(_ name: String) -> String { staging + "/" + name }

    /// Writes `data` to `name` in the staging folder.
    func write(_ data: Data, to name: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path(name)))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path(name)), cause: "\(error)")
        }
    }

    /// Moves the staged folder into place, replacing any folder there.
    func commit() throws {
        let manager = FileManager.default
        let old = staging + ".old"
        try? manager.removeItem(atPath: old)
        let replacing = manager.fileExists(atPath: target)
        if replacing, rename(target, old) != 0 {
            throw AirlockError(
                .io, "cannot move the old output aside", at: SourceLocation(file: target), cause: String(cString: strerror(errno)))
        }
        guard rename(staging, target) == 0 else {
            let cause = String(cString: strerror(errno))
            if replacing { _ = rename(old, target) }
            throw AirlockError(.io, "cannot rename the output into place", at: SourceLocation(file: target), cause: cause)
        }
        finished = true
        if replacing { try? manager.removeItem(atPath: old) }
    }

    /// Removes the staging folder (after a failure).
    func discard() {
        guard !finished else { return }
        finished = true
        try? FileManager.default.removeItem(atPath: staging)
    }
}
