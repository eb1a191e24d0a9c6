import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReport
import AirlockValidate

extension Converter {
    /// The last steps of a run once its packages are written and validated (`to-fo.zip` as `fo`, `to-sales.zip` as
    /// `sales`, nil for a package not written), shared by `convert` and `merge`: their digests, the batches when
    /// asked for (`batchLimits`, each batch validated against `targets` and the batches before it; or `cutBatches`,
    /// the series the merge's package steps cut and validated, their zips already in `batches/`), each validation in
    /// the report, and, when a package fails validation, the refusal (only the report is committed, and
    /// `ConversionFailure` thrown).
    static func finishPackages(
        fo foValidation: ValidationReport?, sales salesValidation: ValidationReport?, report: inout ConversionReport,
        batchLimits: PackageBatchLimits?, cutBatches: (fo: BatchWriter.Series?, sales: BatchWriter.Series?)? = nil,
        targets: TargetExports, catalog: SchemaCatalog, integration: SyncIntegration, staging: StagingDirectory,
        progress: @escaping @Sendable (String) -> Void
    ) throws -> [ValidationReport] {
        if foValidation != nil {
            report.outputs[RunLayout.foPackage] = try FileDigest.of(staging.path(RunLayout.foPackage), as: RunLayout.foPackage)
        }
        if salesValidation != nil {
            report.outputs[RunLayout.salesPackage] = try FileDigest.of(staging.path(RunLayout.salesPackage), as: RunLayout.salesPackage)
        }
        var validations = [foValidation, salesValidation].compactMap { $0 }
        var named = validations.map { ($0.kind == PackageKind.fo.rawValue ? RunLayout.foPackage : RunLayout.salesPackage, $0) }
        if let limits = batchLimits, !limits.isUnlimited, !validations.contains(where: { $0.errors > 0 }) {
            let batches =
                try cutBatches.map { try BatchWriter.finish(limits: limits, fo: $0.fo, sales: $0.sales, staging: staging) }
                ?? BatchWriter.write(
                    limits: limits, targets: targets, catalog: catalog, integration: integration, staging: staging,
                    writtenFO: foValidation != nil, writtenSales: salesValidation != nil, progress: progress)
            report.importPlan = batches.plan
            for (name, validation) in batches.validations {
                named.append((name, validation))
                validations.append(validation)
                report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
            }
            for name in [RunLayout.importPlan, RunLayout.importPlanText] {
                let path = RunLayout.batchesFolder + "/" + name
                report.outputs[path] = try FileDigest.of(staging.path(path), as: path)
            }
        }
        for (name, validation) in named {
            var rules: [String: Int] = [:]
            for group in validation.groups { rules[group.rule, default: 0] += group.count }
            let errors = validation.findings.filter { $0.severity == .error }.prefix(20).map { finding in
                [finding.entity, finding.file, finding.line.map { "line \($0)" }, finding.record, finding.field, finding.message]
                    .compactMap { $0 }.joined(separator: ", ")
            }
            report.validation[name] = ConversionReport.Validation(
                errors: validation.errors, warnings: validation.warnings, notices: validation.notices, rules: rules,
                firstErrors: Array(errors))
        }
        if validations.contains(where: { $0.errors > 0 }) {
            // Hand over no package: the output folder gets only the report, which names the findings.
            report.refused = true
            report.outputs = [:]
            report.importPlan = nil
            for name in [RunLayout.foPackage, RunLayout.salesPackage, RunLayout.rejectsFolder, RunLayout.batchesFolder] {
                staging.remove(name)
            }
            try ConversionReportBuilder.write(report, staging: staging)
            try staging.commit()
            throw ConversionFailure(report: report, validations: validations)
        }
        return validations
    }
}
