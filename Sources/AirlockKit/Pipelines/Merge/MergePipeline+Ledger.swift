extension MergePipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "merge"

    /// The entry of a finished merge: the exports and each shard's report as inputs (the shards are not entered on
    /// their own), the run's outputs, and its totals.
    static func ledgerEntry(for result: MergeResult, options: MergeOptions) -> LedgerRunEntry? {
        let out = options.merge.outputDirectory
        let report = result.report
        let outputs =
            LedgerRecorder.files(report.outputs, in: out)
            + LedgerRecorder.files(named: [RunLayout.conversionReport, RunLayout.conversionPage], in: out)
        var counts = ConvertPipeline.ledgerCounts(report.totals)
        counts["shards"] = options.merge.shardFolders.count
        return LedgerRunEntry(
            migrationFolder: MigrationLedger.folder(containing: out), inputs: LedgerRecorder.files(report.inputs) + shardFiles(options),
            outputs: outputs, outputDirectory: out, counts: counts, exitCode: result.status.rawValue,
            outcome: result.refused ? "refused: " + (result.problem ?? "the merged packages fail validation") : result.problem ?? "done")
    }

    /// The entry of a merge that failed with `error`: the shard reports as given.
    static func ledgerEntry(failed error: any Error, options: MergeOptions) -> LedgerRunEntry? {
        LedgerRunEntry(
            failed: error, migrationFolder: MigrationLedger.folder(containing: options.merge.outputDirectory), inputs: shardFiles(options))
    }

    /// Each shard's `report.json`, role `shard`.
    private static func shardFiles(_ options: MergeOptions) -> [LedgerFile] {
        options.merge.shardFolders.map { LedgerFile.digesting($0 + "/" + RunLayout.conversionReport, role: "shard") }
    }
}
