import Foundation

/// `airlock sample` as a library call: a consistent pair of sample exports.
public enum SamplePipeline {
    /// Creates the folder if missing and writes the pair into it: the unkeyed pair and its answer key when
    /// `options.unkeyed` (`SampleUnkeyedPair`), else the pair of `SampleGenerator` (and a `match-truth.csv` left in the
    /// folder by an unkeyed pair is removed).
    /// - Throws: `AirlockError` when the folder cannot be created or a file cannot be written; `.usage` for an unkeyed
    ///   pair with defects or the dual-write set.
    public static func run(_ options: SampleOptions) throws -> SampleResult {
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw AirlockError(
                .io, "cannot create the output folder", at: SourceLocation(file: options.outputDirectory), cause: SystemErrorText.of(error))
        }
        let truthPath =
            (options.outputDirectory.hasSuffix("/") ? options.outputDirectory : options.outputDirectory + "/")
            + SampleUnkeyedPair.truthFileName
        if options.unkeyed {
            guard !options.defects, options.templates == .standard else {
                throw AirlockError(.usage, "an unkeyed sample takes neither defects nor the dual-write template set")
            }
            let paths = try SampleUnkeyedPair.write(
                to: options.outputDirectory, accounts: options.accounts, seed: options.seed, company: options.company,
                contacts: options.foContacts)
            let next = "\nThe two exports share no key; \(SampleUnkeyedPair.truthFileName) lists every true link (docs/sample.md).\n"
            return SampleResult(paths: paths, text: paths.map { $0 + "\n" }.joined() + next)
        }
        // A folder never holds the answer key of another pair.
        if FileManager.default.fileExists(atPath: truthPath) { try? FileManager.default.removeItem(atPath: truthPath) }
        let paths = try SampleGenerator.write(
            to: options.outputDirectory, accounts: options.accounts, seed: options.seed, company: options.company, defects: options.defects,
            templates: options.templates)
        let folder = options.outputDirectory
        let templates = options.templates == .standard ? "" : " --templates \(options.templates.rawValue)"
        let company = options.templates == .dualWrite ? " --company \(options.company)" : ""
        // The run beside the exports' folder, not in it, as the runbook lays a migration out (exports apart from runs).
        let run = (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "-run-1"
        let next =
            "\nNext: convert the pair (--plan first says what it would do):\n  airlock convert --fo \(folder)/\(SampleGenerator.foFileName) --sales \(folder)/\(SampleGenerator.salesFileName) --out \(run)\(templates)\(company)\n"
        return SampleResult(paths: paths, text: paths.map { $0 + "\n" }.joined() + next)
    }
}
