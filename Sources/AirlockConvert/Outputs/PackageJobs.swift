import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockValidate

/// A whole run's two packages, each built, written and validated on a thread of its own as soon as the flows feeding it
/// are done, beside the flows still running: `to-fo.zip` once the F&O flows are, `to-sales.zip` once the flows that
/// write Sales records are and the second pass has resolved their lookups. A dry run, a run without an output folder
/// and a shard (which writes spool files for merge) have none.
struct PackageJobs: Sendable {
    let sales: SalesPackageJob
    let fo: FOPackageJob

    /// The jobs of a run with `options` staged in `staging`; nil when it writes no package.
    init?(
        _ options: ConversionOptions, staging: StagingDirectory?, catalog: SchemaCatalog, integration: SyncIntegration,
        progress: @escaping @Sendable (String) -> Void
    ) {
        guard let staging, !options.dryRun, options.shard == nil else { return nil }
        sales = SalesPackageJob(path: staging.path(RunLayout.salesPackage), catalog: catalog, integration: integration, progress: progress)
        fo = FOPackageJob(path: staging.path(RunLayout.foPackage), catalog: catalog, progress: progress)
    }

    /// Waits for the jobs started, dropping their outcome (before the staging folder they write into goes).
    func waitIfStarted() {
        fo.waitIfStarted()
        sales.waitIfStarted()
    }

    /// What the scheduler watches (`FlowScheduler.run`'s `whenFinished`): once every flow of `order` that writes
    /// Sales records is done, the second pass resolves their lookups and `to-sales.zip` starts from its result; once
    /// every F&O flow is done, `to-fo.zip` starts. Without jobs, the second pass alone.
    static func watches(
        _ jobs: PackageJobs?, order: [MappingTemplate], context: ConversionContext, secondPass: SecondPassJob,
        timestamp: CMTTimestamp?
    ) -> [(names: [String], action: @Sendable ([FlowOutput]) -> Void)] {
        let rules = context.rules
        let target = (sales: context.sales, fo: context.fo, company: context.company)
        return [
            (
                order.filter { SalesPackageJob.contributes($0, rules: rules) }.map(\.name),
                { outputs in
                    guard let resolved = try? secondPass.run(outputs) else { return }
                    jobs?.sales.start(resolved, timestamp: timestamp, target: target.sales)
                }
            ),
            (
                order.filter(FOPackageJob.contributes).map(\.name),
                { outputs in jobs?.fo.start(outputs, company: target.company, target: target.fo) }
            ),
        ]
    }

    /// Checks that the packages were started from what the flows finally gave: the second pass (`resolved`, from
    /// `outputs`) left the F&O flows' outputs as they were, and no flow beyond those that feed `to-sales.zip` generated
    /// Sales records.
    /// - Throws: `AirlockError(.io)` naming the flow.
    static func checkStarted(from outputs: [FlowOutput], resolved: [FlowOutput], context: ConversionContext) throws {
        for (before, after) in zip(outputs, resolved) where FOPackageJob.contributes(before.template) && before !== after {
            throw AirlockError(
                .io, "the second pass changed flow \(before.template.name), from which \(RunLayout.foPackage) was already started")
        }
        for output in resolved where !SalesPackageJob.contributes(output.template, rules: context.rules) && !output.generated.isEmpty {
            throw AirlockError(
                .io, "flow \(output.template.name) generated Sales records but is not among the flows that feed \(RunLayout.salesPackage)")
        }
    }
}
