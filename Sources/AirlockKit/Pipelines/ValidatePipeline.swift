import Foundation

/// `airlock validate` as a library call: checks a package offline against what F&O or Sales would reject.
public enum ValidatePipeline {
    /// Loads the catalog with its extensions, validates the package and writes the HTML page if asked.
    /// - Throws: `AirlockError` when a catalog file or the package cannot be read, or the page cannot be written.
    public static func run(_ options: ValidateOptions) throws -> ValidateResult {
        let started = Date()
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let against = try options.againstExport.map { path -> CMTExportRecords in
            let kind = try PackageDetector.locate(openPackageSource(path: path)).0
            guard kind == .cmt else {
                throw AirlockError(
                    .usage,
                    "--against takes the Sales (Configuration Migration) export the package is a delta against; \(path) is an F&O package")
            }
            let packageKind = try options.target ?? PackageDetector.locate(openPackageSource(path: options.package)).0
            guard packageKind == .cmt else {
                throw AirlockError(
                    .usage, "--against applies to a Sales (Configuration Migration) package; \(options.package) is an F&O package")
            }
            return try CMTExportRecords.read(path: path)
        }
        let report = try PackageValidator.validate(
            path: options.package, target: options.target, catalog: catalog, maxFindings: options.maxFindings,
            expectedInTarget: options.expectedInTarget, selfContained: options.selfContained, foLocale: options.foLocale,
            integration: options.integration, targetRecords: against)
        if let htmlPath = options.htmlPath {
            try ReportPage.write(ReportPage.html(validation: report, duration: Date().timeIntervalSince(started)), to: htmlPath)
        }
        let text = options.json ? try report.jsonText() : report.text()
        return ValidateResult(
            report: report, htmlPath: options.htmlPath, text: text + "\n", status: report.errors > 0 ? .dataErrors : .success)
    }
}
