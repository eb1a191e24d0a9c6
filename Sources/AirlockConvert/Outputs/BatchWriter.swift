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
    /// The series and plan of the packages in `staging`; the batches' validations, named by their paths in the run.
    static func write(
        limits: PackageBatchLimits, options: ConversionOptions, catalog: SchemaCatalog, integration: SyncIntegration,
        staging: StagingDirectory, writtenFO: Bool, writtenSales: Bool, progress: @Sendable (String) -> Void
    ) throws -> (plan: ImportPlan, validations: [(name: String, report: ValidationReport)]) {
        try staging.makeFolder(Converter.batchesFolder)
        let folder = staging.path(Converter.batchesFolder)
        let foPackage = writtenFO ? staging.path(Converter.foPackageName) : nil
        let salesPackage = writtenSales ? staging.path(Converter.salesPackageName) : nil
        var validations: [(name: String, report: ValidationReport)] = []

        var foBatches: [PackageBatch] = []
        if let foPackage {
            progress("cutting \(Converter.foPackageName) into batches")
            foBatches = try FOPackageSplitter.split(foPackage, limits: limits, into: folder, stem: Converter.foSeriesStem)
            var context: [any FOTargetRecords] = [try FOExportKeys.read(path: options.foPath, catalog: catalog)]
            for batch in foBatches {
                let path = folder + "/" + batch.fileName
                let report = try PackageValidator.validate(
                    path: path, target: .fo, catalog: catalog, foTargetRecords: FOTargetRecordsUnion(context))
                validations.append((Converter.batchesFolder + "/" + batch.fileName, report))
                context.append(try FOExportKeys.read(path: path, catalog: catalog))
            }
        }
        var salesBatches: [PackageBatch] = []
        if let salesPackage {
            progress("cutting \(Converter.salesPackageName) into batches")
            salesBatches = try CMTPackageSplitter.split(salesPackage, limits: limits, into: folder, stem: Converter.salesSeriesStem)
            var context: [any CMTTargetRecords] = [try CMTExportRecords.read(path: options.salesPath)]
            for batch in salesBatches {
                let path = folder + "/" + batch.fileName
                let report = try PackageValidator.validate(
                    path: path, target: .cmt, catalog: catalog, integration: integration, targetRecords: CMTTargetRecordsUnion(context))
                validations.append((Converter.batchesFolder + "/" + batch.fileName, report))
                context.append(try CMTExportRecords.read(path: path))
            }
        }
        let plan = try ImportPlanBuilder.plan(
            limits: limits, fo: foBatches, foPackage: foPackage, sales: salesBatches, salesPackage: salesPackage, folder: folder)
        try staging.write(try plan.jsonData(), to: Converter.batchesFolder + "/" + Converter.importPlanName)
        try staging.write(Data(plan.text().utf8), to: Converter.batchesFolder + "/" + Converter.importPlanTextName)
        return (plan, validations)
    }
}
