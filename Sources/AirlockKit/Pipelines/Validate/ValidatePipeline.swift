import Foundation

/// `airlock validate` as a library call: checks a package offline against what F&O or Sales would reject.
public enum ValidatePipeline {
    /// Loads the catalog with its extensions, validates the package and writes the HTML page if asked.
    /// - Throws: `AirlockError` when a catalog file or the package cannot be read, or the page cannot be written.
    public static func run(_ options: ValidateOptions) throws -> ValidateResult {
        let started = Date()
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        // The export the package is a delta against, and the packages imported before it, of the package's own kind:
        // references to what they hold are expected, not findings.
        var salesTargets: [any CMTTargetRecords] = []
        var foTargets: [any FOTargetRecords] = []
        let context = (options.againstExport.map { [("--against", $0)] } ?? []) + options.importedBefore.map { ("--after", $0) }
        if !context.isEmpty {
            let packageKind = try options.target ?? PackageDetector.locate(openPackageSource(path: options.package)).0
            for (option, path) in context {
                let kind = try PackageDetector.locate(openPackageSource(path: path)).0
                guard kind == packageKind else {
                    let sides =
                        kind == .cmt ? ("a Sales (Configuration Migration)", "an F&O") : ("an F&O", "a Sales (Configuration Migration)")
                    throw AirlockError(
                        .usage,
                        "\(option) takes \(option == "--against" ? "the export" : "a package") of the side the package goes to; \(path) is \(sides.0) \(option == "--against" ? "export" : "package") and \(options.package) \(sides.1) package"
                    )
                }
                if kind == .cmt {
                    salesTargets.append(try CMTExportRecords.read(path: path))
                } else {
                    foTargets.append(try FOExportKeys.read(path: path, catalog: catalog, fileEncoding: .option(options.foEncoding)))
                }
            }
        }
        let salesTarget: (any CMTTargetRecords)? =
            salesTargets.isEmpty ? nil : salesTargets.count == 1 ? salesTargets[0] : CMTTargetRecordsUnion(salesTargets)
        let foTarget: (any FOTargetRecords)? =
            foTargets.isEmpty ? nil : foTargets.count == 1 ? foTargets[0] : FOTargetRecordsUnion(foTargets)
        let report = try PackageValidator.validate(
            path: options.package, target: options.target, catalog: catalog, maxFindings: options.maxFindings,
            expectedInTarget: options.expectedInTarget, selfContained: options.selfContained, foLocale: options.foLocale,
            integration: options.integration, targetRecords: salesTarget, foTargetRecords: foTarget,
            foFileEncoding: .option(options.foEncoding))
        if let htmlPath = options.htmlPath {
            try ReportPage.write(ReportPage.html(validation: report, duration: Date().timeIntervalSince(started)), to: htmlPath)
        }
        let text = options.json ? try report.jsonText() : report.text()
        let status = status(of: report)
        return ValidateResult(
            report: report, htmlPath: options.htmlPath, text: text + "\n", status: status,
            refusal: status == .usageOrEnvironmentError ? refusal(of: report, package: options.package) : nil)
    }

    /// The line that names the first file of `report` that could not be read: the package, the file, the line and the
    /// message, as `inspect` and `convert` say it.
    static func refusal(of report: ValidationReport, package: String) -> String {
        let unreadable = ValidationRules.foFileUnreadable.id
        let finding =
            report.findings.first { $0.rule == unreadable }
            ?? report.groups.first { $0.rule == unreadable }?.examples.first
        guard let finding else { return "\(package): a file of the package cannot be read (\(unreadable))" }
        let place = [finding.file, finding.line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ": ")
        return "\(package): \(place.isEmpty ? "" : place + ": ")\(finding.message) (\(unreadable); the report lists every finding)"
    }

    /// The exit status `report` implies: a file of the package that could not be read (`fo.file.unreadable`) makes it
    /// a package the tool cannot check whole, as `inspect` and `convert` refuse it (exit 2, with the rest still
    /// checked and reported); else errors make it 1.
    static func status(of report: ValidationReport) -> ExitStatus {
        if report.groups.contains(where: { $0.rule == ValidationRules.foFileUnreadable.id }) { return .usageOrEnvironmentError }
        return report.errors > 0 ? .dataErrors : .success
    }
}
