import Foundation

extension MaskPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "mask"

    /// The entry of a finished masking: the exports read, the files written, the values masked per side, and the
    /// key by its fingerprint in the outcome (never the key); none for a plan, which writes nothing.
    static func ledgerEntry(for report: MaskReport, options: MaskOptions) -> LedgerRunEntry? {
        guard !options.masking.plan, let out = options.masking.outputDirectory else { return nil }
        var counts: [String: Int] = [:]
        for (side, records) in report.records { counts[side + "Records"] = records }
        for column in report.columns { counts[column.side + "Masked", default: 0] += column.masked }
        return LedgerRunEntry(
            migrationFolder: MigrationLedger.folder(containing: out), inputs: inputs(options),
            outputs: LedgerRecorder.files(
                named: [RunLayout.foExport, RunLayout.salesExport, RunLayout.maskNicknames, RunLayout.maskReport], in: out),
            outputDirectory: out,
            counts: counts, exitCode: 0, outcome: "done, key fingerprint \(report.keyFingerprint)")
    }

    /// The entry of a masking that failed with `error`.
    static func ledgerEntry(failed error: any Error, options: MaskOptions) -> LedgerRunEntry? {
        guard !options.masking.plan, let out = options.masking.outputDirectory else { return nil }
        return LedgerRunEntry(failed: error, migrationFolder: MigrationLedger.folder(containing: out), inputs: inputs(options))
    }

    private static func inputs(_ options: MaskOptions) -> [LedgerFile] {
        var inputs: [LedgerFile] = []
        if let fo = options.masking.foPath { inputs.append(LedgerFile.digesting(fo, role: "fo")) }
        if let sales = options.masking.salesPath { inputs.append(LedgerFile.digesting(sales, role: "sales")) }
        if let policy = options.masking.policyPath { inputs.append(LedgerFile.digesting(policy, role: "policy")) }
        return inputs
    }
}
