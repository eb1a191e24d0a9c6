import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

/// Builds, writes and validates `to-sales.zip` on a thread of its own, started as soon as the flows that write
/// Sales records have finished: the F&O → Sales flows, and any flow with a rule that generates Sales records.
/// The Sales → F&O flows still running cannot change those outputs, so the package equals the one written after
/// all flows; starting early lets it use the core that the F&O → Sales lane leaves idle.
final class SalesPackageJob: Sendable {
    private let path: String
    private let catalog: SchemaCatalog
    /// The integration the run's template set is for: the package is validated as meant for it.
    private let integration: SyncIntegration
    private let progress: @Sendable (String) -> Void
    private let job = PackageJob(name: RunLayout.salesPackage)

    init(path: String, catalog: SchemaCatalog, integration: SyncIntegration, progress: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.catalog = catalog
        self.integration = integration
        self.progress = progress
    }

    /// Whether `template`'s output can hold records for `to-sales.zip`.
    static func contributes(_ template: MappingTemplate, rules: [any ConversionRule]) -> Bool {
        template.target.side == .sales || rules.contains { $0.generatesSalesRecords(on: template) }
    }

    /// Starts the job on `outputs` (the contributing flows' outputs, in run order); `target`, the Sales export the run
    /// read, is what the package is a delta against.
    func start(_ outputs: [FlowOutput], timestamp: CMTTimestamp?, target: SalesExport) {
        let path = path
        let catalog = catalog
        let integration = integration
        let progress = progress
        let records = SalesExportRecords(export: target)
        job.start {
            guard let plan = SalesOutputBuilder.plan(SalesOutputBuilder.parts(outputs), catalog: catalog) else { return nil }
            progress("writing \(RunLayout.salesPackage)")
            return try SalesPackageWriter.write(
                plan, timestamp: timestamp, catalog: catalog, integration: integration, target: records, to: path
            )
        }
    }

    /// Waits for the job: the package's validation, or nil when no record was written (and no file).
    /// - Throws: the job's error; `.io` when it was never started.
    func result() throws -> ValidationReport? { try job.result() }

    /// Waits for the job if it was started, dropping its outcome (before the staging folder it writes into goes).
    func waitIfStarted() { job.waitIfStarted() }
}
