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
        let result = try Retrier.run(options.retry, catalog: catalog)
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
}
