import Foundation

/// `airlock retry` as a library call: `Retrier.run` with the catalog's extensions loaded and its outcome turned
/// into what to show and an exit status.
public enum RetryPipeline {
    /// Builds the retry packages and enters the run in the migration ledger (`options.ledger`), a run that fails
    /// too.
    /// - Parameter notice: told when the run could not be entered in the migration ledger (for standard error).
    /// - Throws: `AirlockError` for a catalog file, options or input that cannot be used (exit 2).
    public static func run(_ options: RetryOptions, notice: @escaping @Sendable (String) -> Void = { _ in }) throws
        -> RetryResult
    {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice,
            body: { started in try retry(options, started: started) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    /// The retry itself, as `run` describes it, without the ledger.
    private static func retry(_ options: RetryOptions, started: Date) throws -> RetryResult {
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        // The keys the migration stands by: a record sent again must carry its registered key.
        let register = try MigrationKeyRegister.read(options.ledger, migrationFolder: migrationFolder(options))
        let result = try Retrier.run(options.retry, catalog: catalog, register: register)
        let report = result.report
        let written = [RunLayout.foPackage, RunLayout.salesPackage].filter { report.outputs[$0] != nil }
        let text: String
        if options.json {
            text = String(decoding: try report.jsonData(), as: UTF8.self)
        } else {
            let packages = written.isEmpty ? "no package" : written.joined(separator: ", ")
            text =
                report.text() + "\n"
                + "Wrote \(result.outputDirectory) (\(packages), \(RunLayout.retryReport), \(RunLayout.notFoundList)).\n"
                + nextSteps(written: written, output: result.outputDirectory, run: options.retry.runDirectory)
                + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
        }
        let notFound = report.totals.notFound
        let problem =
            notFound == 0
            ? nil
            : "\(notFound) record\(notFound == 1 ? "" : "s") named as failed \(notFound == 1 ? "is" : "are") not in the conversion's packages (see \(RunLayout.notFoundList)): the input is of another run, or names records the conversion did not send"
        return RetryResult(
            report: report, outputDirectory: result.outputDirectory, text: text, problem: problem,
            status: problem == nil ? .success : .dataErrors)
    }

    /// What to do with the packages written: import them, F&O first, then export both systems again and verify the
    /// run into a new folder (docs/runbook.md, "After the import").
    static func nextSteps(written: [String], output: String, run: String) -> String {
        guard !written.isEmpty else { return "Nothing to import: no record asked for was found in the run's packages.\n" }
        var lines = ["Next steps:"]
        for name in written {
            let isFO = name == RunLayout.foPackage
            lines.append(
                "  \(lines.count). Import \(output)/\(name) into \(isFO ? "F&O" : "Sales") as the run's own packages were (docs/runbook.md, step \(isFO ? 8 : 9))."
            )
        }
        lines.append(
            "  \(lines.count). Export both systems again after the import and verify into a new folder: airlock verify --run \(run) --fo FO-AFTER.zip --sales SALES-AFTER.zip --out \(run)/verify-2"
        )
        return lines.joined(separator: "\n") + "\n"
    }
}
