import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport
import AirlockValidate
import Foundation

/// `airlock convert`: reads both exports, runs every Prospect-to-cash flow in dependency order, and writes
/// `to-fo.zip`, `to-sales.zip`, `rejects/<flow>.csv` and `report.json` into the output folder.
///
/// Outputs are built in a temporary folder next to the output folder, validated, and only then moved into
/// place: a failed run leaves no partial packages. This type orchestrates; each step lives in the folder of its kind
/// (docs/architecture.md): the option checks in `Settings/`, the reading and the keymap in `Inputs/`, what stands in
/// for what the exports lack in `Settings/`, the preflight in `Plan/`, the flows in `Engine/` scheduled by
/// `Scheduling/`, the packages and the report in `Outputs/`, a shard's run in `Shards/`.
public enum Converter {
    /// Runs a conversion.
    /// - Parameters:
    ///   - catalog: the schema catalog (bundled plus any user extension).
    ///   - rules: rules of the caller's own, run after the special rules the templates declare (see
    ///     `ConversionRule`).
    ///   - progress: told what is happening, a line at a time (for a terminal).
    ///   - notice: told, before any record moves, what the plan already knows: each column the templates read
    ///     that the exports lack, with what that does (`plan: <flow> lacks <column>: …`); for the user whether or
    ///     not on a terminal (a batch job's log).
    ///   - register: the migration's key register: applied before the flows, and what the run decides appended to it
    ///     before the outputs are moved into place (see `KeyRegisterUse`).
    /// - Throws: `AirlockError` for bad options or unreadable input (exit 2); `ConversionFailure` when the output
    ///   packages fail validation (exit 1); `AirlockError(.accountingIdentity)` if a flow's counts do not add up.
    public static func run(
        _ options: ConversionOptions, catalog: SchemaCatalog, register: KeyRegisterUse = .none, rules: [any ConversionRule] = [],
        progress: @escaping @Sendable (String) -> Void = { _ in }, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConversionResult {
        try run(options, catalog: catalog, register: register, rules: rules, scheduling: .graph, progress: progress, notice: notice)
    }

    /// Runs a conversion with its flows run as `scheduling` says (see `run(_:catalog:register:rules:progress:notice:)`).
    static func run(
        _ options: ConversionOptions, catalog: SchemaCatalog, register: KeyRegisterUse = .none, rules: [any ConversionRule] = [],
        scheduling: FlowScheduling, writesLookups: Bool = false, progress: @escaping @Sendable (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConversionResult {
        let loaded = try TemplateLoader.load(TemplateSelection(setName: options.templateSet, directory: options.templatesDirectory))
        let settings = try RunSettings.parse(options)
        let templates = loaded.applying(settings.templates)
        var checked = options
        // The reference flows' step writes into the partition, not a shard folder.
        if writesLookups {
            checked.outputDirectory = options.partition
            checked.force = true
        }
        var selected = try ConversionOptionCheck.check(checked, settings: settings, templates: templates, catalog: catalog)
        if writesLookups, let trees = ShardTrees.of(templates.set) {
            selected = selected.filter { name in
                templates.templates.contains { $0.name == name && !trees.isTree($0.source, catalog: catalog) }
            }
        }
        let staging = try options.outputDirectory.map {
            try StagingDirectory(target: $0, outputNames: options.shard == nil ? RunLayout.conversionOutputs : RunLayout.shardOutputs)
        }
        var appendedRegister: KeyRegister?
        do {
            if case .append(let path, _, let check) = register, staging != nil {
                let read = try KeyRegister.read(path)
                try check(read)
                appendedRegister = read
            }
        } catch {
            staging?.discard()
            throw error
        }
        let run = Run(
            options: options, settings: settings, templates: templates, selected: selected, catalog: catalog, register: register,
            appendedRegister: appendedRegister, rules: rules, scheduling: scheduling, writesLookups: writesLookups, staging: staging,
            jobs: PackageJobs(options, staging: staging, catalog: catalog, integration: templates.set.integration, progress: progress),
            progress: progress, notice: notice)
        do {
            return try convert(run)
        } catch {
            run.jobs?.waitIfStarted()
            staging?.discard()
            throw error
        }
    }

    /// A run's settings once its options hold, its output folder staged (or not asked for) and its package jobs made.
    private struct Run {
        var options: ConversionOptions
        var settings: RunSettings
        var templates: TemplateSet
        var selected: Set<String>
        var catalog: SchemaCatalog
        var register: KeyRegisterUse
        /// The register the run appends to (`KeyRegisterUse.append`), as read before the flows.
        var appendedRegister: KeyRegister?
        var rules: [any ConversionRule]
        var scheduling: FlowScheduling
        /// Whether the run is the reference flows' step (`runReferenceFlows`): their records into the partition's
        /// `lookups/`, no shard folder.
        var writesLookups: Bool
        var staging: StagingDirectory?
        var jobs: PackageJobs?
        var progress: @Sendable (String) -> Void
        var notice: @Sendable (String) -> Void
    }

    /// The conversion once the output folder is staged; the caller discards it on error.
    private static func convert(_ run: Run) throws -> ConversionResult {
        let options = run.options
        let inputDigests = ConversionReportBuilder.inputDigests(options)
        var flows = try runFlows(run)
        let inputs = try inputDigests.result()
        if let partition = options.partition { try ShardPartReader.checkDigests(partition, inputs: inputs) }
        var report = ConversionReportBuilder.report(
            options, company: flows.company, inputs: inputs, templates: run.templates,
            selected: run.selected, outputs: flows.outputs, owns: flows.owns, warnings: flows.warnings, plan: flows.plan)
        let tooMany = options.maxRejects.map { report.totals.rejected > $0 } ?? false
        if run.writesLookups, let partition = options.partition {
            let manifest = try ShardLookups.write(flows.outputs, templates: run.templates, options: options, partition: partition)
            return ConversionResult(
                report: report, validations: [], tooManyRejects: false, lookups: manifest.flows.map { ($0.name, $0.records) })
        }
        if let shard = options.shard, let staging = run.staging, let shardRun = flows.shard {
            try writeShard(shard, run: shardRun, owns: flows.owns, outputs: flows.outputs, report: &report, staging: staging)
            return ConversionResult(report: report, validations: [], tooManyRejects: tooMany)
        }
        guard let staging = run.staging else { return ConversionResult(report: report, validations: [], tooManyRejects: tooMany) }
        var validations: [ValidationReport] = []
        if let jobs = run.jobs {
            // Reject files first: they are the last use of the source tables, which can then go.
            try ConversionReportBuilder.writeRejects(flows.outputs, staging: staging, report: &report)
            for output in flows.outputs { output.releaseSource() }
            flows.outputs = []
            // Both packages were built, written and validated on threads of their own, each started as soon as the
            // flows feeding it were done. Validation is `airlock validate`'s default: the packages are deltas, so a
            // customer, header or lookup target they do not carry is expected in the target (a warning); the flows
            // have checked every such reference against the output and the target export, rejecting records whose
            // reference is in neither. When both packages fail, to-fo.zip's error is the one reported (the caller
            // waits for to-sales.zip before discarding the staging folder).
            let foValidation = try jobs.fo.result()
            let salesValidation = try jobs.sales.result()
            validations = try finishPackages(
                fo: foValidation, sales: salesValidation, report: &report, batchLimits: options.batchLimits,
                targets: TargetExports(options), catalog: run.catalog, integration: run.templates.set.integration, staging: staging,
                progress: run.progress)
        }
        try ConversionReportBuilder.write(report, staging: staging)
        // What the run decided is entered before its packages are handed over: a run whose keys the register does not
        // hold leaves no package.
        var registerAfter = run.appendedRegister
        if case .append(let path, let name, _) = run.register, let read = registerAfter, !options.dryRun, !report.refused {
            registerAfter = try KeyRegisterFile.append(flows.registerEntries, run: name, to: path, readAs: read)
        }
        try staging.commit()
        return ConversionResult(
            report: report, validations: validations, tooManyRejects: tooMany,
            keyRegister: registerAfter.flatMap { register in
                register.head.map { LedgerKeyRegister(path: register.path, lines: register.lineCount, sha256: $0) }
            })
    }

    /// What the flows produced, with what the report needs from the inputs (which are released on return).
    private struct FlowsResult {
        var outputs: [FlowOutput]
        var company: String
        var warnings: [String]
        var plan: ConversionPlan
        /// What the run enters in the key register (`KeyRegisterDecisions`).
        var registerEntries: [KeyRegisterEntry] = []
        /// A shard's run: what it needs to write its spools; nil for a whole run.
        var shard: ShardRun?
        /// Whether this run writes and counts a flow's records (every flow, but in a shard: `ShardFlowOwnership`).
        var owns: @Sendable (FlowOutput) -> Bool = { _ in true }
    }

    /// What a shard's run keeps for writing its spools.
    struct ShardRun {
        var context: ConversionContext
        var summary: ShardOwnership.Summary
        var salesTimestamp: String?
    }

    /// Reads both exports, settles what they lack, says what the plan knows, and runs the selected flows in dependency
    /// order, each package started as soon as the flows feeding it are done.
    private static func runFlows(_ run: Run) throws -> FlowsResult {
        let (options, templates, catalog) = (run.options, run.templates, run.catalog)
        let settled = try SettledInputs(run)
        let order = templates.runOrder().filter { run.selected.contains($0.name) }
        let context = try ConversionContext(
            settled.inputs, options: options, templates: templates, catalog: catalog, order: order, shardRows: settled.shardInputs?.rows,
            shardFlows: options.shard.flatMap { shard in
                // The reference flows' step writes no flow's records: it computes them as a shard other than 0 would.
                settled.shardInputs.map { ShardFlowOwnership(trees: $0.trees, ownsReferenceData: shard.index == 0 && !run.writesLookups) }
            })
        let registerNotices = settled.registerNotices(run: run, order: order)
        let encodingNotices = settled.inputs.foEncodingWarnings.map { (order.first?.name ?? "", $0) }
        try RunPreflight.check(
            order, context: context, keymapWarnings: settled.keymap.warnings,
            settingsNotices: encodingNotices + settled.sales.notices(order: order) + registerNotices, notice: run.notice)
        let keyRule =
            settled.sales.writeBack.written.isEmpty
            ? [] : [AssignedKeyRule(keys: settled.sales.writeBack, catalog: catalog, selected: run.selected)]
        context.rules = try SpecialRuleRegistry.rules(of: order, context: context) + keyRule + run.rules
        RunPreflight.warnOfFlowsLeftOut(order, context: context)
        let timestamp = settled.inputs.sales.data.timestamp
        // A shard other than 0 takes the reference flows' records from the partition when they were written there once.
        let lookups =
            try options.shard.flatMap { shard in
                try options.partition.flatMap { shard.index == 0 ? nil : try ShardLookups.read(partition: $0, options: options) }
            } ?? [:]
        let outputs = try scheduledOutputs(order, context: context, run: run, timestamp: timestamp, lookups: lookups)
        for (flow, text) in SettingsNotices.defaultSettings(outputs) + SettingsNotices.unmappedCountries(outputs) {
            context.warn(text, flow: flow)
        }
        guard options.shard != nil, let shardInputs = settled.shardInputs else {
            var plan = try ConversionPlanner.plan(outputs, context: context)
            if options.dryRun && options.batchLimits == nil {
                plan.sizeWarnings = ConversionPlanner.sizeWarnings(outputs, catalog: catalog)
            }
            var entries: [KeyRegisterEntry] = []
            if run.appendedRegister != nil {
                entries = KeyRegisterDecisions.entries(
                    assigned: settled.sales.assignedKeys, links: settled.keymap.links, outputs: outputs, register: settled.register,
                    templates: templates, catalog: catalog)
            }
            return FlowsResult(
                outputs: outputs, company: context.company, warnings: context.warnings(order: order.map(\.name)), plan: plan,
                registerEntries: entries)
        }
        // A shard writes and counts its account trees' flows; the reference data flows, which every shard runs for its
        // lookups, shard 0 alone (`ShardFlowOwnership`).
        let owns: @Sendable (FlowOutput) -> Bool = { output in context.writes(output.template) }
        return FlowsResult(
            outputs: outputs, company: context.company, warnings: context.warnings(order: order.map(\.name)),
            plan: try ConversionPlanner.plan(outputs.filter(owns), context: context),
            shard: ShardRun(context: context, summary: shardInputs.summary, salesTimestamp: timestamp?.text), owns: owns)
    }

    /// Both exports read, then the Sales export as the keymap, the key register and the run's settings leave it.
    private struct SettledInputs {
        var inputs: ConversionInputs
        var shardInputs: ShardInputs?
        /// The key register as read or appended to, and the one the run applies (nil for a template set that keys
        /// records by other columns than the register's).
        var held: KeyRegister?
        var register: KeyRegister?
        var keymap: (warnings: [(entity: String, text: String)], links: [KeymapEntry])
        var registered: KeyRegisterApplier.Applied?
        var sales: SettledSales

        init(_ run: Run) throws {
            let (options, templates, catalog, progress) = (run.options, run.templates, run.catalog, run.progress)
            // The register keeps the Prospect to cash keys: a set that keys records by other columns does not apply it.
            held = run.appendedRegister ?? run.register.register
            let register = templates.set == .standard ? held : nil
            self.register = register
            var (inputs, shardInputs) = try ConversionInputs.read(
                for: options, templates: templates, catalog: catalog, register: register, progress: progress)
            keymap =
                try options.keymap.map {
                    try KeymapApplier.apply(
                        path: $0, to: &inputs, register: register, templates: templates, catalog: catalog, progress: progress)
                } ?? (warnings: [], links: [])
            let registered = try register.map {
                try KeyRegisterApplier.apply(
                    $0, to: inputs.sales, foTables: inputs.foTables, templates: templates, wholeExports: options.shard == nil)
            }
            if let registered { inputs.sales = registered.sales }
            self.registered = registered
            sales = try SettledSales(
                inputs.sales, settings: run.settings, foTables: inputs.foTables, register: register,
                restored: registered?.restored ?? [:], templates: templates, catalog: catalog)
            inputs.sales = sales.package
            self.inputs = inputs
            self.shardInputs = shardInputs
        }

        /// What the run says of the key register: what it applied and writes back, and a register it does not apply.
        func registerNotices(run: Run, order: [MappingTemplate]) -> [(flow: String, text: String)] {
            var notices = KeyRegisterNotices.texts(
                applied: registered, writeBack: sales.writeBack, register: register, off: run.register.isOff,
                assigned: sales.assignedKeys, links: keymap.links.count, order: order)
            if let held, !held.isEmpty, register == nil {
                notices.append(
                    (
                        order.first?.name ?? "",
                        "the key register (\(held.path)) is not applied: it holds the Prospect to cash keys, and the \(run.templates.set.rawValue) templates key records by other columns"
                    ))
            }
            return notices
        }
    }

    /// The flows of `order` run on several cores, each once the flows it reads are done; see FlowScheduler for why the
    /// result equals a sequential run's. Second-pass lookups are resolved as soon as every flow that writes Sales
    /// records is done, before to-sales.zip is started from the result.
    private static func scheduledOutputs(
        _ order: [MappingTemplate], context: ConversionContext, run: Run, timestamp: CMTTimestamp?, lookups: [String: Table]
    ) throws -> [FlowOutput] {
        let graph = run.scheduling == .graph
        let reads = graph ? FlowReads.of(order, context: context, rules: context.rules) : FlowReads.everyEarlier(order)
        let secondPass = SecondPassJob(context: context)
        let progress = run.progress
        let flowOutputs = try FlowScheduler.run(
            order, reads: reads, costs: FlowScheduler.estimatedCosts(of: order, context: context),
            workers: graph ? FlowScheduler.defaultWorkerCount : 1,
            whenFinished: PackageJobs.watches(run.jobs, order: order, context: context, secondPass: secondPass, timestamp: timestamp)
        ) { template in
            if let accepted = lookups[template.name], !context.writes(template) {
                let output = FlowOutput.lookedUp(template, layout: FlowLayout(template: template, context: context), accepted: accepted)
                context.add(output)
                return output
            }
            return try runFlow(template, context: context, reads: graph ? reads : nil, progress: progress)
        }
        let outputs = try secondPass.replacing(flowOutputs)
        try PackageJobs.checkStarted(from: flowOutputs, resolved: outputs, context: context)
        return outputs
    }

    /// Runs one flow, in a context that shows it the flows it reads (`reads`; nil: every flow before it), said with its
    /// duration, and hands its output to the flows that read it.
    private static func runFlow(
        _ template: MappingTemplate, context: ConversionContext, reads: FlowReads?, progress: @Sendable (String) -> Void
    ) throws
        -> FlowOutput
    {
        progress("flow \(template.name)")
        let started = DispatchTime.now().uptimeNanoseconds
        let flowContext = reads.map { context.scoped(to: $0.flows(readBy: template.name)) } ?? context
        let output = try FlowRunner(template: template, context: flowContext).run()
        context.add(output)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        progress("flow \(template.name) done (\((seconds * 10).rounded() / 10) s)")
        return output
    }
}
