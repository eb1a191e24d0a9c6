import Foundation

extension VerifyPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "verify"

    /// The migration folder of a verification: the parent of the conversion's folder, so that the verify's entry
    /// follows the convert's in one ledger, wherever `--out` puts the verification's files.
    static func migrationFolder(_ options: VerifyOptions) -> String {
        MigrationLedger.folder(containing: options.verification.runDirectory)
    }

    /// The entry of a finished verification: the report's input digests (the run's report and packages, the
    /// exports), its lists, verify.json and its page, the totals (`unproven` among them: part of `landed`).
    static func ledgerEntry(for result: VerifyResult, options: VerifyOptions) -> LedgerRunEntry? {
        let report = result.report
        let folder = result.outputDirectory
        let outputs =
            LedgerRecorder.files(report.outputs, in: folder)
            + LedgerRecorder.files(named: [RunLayout.verificationReport, RunLayout.verificationPage], in: folder)
        let totals = report.totals
        let counts = [
            "sent": totals.sent, "landed": totals.landed, "unproven": totals.unproven, "drifted": totals.drifted,
            "missing": totals.missing, "notVerified": totals.notVerified,
        ]
        let outcome = report.verdict + (result.problem.map { ": " + $0 } ?? "")
        return LedgerRunEntry(
            migrationFolder: migrationFolder(options), inputs: LedgerRecorder.files(report.inputs), outputs: outputs,
            outputDirectory: folder, counts: counts, exitCode: result.status.rawValue, outcome: outcome)
    }

    /// The entry of a verification that failed with `error`: the run folder's report and packages and the exports
    /// as given (digested when they can be read).
    static func ledgerEntry(failed error: any Error, options: VerifyOptions) -> LedgerRunEntry? {
        let verification = options.verification
        var inputs = LedgerRecorder.files(
            named: [RunLayout.conversionReport, RunLayout.foPackage, RunLayout.salesPackage], in: verification.runDirectory)
        if let fo = verification.foPath { inputs.append(LedgerFile.digesting(fo, role: "fo")) }
        if let sales = verification.salesPath { inputs.append(LedgerFile.digesting(sales, role: "sales")) }
        return LedgerRunEntry(failed: error, migrationFolder: migrationFolder(options), inputs: inputs)
    }
}
