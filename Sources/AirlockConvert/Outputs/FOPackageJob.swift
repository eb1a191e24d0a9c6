import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockValidate
import Foundation

/// Builds, writes and validates `to-fo.zip` on a thread of its own, started as soon as the flows that write F&O
/// records (the Sales → F&O flows) have finished. The F&O → Sales flows still running, and the second pass after
/// them, do not change those outputs (the conversion checks it), so the package equals the one written after all
/// flows; starting early uses the core that the last F&O → Sales flows leave idle.
final class FOPackageJob: Sendable {
    private let path: String
    private let catalog: SchemaCatalog
    private let progress: @Sendable (String) -> Void
    private let job = PackageJob(name: RunLayout.foPackage)

    init(path: String, catalog: SchemaCatalog, progress: @escaping @Sendable (String) -> Void) {
        self.path = path
        self.catalog = catalog
        self.progress = progress
    }

    /// Whether `template`'s output can hold records for `to-fo.zip`.
    static func contributes(_ template: MappingTemplate) -> Bool {
        template.target.side == .fo
    }

    /// Starts the job on `outputs` (the contributing flows' outputs, in run order) for the conversion's `company`;
    /// `target`, the F&O export the run read, is what the package is a delta against (a parent it holds is expected).
    func start(_ outputs: [FlowOutput], company: String, target: FOExport) {
        let path = path
        let catalog = catalog
        let progress = progress
        // The validation looks up the parents of the package's lines in the export: only their tables are kept, so the
        // export's others can go once the flows are done.
        let keys = FOExportKeys.ofParents { label in (try? target.table(label)) ?? nil }
        job.start {
            progress("writing \(RunLayout.foPackage)")
            guard try FOOutputBuilder.write(outputs, catalog: catalog, description: "Airlock conversion for \(company)", to: path) else {
                return nil
            }
            progress("validating \(RunLayout.foPackage)")
            return try PackageValidator.validate(path: path, target: .fo, catalog: catalog, foTargetRecords: keys, countsAs: .checked)
        }
    }

    /// Waits for the job: the package's validation, or nil when no record was written (and no file).
    /// - Throws: the job's error; `.io` when it was never started.
    func result() throws -> ValidationReport? { try job.result() }

    /// Waits for the job if it was started, dropping its outcome.
    func waitIfStarted() { job.waitIfStarted() }
}
