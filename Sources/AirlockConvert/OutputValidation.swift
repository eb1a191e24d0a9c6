import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate

/// Runs `validate` on the packages a conversion wrote, before they are moved into place.
///
/// One rule is left to the converter: `fo.reference.missing` (a contact person's customer, a line's header,
/// missing from the package). The validator sees only the package, where an unchanged customer is not
/// written; the converter has already checked every such reference against its output and the F&O export,
/// rejecting records whose reference is in neither. Findings of that rule are kept in the report as warnings.
enum OutputValidation {
    static let convertChecked: Set<String> = [ValidationRules.foReferenceMissing.id]

    static func run(staging: StagingDirectory, report: ConversionReport, outputs: [FlowOutput], catalog: SchemaCatalog) throws -> [ValidationReport] {
        // Lookups point at records of the Sales export (the target), which the package does not repeat.
        let referenced = Set(catalog.salesEntities.map(\.logicalName))
        var jobs: [(path: String, kind: PackageKind)] = []
        if report.outputs[Converter.foPackageName] != nil { jobs.append((staging.path(Converter.foPackageName), .fo)) }
        if report.outputs[Converter.salesPackageName] != nil { jobs.append((staging.path(Converter.salesPackageName), .cmt)) }
        let work = jobs
        let reports = try ParallelMap.map(work.count) { index in
            try PackageValidator.validate(path: work[index].path, target: work[index].kind, catalog: catalog, expectedInTarget: work[index].kind == .cmt ? referenced : [])
        }
        return reports.map { $0.kind == PackageKind.fo.rawValue ? demote($0) : $0 }
    }

    /// `report` with the findings of the rules the converter checks itself counted as warnings.
    static func demote(_ report: ValidationReport) -> ValidationReport {
        var report = report
        var moved = 0
        for index in report.groups.indices where convertChecked.contains(report.groups[index].rule) && report.groups[index].severity == .error {
            moved += report.groups[index].count
            report.groups[index].severity = .warning
        }
        for index in report.findings.indices where convertChecked.contains(report.findings[index].rule) {
            report.findings[index].severity = .warning
        }
        report.errors -= moved
        report.warnings += moved
        return report
    }
}
