import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate

/// Runs `validate` on the packages a conversion wrote, before they are moved into place, as `airlock validate`
/// does by default: the packages are deltas, so a customer, header or lookup target they do not carry is expected
/// in the target (a warning); the converter has itself checked every such reference against its output and the
/// target export, rejecting records whose reference is in neither.
enum OutputValidation {
    static func run(staging: StagingDirectory, report: ConversionReport, catalog: SchemaCatalog) throws -> [ValidationReport] {
        var jobs: [(path: String, kind: PackageKind)] = []
        if report.outputs[Converter.foPackageName] != nil { jobs.append((staging.path(Converter.foPackageName), .fo)) }
        if report.outputs[Converter.salesPackageName] != nil { jobs.append((staging.path(Converter.salesPackageName), .cmt)) }
        let work = jobs
        return try ParallelMap.map(work.count) { index in
            try PackageValidator.validate(path: work[index].path, target: work[index].kind, catalog: catalog)
        }
    }
}
