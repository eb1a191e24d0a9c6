import Foundation

/// `airlock validate` as a library call: checks a package offline against what F&O or Sales would reject.
public enum ValidatePipeline {
    /// Loads the catalog with its extensions, validates the package and writes the HTML page if asked.
    /// - Throws: `AirlockError` when a catalog file or the package cannot be read, or the page cannot be written.
    public static func run(_ options: ValidateOptions) throws -> ValidateResult {
        let started = Date()
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let report = try PackageValidator.validate(
            path: options.package, target: options.target, catalog: catalog, maxFindings: options.maxFindings,
            expectedInTarget: options.expectedInTarget, selfContained: options.selfContained, foLocale: options.foLocale,
            integration: options.integration)
        if let htmlPath = options.htmlPath {
            try ReportPage.write(ReportPage.html(validation: report, duration: Date().timeIntervalSince(started)), to: htmlPath)
        }
        let text = options.json ? try report.jsonText() : report.text()
        return ValidateResult(
            report: report, htmlPath: options.htmlPath, text: text + "\n", status: report.errors > 0 ? .dataErrors : .success)
    }
}
