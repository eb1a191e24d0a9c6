import AirlockIO
import AirlockMapping
import AirlockModel
import Foundation

/// The checks that a process reading what an earlier step cut (a shard reading its partition, a split partition's
/// read reading its plan) was given the same exports and options: one check for both.
enum ShardCutCheck {
    /// What the earlier step recorded of its inputs and options, and where.
    struct Recorded {
        var cut: ShardCutInputs
        /// The file it is recorded in, named by every refusal.
        var file: String
        /// What cut them, in messages ("partition").
        var what: String
        /// What to do about a refusal ("partition the exports again, or give its own").
        var remedy: String
    }

    /// Refuses `options` and `templates` when they are not those `recorded`: other exports (by size and last MiB),
    /// another template set, other F&O encoding or locale, other catalog files.
    /// - Throws: `AirlockError(.usage)` naming `recorded.file`.
    static func check(_ recorded: Recorded, options: ConversionOptions, templates: TemplateSet) throws {
        let what = recorded.what
        let cut = recorded.cut
        func refuse(_ message: String) -> AirlockError {
            AirlockError(.usage, message + ": " + recorded.remedy, at: SourceLocation(file: recorded.file))
        }
        for (role, path) in [("fo", options.foPath), ("sales", options.salesPath)] {
            _ = try recordedDigest(of: role, path: path, recorded: recorded)
        }
        if cut.templateSet != templates.set.rawValue {
            throw refuse("the \(what) was cut for the \(cut.templateSet) templates, not \(templates.set.rawValue)")
        }
        if cut.foEncoding != options.foEncoding || cut.foLocale != options.foLocale {
            throw refuse(
                "the \(what) read the F&O export with --fo-encoding \(cut.foEncoding?.rawValue ?? "utf-8") and --fo-locale \(cut.foLocale ?? "auto"), this run with \(options.foEncoding?.rawValue ?? "utf-8") and \(options.foLocale ?? "auto")"
            )
        }
        let catalogDigests = try (options.catalogFiles ?? []).map { try FileDigest.of($0).sha256 }
        if cut.catalogDigests != catalogDigests { throw refuse("the \(what) was cut with other --catalog files") }
    }

    /// The digest `recorded` lists for the export `role` (`fo`, `sales`), once the export at `path` is checked to be
    /// the one cut by its size and the SHA-256 of its last MiB (`FileDigest.tailSHA256`; for a zip, its central
    /// directory with every entry's CRC-32): reading the exports whole would cost every process a pass over both.
    /// Nil for a folder export, which the caller digests whole.
    /// - Throws: `AirlockError(.usage)` naming `recorded.file` when the export is another.
    static func recordedDigest(of role: String, path: String, recorded: Recorded) throws -> FileDigest? {
        guard let digest = recorded.cut.inputs[role], !isDirectory(path) else { return nil }
        func refuse(_ what: String) -> AirlockError {
            AirlockError(
                .usage, "the \(recorded.what) was cut from another --\(role) export (\(what)): \(recorded.remedy)",
                at: SourceLocation(file: recorded.file))
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, digest.bytes != size { throw refuse("\(digest.bytes) bytes, not \(size) as \(path)") }
        guard let tail = recorded.cut.inputTails[role] else { return nil }
        if try FileDigest.tailSHA256(of: path) != tail { throw refuse("its last MiB differs from \(path)'s") }
        var found = digest
        found.path = path
        return found
    }

    static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
