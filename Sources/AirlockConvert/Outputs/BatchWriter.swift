import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReport
import AirlockValidate
import Foundation

/// A batched run's last step: each package written is cut into a numbered series under the run's limits
/// (`FOPackageSplitter`, `CMTPackageSplitter`) in `batches/`, each batch is validated as it will be imported, after
/// the batches before it (a delta against the target export and those batches: its references resolve there or in
/// itself), and the import plan is written beside them (`import-plan.json`, `import-plan.txt`).
enum BatchWriter {
    /// The series and plan of the packages in `staging`, each batch validated against `targets` and the batches before
    /// it; the batches' validations, named by their paths in the run.
    static func write(
        limits: PackageBatchLimits, targets: TargetExports, catalog: SchemaCatalog, integration: SyncIntegration,
        staging: StagingDirectory, writtenFO: Bool, writtenSales: Bool, progress: @Sendable (String) -> Void
    ) throws -> (plan: ImportPlan, validations: [(name: String, report: ValidationReport)]) {
        try staging.makeFolder(RunLayout.batchesFolder)
        let folder = staging.path(RunLayout.batchesFolder)
        let foPackage = writtenFO ? staging.path(RunLayout.foPackage) : nil
        let salesPackage = writtenSales ? staging.path(RunLayout.salesPackage) : nil
        var validations: [(name: String, report: ValidationReport)] = []

        var foBatches: [PackageBatch] = []
        if let foPackage {
            progress("cutting \(RunLayout.foPackage) into batches")
            foBatches = try FOPackageSplitter.split(foPackage, limits: limits, into: folder, stem: RunLayout.foSeries)
            var context: [any FOTargetRecords] = [
                try FOExportKeys.read(path: targets.foPath, catalog: catalog, fileEncoding: targets.foFileEncoding, countsAs: .checked)
            ]
            for batch in foBatches {
                let path = folder + "/" + batch.fileName
                let report = try PackageValidator.validate(
                    path: path, target: .fo, catalog: catalog, foTargetRecords: FOTargetRecordsUnion(context), countsAs: .checked)
                validations.append((RunLayout.batchesFolder + "/" + batch.fileName, report))
                context.append(try FOExportKeys.read(path: path, catalog: catalog, countsAs: .checked))
            }
        }
        var salesBatches: [PackageBatch] = []
        if let salesPackage {
            progress("cutting \(RunLayout.salesPackage) into batches")
            salesBatches = try CMTPackageSplitter.split(salesPackage, limits: limits, into: folder, stem: RunLayout.salesSeries)
            var context: [any CMTTargetRecords] = [try CMTExportRecords.read(path: targets.salesPath, countsAs: .checked)]
            for batch in salesBatches {
                let path = folder + "/" + batch.fileName
                let report = try PackageValidator.validate(
                    path: path, target: .cmt, catalog: catalog, integration: integration, targetRecords: CMTTargetRecordsUnion(context),
                    countsAs: .checked)
                validations.append((RunLayout.batchesFolder + "/" + batch.fileName, report))
                context.append(try CMTExportRecords.read(path: path, countsAs: .checked))
            }
        }
        let plan = try ImportPlanBuilder.plan(
            limits: limits, fo: foBatches, foPackage: foPackage, sales: salesBatches, salesPackage: salesPackage, folder: folder)
        try staging.write(try plan.jsonData(), to: RunLayout.batchesFolder + "/" + RunLayout.importPlan)
        try staging.write(Data(plan.text().utf8), to: RunLayout.batchesFolder + "/" + RunLayout.importPlanText)
        return (plan, validations)
    }
}
