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
///
/// A sharded run's package steps (`merge --step fo|sales`) cut their series with the same code from the members
/// they wrote plain, and the merge joins the batches' zips and writes the plan (`finish`).
enum BatchWriter {
    /// One side's series: its batches, in order, and each one's validation.
    struct Series {
        var batches: [PackageBatch]
        var validations: [ValidationReport]
    }

    /// The series and plan of the packages in `staging`, each batch validated against `targets` and the batches before
    /// it; the batches' validations, named by their paths in the run.
    static func write(
        limits: PackageBatchLimits, targets: TargetExports, catalog: SchemaCatalog, integration: SyncIntegration,
        staging: StagingDirectory, writtenFO: Bool, writtenSales: Bool, progress: @Sendable (String) -> Void
    ) throws -> (plan: ImportPlan, validations: [(name: String, report: ValidationReport)]) {
        try staging.makeFolder(RunLayout.batchesFolder)
        let folder = staging.path(RunLayout.batchesFolder)
        var fo: Series?
        if writtenFO {
            progress("cutting \(RunLayout.foPackage) into batches")
            let target = try FOExportKeys.read(
                path: targets.foPath, catalog: catalog, fileEncoding: targets.foFileEncoding, countsAs: .checked)
            fo = try cutFO(staging.path(RunLayout.foPackage), limits: limits, into: folder, form: .zip, target: target, catalog: catalog)
        }
        var sales: Series?
        if writtenSales {
            progress("cutting \(RunLayout.salesPackage) into batches")
            let target = try CMTExportRecords.read(path: targets.salesPath, countsAs: .checked)
            sales = try cutSales(
                staging.path(RunLayout.salesPackage), limits: limits, into: folder, form: .zip, target: target, catalog: catalog,
                integration: integration)
        }
        return try finish(limits: limits, fo: fo, sales: sales, staging: staging)
    }

    /// Cuts the F&O package at `package` (a zip, or a folder of its members) into its series in `folder`, written as
    /// `form`, and validates each batch against `target` and the batches before it.
    static func cutFO(
        _ package: String, limits: PackageBatchLimits, into folder: String, form: PackageForm, target: any FOTargetRecords,
        catalog: SchemaCatalog
    ) throws -> Series {
        let batches = try FOPackageSplitter.split(package, limits: limits, into: folder, stem: RunLayout.foSeries, form: form)
        var context: [any FOTargetRecords] = [target]
        var validations: [ValidationReport] = []
        for batch in batches {
            let path = batch.path(in: folder, form: form)
            validations.append(
                try PackageValidator.validate(
                    path: path, target: .fo, catalog: catalog, foTargetRecords: FOTargetRecordsUnion(context), countsAs: .checked))
            context.append(try FOExportKeys.read(path: path, catalog: catalog, countsAs: .checked))
        }
        return Series(batches: batches, validations: validations)
    }

    /// Cuts the Sales package at `package` (a zip, or a folder of its members) into its series in `folder`, written as
    /// `form`, and validates each batch against `target` and the batches before it.
    static func cutSales(
        _ package: String, limits: PackageBatchLimits, into folder: String, form: PackageForm, target: any CMTTargetRecords,
        catalog: SchemaCatalog, integration: SyncIntegration
    ) throws -> Series {
        // Each batch's record ids as it is cut, for the batches after it to be validated against, so that no batch is
        // read again for them.
        var cut: [CMTExportRecords] = []
        let observer = CMTBatchCutObserver(
            start: { cut = [] },
            record: { number, entity, id in
                while cut.count < number { cut.append(.adding()) }
                cut[number - 1].add(id, of: entity)
            })
        let batches = try CMTPackageSplitter.split(
            package, limits: limits, into: folder, stem: RunLayout.salesSeries, form: form, cut: observer)
        var context: [any CMTTargetRecords] = [target]
        var validations: [ValidationReport] = []
        for (index, batch) in batches.enumerated() {
            let path = batch.path(in: folder, form: form)
            validations.append(
                try PackageValidator.validate(
                    path: path, target: .cmt, catalog: catalog, integration: integration, targetRecords: CMTTargetRecordsUnion(context),
                    countsAs: .checked))
            let records = index < cut.count ? cut[index] : .adding()
            records.seal()
            context.append(records)
        }
        return Series(batches: batches, validations: validations)
    }

    /// The plan of the series whose zips are in `staging`'s `batches/` (`fo` cut from its `to-fo.zip`, `sales` from
    /// its `to-sales.zip`), written beside them; the batches' validations, named by their paths in the run.
    static func finish(
        limits: PackageBatchLimits, fo: Series?, sales: Series?, staging: StagingDirectory
    ) throws -> (plan: ImportPlan, validations: [(name: String, report: ValidationReport)]) {
        let folder = staging.path(RunLayout.batchesFolder)
        var validations: [(name: String, report: ValidationReport)] = []
        for series in [fo, sales].compactMap({ $0 }) {
            for (batch, report) in zip(series.batches, series.validations) {
                validations.append((RunLayout.batchesFolder + "/" + batch.fileName, report))
            }
        }
        let plan = try ImportPlanBuilder.plan(
            limits: limits, fo: fo?.batches ?? [], foPackage: fo.map { _ in staging.path(RunLayout.foPackage) },
            sales: sales?.batches ?? [], salesPackage: sales.map { _ in staging.path(RunLayout.salesPackage) }, folder: folder)
        try staging.write(try plan.jsonData(), to: RunLayout.batchesFolder + "/" + RunLayout.importPlan)
        try staging.write(Data(plan.text().utf8), to: RunLayout.batchesFolder + "/" + RunLayout.importPlanText)
        return (plan, validations)
    }
}
