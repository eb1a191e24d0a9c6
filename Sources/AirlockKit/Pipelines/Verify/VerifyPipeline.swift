import Foundation

/// `airlock verify` as a library call: `Verifier.run` with the catalog's extensions loaded and its outcome turned
/// into what to show and an exit status.
public enum VerifyPipeline {
    /// Runs the verification and enters it in the migration ledger (`options.ledger`), a run that fails too.
    /// - Parameter progress: told each step as it starts (`ProgressMeter.step`).
    /// - Parameter notice: told when the run could not be entered in the migration ledger (for standard error).
    /// - Throws: `AirlockError` for a catalog file, options or input that cannot be used (exit 2).
    public static func run(
        _ options: VerifyOptions, progress: @escaping @Sendable (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> VerifyResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice,
            body: { started in try verify(options, started: started, progress: progress) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    /// The verification itself, as `run` describes it, without the ledger.
    private static func verify(_ options: VerifyOptions, started: Date, progress: @escaping @Sendable (String) -> Void) throws
        -> VerifyResult
    {
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        // The keys and links the migration's runs decided: each one F&O should hold is looked for in its export.
        let register = try MigrationKeyRegister.read(options.ledger, migrationFolder: migrationFolder(options))
        let result = try Verifier.run(options.verification, catalog: catalog, register: register, progress: progress)
        let report = result.report
        let text: String
        if options.json {
            text = String(decoding: try report.jsonData(), as: UTF8.self)
        } else {
            text =
                report.text() + "\n" + "Wrote \(result.outputDirectory) (\(RunLayout.verificationReport), \(RunLayout.verificationPage), "
                + "\(RunLayout.missingList), \(RunLayout.driftedList)"
                + (report.outputs[RunLayout.missingKeysList] != nil ? ", \(RunLayout.missingKeysList)" : "") + ").\n"
                + String(format: "Done in %.1f s.", Date().timeIntervalSince(started))
                + "\n"
        }
        let problem = Self.problem(report, allowDrift: options.verification.allowDrift)
        return VerifyResult(
            report: report, outputDirectory: result.outputDirectory, text: text, problem: problem,
            status: problem == nil ? .success : .dataErrors)
    }

    /// Why the verification fails, or nil: records missing; records drifted (unless allowed); records of a side
    /// whose export was given that could not be verified (the export lacks their entity); what was found but not
    /// proven (`VerificationReport.notProven`: fields sent that the exports do not carry), which `--allow-drift`
    /// does not accept: a value not compared was never seen, a drifted one is named in `drifted.csv`.
    static func problem(_ report: VerificationReport, allowDrift: Bool) -> String? {
        var reasons: [String] = []
        let totals = report.totals
        if totals.missing > 0 { reasons.append("\(totals.missing) sent record\(totals.missing == 1 ? " is" : "s are") missing") }
        if totals.drifted > 0, !allowDrift {
            reasons.append("\(totals.drifted) sent record\(totals.drifted == 1 ? " has" : "s have") drifted (--allow-drift accepts that)")
        }
        // An entity's side is its own: a flow's generated records may be on the other side (keys written back to Sales).
        let unverified = report.flows.values.flatMap(\.entities.values).filter { report.sides[$0.side]?.verified == true }.reduce(0) {
            $0 + $1.counts.notVerified
        }
        if unverified > 0 { reasons.append("\(unverified) sent records could not be verified: the export given lacks their entity") }
        let notProven = report.notProven.map(\.summary)
        guard !reasons.isEmpty else {
            guard !notProven.isEmpty else { return nil }
            return "landed, but " + notProven.joined(separator: "; ")
                + ": the exports do not carry those fields; export them and verify again (the next steps say how)"
        }
        return (reasons + notProven).joined(separator: "; ")
            + " (see \(RunLayout.missingList) and \(RunLayout.driftedList) in the output folder)"
    }
}
