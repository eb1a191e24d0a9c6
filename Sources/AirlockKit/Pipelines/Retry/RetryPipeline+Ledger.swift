import Foundation

extension RetryPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "retry"

    /// The migration folder of a retry: the parent of the conversion's folder, so that the retry's entry follows
    /// the convert's and the verify's in one ledger.
    static func migrationFolder(_ options: RetryOptions) -> String {
        MigrationLedger.folder(containing: options.retry.runDirectory)
    }

    /// Enters a finished retry in the ledger: its inputs (the run's report and packages, the lists, error files
    /// and logs), its packages, retry.json and not-found.csv, the totals. Returns the warning when the ledger could
    /// not be written.
    static func record(_ result: RetryResult, options: RetryOptions, startedAt: Date) -> String? {
        guard options.ledger.enabled else { return nil }
        let report = result.report
        let folder = result.outputDirectory
        let outputs = LedgerRecorder.files(report.outputs, in: folder) + LedgerRecorder.files(named: [RunLayout.retryReport], in: folder)
        let totals = report.totals
        let counts = [
            "requested": totals.requested, "found": totals.found, "notFound": totals.notFound, "parents": totals.parents,
            "written": totals.written,
        ]
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: migrationFolder(options), startedAt: startedAt,
            inputs: LedgerRecorder.files(report.inputs), outputs: outputs, outputDirectory: folder, counts: counts,
            exitCode: result.status.rawValue, outcome: result.problem ?? "\(totals.written) records to send again")
    }

    /// Enters a retry that failed with `error` in the ledger: the run folder's report and packages and the inputs
    /// as given (digested when they can be read), no output. Returns the warning when the ledger could not be
    /// written.
    static func recordFailure(_ error: Error, options: RetryOptions, startedAt: Date) -> String? {
        guard options.ledger.enabled else { return nil }
        let retry = options.retry
        var inputs = LedgerRecorder.files(
            named: [RunLayout.conversionReport, RunLayout.foPackage, RunLayout.salesPackage], in: retry.runDirectory)
        for path in retry.verifyLists { inputs.append(LedgerFile.digesting(path, role: "verify-list")) }
        for spec in retry.foErrorFiles { inputs.append(LedgerFile.digesting(RetryInputFile.path(of: spec), role: "fo-errors")) }
        for path in retry.salesLogs { inputs.append(LedgerFile.digesting(path, role: "sales-log")) }
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: migrationFolder(options), startedAt: startedAt,
            inputs: inputs, outputs: [], outputDirectory: nil, counts: [:], exitCode: LedgerRecorder.exitCode(for: error),
            outcome: "\(error)")
    }
}
