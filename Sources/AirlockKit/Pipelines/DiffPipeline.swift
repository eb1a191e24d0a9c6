/// `airlock diff` as a library call: the delta between two exports of the same side (see `PackageDiffer`).
public enum DiffPipeline {
    /// Loads the catalog with its extensions and runs the diff into the output folder.
    /// - Throws: `AirlockError` when a catalog file or an export cannot be read, the exports are of two kinds, the
    ///   output folder cannot be used, or a key repeats within one export.
    public static func run(_ options: DiffOptions) throws -> DiffResult {
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let report = try PackageDiffer.run(options.diff, catalog: catalog)
        let text = options.json ? try report.jsonText() : report.text()
        return DiffResult(report: report, text: text + "\n", status: .success)
    }
}
