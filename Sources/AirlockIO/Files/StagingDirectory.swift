import AirlockModel
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A hidden folder inside the output folder where a verb writes; `commit` renames each finished file into place,
/// so nothing is written outside `--out` and an output appears only complete. A failed run removes the staging
/// folder (and an output folder it created), leaving `--out` as it was.
public final class StagingDirectory {
    /// Name prefix of staging folders (a leftover of an interrupted run is removed by the next run).
    public static let prefix = ".airlock-staging-"

    /// The files and folders the verb may leave in the output folder; a committed run replaces all of them.
    public let outputNames: [String]
    /// The output folder.
    public let target: String
    /// The staging folder inside it.
    public let staging: String
    private let createdTarget: Bool
    private var finished = false
    /// Its registration with `Interrupts`, which removes it on an interrupt.
    private var interruptToken: Int?

    /// Creates the output folder when missing and a fresh staging folder inside it (removing leftovers).
    /// - Throws: `AirlockError(.io)` when a folder cannot be created.
    public init(target: String, outputNames: [String]) throws {
        self.target = target
        self.outputNames = outputNames
        let manager = FileManager.default
        let createdTarget = !manager.fileExists(atPath: target)
        let staging = target + "/" + Self.prefix + "\(ProcessInfo.processInfo.processIdentifier)"
        self.createdTarget = createdTarget
        self.staging = staging
        // Registered before the folders exist: an interrupt while they are made removes what was made.
        let token = Interrupts.shared.register(output: target) {
            Self.remove(staging: staging, target: target, createdTarget: createdTarget)
        }
        interruptToken = token
        do {
            try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
            for name in (try? manager.contentsOfDirectory(atPath: target)) ?? [] where name.hasPrefix(Self.prefix) {
                try manager.removeItem(atPath: target + "/" + name)
            }
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: false)
        } catch {
            Interrupts.shared.unregister(token)
            throw AirlockError(.io, "cannot create the staging folder", at: SourceLocation(file: staging), cause: SystemErrorText.of(error))
        }
    }

    /// Removes `staging`, and `target` when the run created it and it is then empty.
    private static func remove(staging: String, target: String, createdTarget: Bool) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: staging)
        if createdTarget, (try? manager.contentsOfDirectory(atPath: target))?.isEmpty == true { try? manager.removeItem(atPath: target) }
    }

    /// The staged path of output `name`.
    public func path(_ name: String) -> String { staging + "/" + name }

    /// Refuses an output folder that is a file, that holds an input (or is one), or that holds anything but staging
    /// folders a killed run left (unless `force`).
    /// - Throws: `AirlockError(.usage)` naming the folder and what to do.
    public static func checkTarget(_ output: String, inputs: [String], force: Bool) throws {
        let out = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath().path
        for input in inputs {
            let path = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
            if path == out || path.hasPrefix(out + "/") {
                throw AirlockError(
                    .usage, "the output folder \(output) holds the input \(input); choose another --out (inputs are never overwritten)")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw AirlockError(.usage, "--out \(output) is a file, not a folder") }
            let contents = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            // A staging folder left by a run that was killed is no output: the run removes it.
            let leftovers = contents.filter { $0.hasPrefix(prefix) }.sorted()
            if contents.count > leftovers.count, !force {
                let left =
                    leftovers.isEmpty
                    ? "" : " (\(leftovers.joined(separator: ", ")), left by a run that was killed, is removed by the next run)"
                throw AirlockError(.usage, "the output folder \(output) is not empty\(left); use --force to replace what is in it")
            }
        }
    }

    /// Creates the staged folder `name`.
    /// - Throws: `AirlockError(.io)`.
    public func makeFolder(_ name: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        } catch {
            throw AirlockError(.io, "cannot create a folder", at: SourceLocation(file: path(name)), cause: SystemErrorText.of(error))
        }
    }

    /// Writes `data` as the staged file `name`.
    /// - Throws: `AirlockError(.io)`.
    public func write(_ data: Data, to name: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path(name)))
        } catch {
            throw AirlockError(.io, "cannot write the file", at: SourceLocation(file: path(name)), cause: SystemErrorText.of(error))
        }
    }

    /// Removes a staged file (a package that is not handed over).
    public func remove(_ name: String) {
        try? FileManager.default.removeItem(atPath: path(name))
    }

    /// Replaces the output folder's Airlock files (`outputNames`) with the staged ones: each file by one rename;
    /// files of an earlier run that this run does not produce, and folders of an earlier run, are removed. Other
    /// files in the folder are kept.
    /// - Throws: `AirlockError(.io)` when a file cannot be moved into place.
    public func commit() throws {
        // An interrupt waits for the renames: the outputs are then all in place, or none is.
        try Interrupts.shared.withoutInterruption {
            try moveIntoPlace()
            if let interruptToken { Interrupts.shared.unregister(interruptToken) }
            interruptToken = nil
        }
    }

    private func moveIntoPlace() throws {
        let manager = FileManager.default
        do {
            let staged = Set(try manager.contentsOfDirectory(atPath: staging))
            for name in outputNames {
                var isDirectory: ObjCBool = false
                guard manager.fileExists(atPath: target + "/" + name, isDirectory: &isDirectory) else { continue }
                // rename(2) cannot replace a folder that holds files: an earlier run's folder goes first.
                if isDirectory.boolValue || !staged.contains(name) { try manager.removeItem(atPath: target + "/" + name) }
            }
            for name in outputNames where staged.contains(name) {
                // rename(2) replaces an existing file in one step.
                guard rename(path(name), target + "/" + name) == 0 else {
                    throw AirlockError(
                        .io, "cannot rename \(name) into place", at: SourceLocation(file: target), cause: String(cString: strerror(errno)))
                }
            }
            try manager.removeItem(atPath: staging)
            finished = true
        } catch {
            throw AirlockError(.io, "cannot move the output into place", at: SourceLocation(file: target), cause: SystemErrorText.of(error))
        }
    }

    /// Removes the staged files (after a failure), and the output folder when this run created it.
    public func discard() {
        if let interruptToken { Interrupts.shared.unregister(interruptToken) }
        interruptToken = nil
        guard !finished else { return }
        finished = true
        Self.remove(staging: staging, target: target, createdTarget: createdTarget)
    }
}
