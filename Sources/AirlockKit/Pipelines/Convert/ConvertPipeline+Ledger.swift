import Foundation

extension ConvertPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "convert"

    /// The migration folder of a run that writes (`--out`'s parent), nil for a plan or a dry run without `--out`.
    static func migrationFolder(_ options: ConvertOptions) -> String? {
        guard !options.plan, let out = options.conversion.outputDirectory else { return nil }
        return MigrationLedger.folder(containing: out)
    }

    /// Enters a finished run in the ledger: the report's input and output digests, report.json and its page, the
    /// totals. Returns the warning when the ledger could not be written.
    static func record(_ result: ConvertResult, options: ConvertOptions, startedAt: Date) -> String? {
        guard let folder = migrationFolder(options), let out = options.conversion.outputDirectory, options.ledger.enabled else {
            return nil
        }
        let report = result.report
        let outputs =
            LedgerRecorder.files(report.outputs, in: out)
            + LedgerRecorder.files(named: [RunLayout.conversionReport, RunLayout.conversionPage], in: out)
        let totals = report.totals
        let counts = [
            "read": totals.read, "filtered": totals.filtered, "created": totals.created, "updated": totals.updated,
            "unchanged": totals.unchanged, "rejected": totals.rejected, "written": totals.written,
        ]
        let outcome: String
        if result.refused {
            outcome = "refused: " + (result.problem ?? "the output packages fail validation")
        } else if let problem = result.problem {
            outcome = problem
        } else {
            outcome = options.conversion.dryRun ? "done (dry run)" : "done"
        }
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: folder, startedAt: startedAt,
            inputs: LedgerRecorder.files(report.inputs) + settingsFiles(options), outputs: outputs, outputDirectory: out, counts: counts,
            exitCode: result.status.rawValue, outcome: outcome)
    }

    /// Enters a run that failed with `error` in the ledger: its inputs as given (digested when they can be read),
    /// no output. Returns the warning when the ledger could not be written.
    static func recordFailure(_ error: Error, options: ConvertOptions, startedAt: Date) -> String? {
        guard let folder = migrationFolder(options), options.ledger.enabled else { return nil }
        let conversion = options.conversion
        let inputs = [LedgerFile.digesting(conversion.foPath, role: "fo"), LedgerFile.digesting(conversion.salesPath, role: "sales")]
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: folder, startedAt: startedAt,
            inputs: inputs + settingsFiles(options), outputs: [], outputDirectory: nil, counts: [:],
            exitCode: LedgerRecorder.exitCode(for: error), outcome: "\(error)")
    }

    /// The files that decide the conversion beside the exports: the templates folder and the catalog extensions.
    private static func settingsFiles(_ options: ConvertOptions) -> [LedgerFile] {
        var files: [LedgerFile] = []
        if let templates = options.conversion.templatesDirectory { files.append(LedgerFile.digesting(templates, role: "templates")) }
        for catalog in options.catalogFiles { files.append(LedgerFile.digesting(catalog, role: "catalog")) }
        return files
    }
}
