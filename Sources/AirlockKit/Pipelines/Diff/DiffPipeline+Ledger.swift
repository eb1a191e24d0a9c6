import Foundation

extension DiffPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "diff"

    /// Enters a finished diff in the ledger: both exports' and the outputs' digests from the report, diff.json, the
    /// totals. Returns the warning when the ledger could not be written.
    static func record(_ result: DiffResult, options: DiffOptions, startedAt: Date) -> String? {
        guard options.ledger.enabled else { return nil }
        let report = result.report
        let out = options.diff.outputDirectory
        let inputs = [LedgerFile(role: "old", digest: report.inputs.old), LedgerFile(role: "new", digest: report.inputs.new)]
        let outputs =
            LedgerRecorder.files(report.outputs, in: out) + LedgerRecorder.files(named: [RunLayout.diffReport], in: out)
        let totals = report.totals
        var counts = [
            "old": totals.old, "new": totals.new, "created": totals.created, "changed": totals.changed, "unchanged": totals.unchanged,
            "deleted": totals.deleted,
        ]
        // Repeated keys, when there are any, so that the counts add up in the ledger too (docs/diff.md, "Repeated keys").
        if totals.duplicatesOld > 0 { counts["duplicatesOld"] = totals.duplicatesOld }
        if totals.duplicatesNew > 0 { counts["duplicatesNew"] = totals.duplicatesNew }
        if totals.ambiguousKeys > 0 { counts["ambiguousKeys"] = totals.ambiguousKeys }
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: MigrationLedger.folder(containing: out),
            startedAt: startedAt, inputs: inputs, outputs: outputs, outputDirectory: out, counts: counts,
            exitCode: result.status.rawValue, outcome: "done")
    }

    /// Enters a diff that failed with `error` in the ledger: both exports as given (digested when they can be read),
    /// no output. Returns the warning when the ledger could not be written.
    static func recordFailure(_ error: Error, options: DiffOptions, startedAt: Date) -> String? {
        guard options.ledger.enabled else { return nil }
        let diff = options.diff
        let inputs = [LedgerFile.digesting(diff.oldPath, role: "old"), LedgerFile.digesting(diff.newPath, role: "new")]
        return LedgerRecorder.record(
            command: ledgerCommand, options: options.ledger, migrationFolder: MigrationLedger.folder(containing: diff.outputDirectory),
            startedAt: startedAt, inputs: inputs, outputs: [], outputDirectory: nil, counts: [:],
            exitCode: LedgerRecorder.exitCode(for: error), outcome: "\(error)")
    }
}
