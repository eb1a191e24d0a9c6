import Foundation

/// `airlock sample` as a library call: a consistent pair of sample exports.
public enum SamplePipeline {
    /// Creates the folder if missing and writes the pair into it: the unkeyed pair and its answer key when
    /// `options.unkeyed` (`SampleUnkeyedPair`), else the pair of `SampleGenerator` (and a `match-truth.csv` left in the
    /// folder by an unkeyed pair is removed).
    /// - Throws: `AirlockError` when the folder cannot be created or a file cannot be written; `.usage` for an unkeyed
    ///   pair with defects or the dual-write set.
    public static func run(_ options: SampleOptions) throws -> SampleResult {
        if let run = options.afterImport { return try afterImport(run, options: options) }
        do {
            try FileManager.default.createDirectory(atPath: options.outputDirectory, withIntermediateDirectories: true)
        } catch {
            throw AirlockError(
                .io, "cannot create the output folder", at: SourceLocation(file: options.outputDirectory), cause: SystemErrorText.of(error))
        }
        let truthPath =
            (options.outputDirectory.hasSuffix("/") ? options.outputDirectory : options.outputDirectory + "/")
            + RunLayout.matchTruth
        if options.unkeyed {
            guard !options.defects, options.templates == .standard else {
                throw AirlockError(.usage, "an unkeyed sample takes neither defects nor the dual-write template set")
            }
            let paths = try SampleUnkeyedPair.write(
                to: options.outputDirectory, accounts: options.accounts, seed: options.seed, company: options.company,
                contacts: options.foContacts)
            let next = "\nThe two exports share no key; \(RunLayout.matchTruth) lists every true link (docs/sample.md).\n"
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
            "\nNext: convert the pair (--plan first says what it would do):\n  airlock convert --fo \(folder)/\(RunLayout.foExport) --sales \(folder)/\(RunLayout.salesExport) --out \(run)\(templates)\(company)\n"
        return SampleResult(paths: paths, text: paths.map { $0 + "\n" }.joined() + next)
    }

    /// The exports after the import of folder `folder`'s packages (`ImportRehearsal`): a conversion's, or a retry's
    /// (the runbook's next round), with the verify and retry to run next.
    private static func afterImport(_ folder: String, options: SampleOptions) throws -> SampleResult {
        let result = try ImportRehearsal.run(
            ImportRehearsal.Options(
                packagesDirectory: folder, outputDirectory: options.outputDirectory, lose: options.lose, drift: options.drift,
                seed: options.seed, foExportBefore: options.foExportBefore, salesExportBefore: options.salesExportBefore),
            catalog: SchemaCatalogLoader.load(extensions: []))
        let run = result.runDirectory
        let sent = ["F&O", "Sales"].compactMap { side in result.sent[side].map { "\(side) \($0)" } }.joined(separator: ", ")
        let lost = result.changes.filter { $0.kind == .lost }.count
        let drifted = result.changes.filter { $0.kind == .drifted }.count
        var lines = result.paths
        lines.append("")
        let into = result.isRetry ? " into the exports after the import before it" : ""
        lines.append(
            "As if \(folder)'s packages were imported\(into) (records sent: \(sent.isEmpty ? "none" : sent)), \(lost) lost on the way and \(drifted) changed since; \(RunLayout.afterImportKey) lists them. A rehearsal: these are not exports of your systems."
        )
        var verify = "airlock verify --run \(run)"
        for (side, option) in [("F&O", "--fo"), ("Sales", "--sales")] {
            if let export = result.exportsToVerify[side] { verify += " \(option) \(export)" }
        }
        var retry = "airlock retry --run \(run) --from-verify \(run)/\(RunLayout.verifyFolder)/\(RunLayout.missingList)"
        if result.isRetry {
            // Each round verifies and retries into folders of its own, beside the first round's.
            let round = nextRound(in: run)
            let verifyFolder = "\(run)/\(RunLayout.verifyFolder)-\(round)"
            verify += " --out \(verifyFolder)"
            retry =
                "airlock retry --run \(run) --from-verify \(verifyFolder)/\(RunLayout.missingList) --out \(run)/\(RunLayout.retryFolder)-\(round)"
        }
        lines.append("Next: prove what landed, then send again what did not:\n  \(verify)\n  \(retry)")
        return SampleResult(paths: result.paths, text: lines.joined(separator: "\n") + "\n")
    }

    /// The first round from 2 on whose verify folder (`verify-2`, `verify-3`, …) run folder `run` does not hold yet.
    private static func nextRound(in run: String) -> Int {
        var round = 2
        while FileManager.default.fileExists(atPath: "\(run)/\(RunLayout.verifyFolder)-\(round)") { round += 1 }
        return round
    }
}
