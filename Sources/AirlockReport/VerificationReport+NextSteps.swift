import AirlockModel
import Foundation

/// What to do after a verification: the exact `retry` command for what did not land, how to prove what landed
/// unproven, or the sign-off when everything landed and was proven (docs/runbook.md, "After the import").
extension VerificationReport {
    /// The next steps, one per line, numbered.
    public var nextSteps: [String] {
        let run = options.runDirectory
        let folder = options.resolvedOutputDirectory
        let parent = (run as NSString).deletingLastPathComponent
        let ledger = parent.isEmpty ? RunLayout.ledger : parent + "/" + RunLayout.ledger
        var steps: [String] = []
        if totals.missing > 0 || totals.drifted > 0 {
            steps.append(
                "Find why: the importers' logs (F&O: the job's execution details and staging errors; Sales: ImportDataDetail.log), and \(folder)/\(totals.missing > 0 ? RunLayout.missingList : RunLayout.driftedList) record by record."
            )
            var lists: [String] = []
            if totals.missing > 0 { lists.append("--from-verify \(folder)/\(RunLayout.missingList)") }
            if totals.drifted > 0 { lists.append("--from-verify \(folder)/\(RunLayout.driftedList)") }
            steps.append(
                "Once the cause is fixed, send again only those records and what they need: airlock retry --run \(run) \(lists.joined(separator: " ")) (then import \(run)/\(RunLayout.retryFolder)/'s packages and verify again into a new folder, e.g. --out \(run)/\(RunLayout.verifyFolder)-2)."
            )
        } else if totals.notVerified > 0 {
            steps.append(
                "Verify the side not verified yet: airlock verify --run \(run) with the export of that side after the import (--fo or --sales)."
            )
        }
        steps += notProven.map(\.nextStep)
        if steps.isEmpty {
            steps.append(
                "Every record sent landed: keep \(folder)/\(RunLayout.verificationReport) and \(RunLayout.verificationPage) with the run, and sign the cut-over off against the migration ledger (airlock report \(ledger), unless --ledger put it elsewhere; docs/runbook.md, \"The audit trail\")."
            )
        }
        return steps.enumerated().map { "\($0.offset + 1). \($0.element)" }
    }
}
