import AirlockModel
import Foundation

/// A hidden folder inside the output folder where a conversion writes; `commit` renames each finished file into
/// place, so nothing is written outside `--out` and a package appears only complete. A failed run removes the
/// staging folder (and an output folder it created), leaving `--out` as it was.
final class StagingDirectory {
    /// The files a conversion may leave in the output folder; a committed run replaces all of them.
    static let outputNames = [
        Converter.foPackageName, Converter.salesPackageName, Converter.reportName, "report.html", Converter.rejectsFolder,
    ]
    /// Name prefix of staging folders (a leftover of an interrupted run is removed by the next run).
    static let prefix = ".airlock-staging-"

    let target: String
    let staging: String
    private let createdTarget: Bool
    private var finished = false

    init(target: String) throws {
        self.target = target
        let manager = FileManager.default
        createdTarget = !manager.fileExists(atPath: target)
        staging = target + "/" + Self.prefix + "\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            for name in (try? manager.contentsOfDirectory(atPath: target)) ?? [] where name.hasPrefix(Self.prefix) {
                try manager.removeItem(atPath: target + "/" + name)
            }
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
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

    /// Removes a staged file (a package that is not handed over).
    func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: path(name))
    }

    /// Replaces the output folder's Airlock files (`outputNames`) with the staged ones: each file by one rename;
    /// files of an earlier run that this run does not produce are removed. Other files in the folder are kept.
    func commit() throws {
        let manager = FileManager.default
        do {
            let staged = Set(try manager.contentsOfDirectory(atPath: staging))
            for name in Self.outputNames where manager.fileExists(atPath: target + "/" + name) {
                if name == Converter.rejectsFolder || !staged.contains(name) { try manager.removeItem(atPath: target + "/" + name) }
            }
            for name in Self.outputNames where staged.contains(name) {
                // rename(2) replaces an existing file in one step.
                guard rename(path(name), target + "/" + name) == 0 else {
                    throw AirlockError(
                        .io, "cannot rename \(name) into place", at: SourceLocation(file: target), cause: String(cString: strerror(errno)))
                }
            }
            try manager.removeItem(atPath: staging)
            finished = true
        } catch {
            throw AirlockError(.io, "cannot move the output into place", at: SourceLocation(file: target), cause: "\(error)")
        }
    }

    /// Removes the staged files (after a failure), and the output folder when this run created it.
    func discard() {
        guard !finished else { return }
        finished = true
        let manager = FileManager.default
        try? manager.removeItem(atPath: staging)
        if createdTarget, (try? manager.contentsOfDirectory(atPath: target))?.isEmpty == true { try? manager.removeItem(atPath: target) }
    }
}
