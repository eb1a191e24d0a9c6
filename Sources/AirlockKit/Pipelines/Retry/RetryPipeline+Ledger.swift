import Foundation

extension RetryPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "retry"

    /// The migration folder of a retry: the parent of the conversion's folder, so that the retry's entry follows
    /// the convert's and the verify's in one ledger.
    static func migrationFolder(_ options: RetryOptions) -> String {
        MigrationLedger.folder(containing: options.retry.runDirectory)
    }

    /// The entry of a finished retry: its inputs (the run's report and packages, the lists, error files and logs),
    /// its packages, retry.json and not-found.csv, the totals.
    static func ledgerEntry(for result: RetryResult, options: RetryOptions) -> LedgerRunEntry? {
        let report = result.report
        let folder = result.outputDirectory
        let outputs = LedgerRecorder.files(report.outputs, in: folder) + LedgerRecorder.files(named: [RunLayout.retryReport], in: folder)
        let totals = report.totals
        let counts = [
            "requested": totals.requested, "found": totals.found, "notFound": totals.notFound, "parents": totals.parents,
            "written": totals.written,
        ]
        return LedgerRunEntry(
            migrationFolder: migrationFolder(options), inputs: LedgerRecorder.files(report.inputs), outputs: outputs,
            outputDirectory: folder, counts: counts, exitCode: result.status.rawValue,
            outcome: result.problem ?? "\(totals.written) records to send again")
    }

    /// The entry of a retry that failed with `error`: the run folder's report and packages and the inputs as given
    /// (digested when they can be read).
    static func ledgerEntry(failed error: any Error, options: RetryOptions) -> LedgerRunEntry? {
        let retry = options.retry
        var inputs = LedgerRecorder.files(
            named: [RunLayout.conversionReport, RunLayout.foPackage, RunLayout.salesPackage], in: retry.runDirectory)
        for path in retry.verifyLists { inputs.append(LedgerFile.digesting(path, role: "verify-list")) }
        for spec in retry.foErrorFiles { inputs.append(LedgerFile.digesting(RetryInputFile.path(of: spec), role: "fo-errors")) }
        for path in retry.salesLogs { inputs.append(LedgerFile.digesting(path, role: "sales-log")) }
        return LedgerRunEntry(failed: error, migrationFolder: migrationFolder(options), inputs: inputs)
    }
}
