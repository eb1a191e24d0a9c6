import Foundation

/// `airlock diff` as a library call: the delta between two exports of the same side (see `PackageDiffer`).
public enum DiffPipeline {
    /// Loads the catalog with its extensions, runs the diff into the output folder and enters the run in the
    /// migration ledger (`options.ledger`), a run that fails too.
    /// - Parameter notice: told when the run could not be entered in the migration ledger (for standard error).
    /// - Throws: `AirlockError` when a catalog file or an export cannot be read, the exports are of two kinds, the
    ///   output folder cannot be used.
    public static func run(_ options: DiffOptions, notice: @escaping @Sendable (String) -> Void = { _ in }) throws -> DiffResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice, body: { _ in try diff(options) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    /// The diff itself, as `run` describes it, without the ledger.
    private static func diff(_ options: DiffOptions) throws -> DiffResult {
        // Only the side the exports are of: an F&O diff reads the F&O entities' keys, a Sales one none.
        let report = try PackageDiffer.run(options.diff) { kind in
            try SchemaCatalogLoader.load(extensions: options.catalogFiles, side: kind == .fo ? .fo : .sales)
        }
        let text = options.json ? try report.jsonText() : report.text()
        return DiffResult(report: report, text: text + "\n", status: .success)
    }
}
