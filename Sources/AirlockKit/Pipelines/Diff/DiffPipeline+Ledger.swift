import Foundation

extension DiffPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "diff"

    /// The entry of a finished diff: both exports' and the outputs' digests from the report, diff.json, the totals.
    static func ledgerEntry(for result: DiffResult, options: DiffOptions) -> LedgerRunEntry? {
        let report = result.report
        let out = options.diff.outputDirectory
        let inputs = [LedgerFile(role: "old", digest: report.inputs.old), LedgerFile(role: "new", digest: report.inputs.new)]
        let outputs = LedgerRecorder.files(report.outputs, in: out) + LedgerRecorder.files(named: [RunLayout.diffReport], in: out)
        let totals = report.totals
        var counts = [
            "old": totals.old, "new": totals.new, "created": totals.created, "changed": totals.changed, "unchanged": totals.unchanged,
            "deleted": totals.deleted,
        ]
        // Repeated keys, when there are any, so that the counts add up in the ledger too (docs/diff.md, "Repeated keys").
        if totals.duplicatesOld > 0 { counts["duplicatesOld"] = totals.duplicatesOld }
        if totals.duplicatesNew > 0 { counts["duplicatesNew"] = totals.duplicatesNew }
        if totals.ambiguousKeys > 0 { counts["ambiguousKeys"] = totals.ambiguousKeys }
        return LedgerRunEntry(
            migrationFolder: MigrationLedger.folder(containing: out), inputs: inputs, outputs: outputs, outputDirectory: out,
            counts: counts, exitCode: result.status.rawValue, outcome: "done")
    }

    /// The entry of a diff that failed with `error`: both exports as given (digested when they can be read).
    static func ledgerEntry(failed error: any Error, options: DiffOptions) -> LedgerRunEntry? {
        let diff = options.diff
        let inputs = [LedgerFile.digesting(diff.oldPath, role: "old"), LedgerFile.digesting(diff.newPath, role: "new")]
        return LedgerRunEntry(failed: error, migrationFolder: MigrationLedger.folder(containing: diff.outputDirectory), inputs: inputs)
    }
}
