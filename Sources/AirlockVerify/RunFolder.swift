import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockReport
import Foundation

/// A conversion's output folder as `verify` reads it: its report, the packages the report lists (checked against
/// the report's digests), and the templates the conversion ran (for the target keys and the run order).
struct RunFolder {
    let path: String
    let report: ConversionReport
    /// Digests of `report.json` and of each package, by file name.
    let digests: [String: FileDigest]
    let templates: TemplateSet
    /// The flows that ran, in run order.
    let order: [MappingTemplate]

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Whether the conversion handed over the package `name`.
    func hasPackage(_ name: String) -> Bool { report.outputs[name] != nil }

    /// Reads `report.json` in `path` and checks the packages it lists.
    /// - Throws: `AirlockError(.usage)` naming the file: no folder, no or no conversion's `report.json`, a refused
    ///   or dry run, a package missing or changed since the conversion, templates that cannot be read.
    static func open(_ path: String) throws -> RunFolder {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AirlockError(
                .usage,
                "--run must name the output folder of airlock convert (it holds \(RunLayout.conversionReport), \(RunLayout.foPackage) and/or \(RunLayout.salesPackage))",
                at: SourceLocation(file: path))
        }
        let reportPath = path + "/" + RunLayout.conversionReport
        guard FileManager.default.fileExists(atPath: reportPath) else {
            throw AirlockError(
                .usage,
                "the run folder has no \(RunLayout.conversionReport): give the output folder of airlock convert (it holds \(RunLayout.conversionReport), \(RunLayout.foPackage) and/or \(RunLayout.salesPackage))",
                at: SourceLocation(file: path))
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: reportPath))
        } catch {
            throw AirlockError(.usage, "cannot read the conversion's report", at: SourceLocation(file: reportPath), cause: "\(error)")
        }
        guard case .conversion(let report) = try ReportDocument.decode(data, file: reportPath) else {
            throw AirlockError(
                .usage, "not a conversion's report (it is the output of airlock validate)", at: SourceLocation(file: reportPath))
        }
        if report.refused {
            throw AirlockError(
                .usage,
                "the conversion was refused (its packages failed validation): nothing was handed over to import, so nothing can be verified",
                at: SourceLocation(file: reportPath))
        }
        if report.options.dryRun {
            throw AirlockError(
                .usage, "the report is of a dry run: no package was written, so nothing can be verified",
                at: SourceLocation(file: reportPath))
        }
        var digests = [RunLayout.conversionReport: try FileDigest.of(reportPath)]
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            guard let expected = report.outputs[name] else { continue }
            let digest = try WrittenPackage.check(
                name, in: path, listedIn: RunLayout.conversionReport, as: expected, folderKind: "run", writer: "the conversion")
            digests[name] = digest
        }
        let templates: TemplateSet
        do {
            templates = try TemplateLoader.load(
                TemplateSelection(setName: report.options.templateSet, directory: report.options.templatesDirectory))
        } catch let error as AirlockError {
            throw AirlockError(
                .usage,
                "cannot read the templates the conversion ran (options.templatesDirectory of \(RunLayout.conversionReport)); run verify from the folder convert ran in",
                at: SourceLocation(file: report.options.templatesDirectory ?? reportPath), cause: error.description)
        }
        let order = templates.runOrder().filter { report.flows[$0.name] != nil }
        for name in report.flows.keys where !order.contains(where: { $0.name == name }) {
            throw AirlockError(
                .usage, "\(RunLayout.conversionReport) names the flow '\(name)', which the templates do not hold",
                at: SourceLocation(file: reportPath))
        }
        return RunFolder(path: path, report: report, digests: digests, templates: templates, order: order)
    }
}
