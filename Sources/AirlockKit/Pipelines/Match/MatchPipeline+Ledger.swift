import Foundation

extension MatchPipeline {
    /// The verb's name in the ledger.
    static let ledgerCommand = "match"

    /// The entry of a finished match: both exports, the reviewed file and the nickname list, the outputs, the counts
    /// summed over the entities.
    static func ledgerEntry(for result: MatchResult, options: MatchOptions) -> LedgerRunEntry? {
        let matching = options.matching
        let out = matching.outputDirectory
        let inputs = ledgerInputs(matching)
        let outputs = LedgerRecorder.files(named: result.report.outputs, in: out)
        var counts: [String: Int] = [:]
        for entity in result.report.entities {
            counts["sales", default: 0] += entity.salesRecords
            counts["fo", default: 0] += entity.foRecords
            counts["linked", default: 0] += entity.linked
            counts["review", default: 0] += entity.review
            counts["rejected", default: 0] += entity.rejected
            counts["salesUnmatched", default: 0] += entity.salesUnmatched
            counts["foUnmatched", default: 0] += entity.foUnmatched
        }
        counts["decisionsKept"] = result.report.decisionsKept
        return LedgerRunEntry(
            migrationFolder: MigrationLedger.folder(containing: out), inputs: inputs, outputs: outputs, outputDirectory: out,
            counts: counts, exitCode: result.status.rawValue, outcome: "done")
    }

    /// The entry of a match that failed with `error`: the inputs as given (digested when they can be read).
    static func ledgerEntry(failed error: any Error, options: MatchOptions) -> LedgerRunEntry? {
        let matching = options.matching
        return LedgerRunEntry(
            failed: error, migrationFolder: MigrationLedger.folder(containing: matching.outputDirectory), inputs: ledgerInputs(matching))
    }

    /// What a match reads, digested: both exports, the reviewed file and the nickname list where given.
    static func ledgerInputs(_ matching: MatchingOptions) -> [LedgerFile] {
        var inputs = [LedgerFile.digesting(matching.foPath, role: "fo"), LedgerFile.digesting(matching.salesPath, role: "sales")]
        if let reviewed = matching.reviewedPath { inputs.append(LedgerFile.digesting(reviewed, role: "reviewed")) }
        if let nicknames = matching.nicknamesPath { inputs.append(LedgerFile.digesting(nicknames, role: "nicknames")) }
        return inputs
    }
}
