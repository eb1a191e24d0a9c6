import Foundation

extension ConvertPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "convert"

    /// The migration folder of a run that writes (`--out`'s parent), nil for a plan or a dry run without `--out`.
    /// A shard's run (`--shard`) is not entered: the `merge` of the shards is the run's entry, naming each shard's
    /// report (array tasks appending to one ledger at once would break its chain).
    static func migrationFolder(_ options: ConvertOptions) -> String? {
        guard !options.plan, options.conversion.shard == nil, let out = options.conversion.outputDirectory else { return nil }
        return MigrationLedger.folder(containing: out)
    }

    /// The entry of a finished run: the report's input and output digests, report.json and its page, the totals;
    /// none for a plan or a dry run without `--out`.
    static func ledgerEntry(for result: ConvertResult, options: ConvertOptions) -> LedgerRunEntry? {
        guard let folder = migrationFolder(options), let out = options.conversion.outputDirectory else { return nil }
        let report = result.report
        let outputs =
            LedgerRecorder.files(report.outputs, in: out)
            + LedgerRecorder.files(named: [RunLayout.conversionReport, RunLayout.conversionPage], in: out)
        let counts = ledgerCounts(report.totals)
        let outcome: String
        if result.refused {
            outcome = "refused: " + (result.problem ?? "the output packages fail validation")
        } else if let problem = result.problem {
            outcome = problem
        } else {
            outcome = options.conversion.dryRun ? "done (dry run)" : "done"
        }
        var entry = LedgerRunEntry(
            migrationFolder: folder, inputs: LedgerRecorder.files(report.inputs) + settingsFiles(options), outputs: outputs,
            outputDirectory: out, counts: counts, exitCode: result.status.rawValue, outcome: outcome)
        entry.keyRegister = result.keyRegister
        return entry
    }

    /// A conversion's totals as its ledger entry counts them (`merge`'s entry too).
    static func ledgerCounts(_ totals: ConversionReport.Totals) -> [String: Int] {
        [
            "read": totals.read, "filtered": totals.filtered, "created": totals.created, "updated": totals.updated,
            "unchanged": totals.unchanged, "rejected": totals.rejected, "written": totals.written,
        ]
    }

    /// The entry of a run that failed with `error`: its inputs as given (digested when they can be read).
    static func ledgerEntry(failed error: any Error, options: ConvertOptions) -> LedgerRunEntry? {
        guard let folder = migrationFolder(options) else { return nil }
        let conversion = options.conversion
        var inputs = [LedgerFile.digesting(conversion.foPath, role: "fo"), LedgerFile.digesting(conversion.salesPath, role: "sales")]
        // A successful run's report lists the keymap among its inputs; a failed one names it here.
        if let keymap = conversion.keymap { inputs.append(LedgerFile.digesting(keymap, role: "keymap")) }
        return LedgerRunEntry(failed: error, migrationFolder: folder, inputs: inputs + settingsFiles(options))
    }

    /// The files that decide the conversion beside the exports: the templates folder and the catalog extensions.
    private static func settingsFiles(_ options: ConvertOptions) -> [LedgerFile] {
        var files: [LedgerFile] = []
        if let templates = options.conversion.templatesDirectory { files.append(LedgerFile.digesting(templates, role: "templates")) }
        for catalog in options.catalogFiles { files.append(LedgerFile.digesting(catalog, role: "catalog")) }
        return files
    }
}
