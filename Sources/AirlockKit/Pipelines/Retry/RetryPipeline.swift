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
        let started = Date()
        let result: RetryResult
        do {
            result = try retry(options, started: started)
        } catch {
            // A run that failed says why in its error; that the ledger could not take its entry too (most often for the
            // same reason: a folder that cannot be written) would only be a second line.
            _ = recordFailure(error, options: options, startedAt: started)
            throw error
        }
        if let warning = record(result, options: options, startedAt: started) { notice(warning) }
        return result
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
