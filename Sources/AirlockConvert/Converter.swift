import AirlockCatalog
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
/// place: a failed run leaves no partial packages.
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
    /// - Throws: `AirlockError` for bad options or unreadable input (exit 2); `ConversionFailure` when the output
    ///   packages fail validation (exit 1); `AirlockError(.accountingIdentity)` if a flow's counts do not add up.
    public static func run(
        _ options: ConversionOptions, catalog: SchemaCatalog, rules: [any ConversionRule] = [],
        progress: @escaping @Sendable (String) -> Void = { _ in }, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConversionResult {
        try run(options, catalog: catalog, rules: rules, scheduling: .graph, progress: progress, notice: notice)
    }

    /// Runs a conversion with its flows run as `scheduling` says (see `run(_:catalog:rules:progress:notice:)`).
    static func run(
        _ options: ConversionOptions, catalog: SchemaCatalog, rules: [any ConversionRule] = [], scheduling: FlowScheduling,
        progress: @escaping @Sendable (String) -> Void = { _ in }, notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConversionResult {
        let loaded = try TemplateLoader.load(TemplateSelection(setName: options.templateSet, directory: options.templatesDirectory))
        let settings = try RunSettings.parse(options)
        let templates = loaded.applying(settings.templates)
        let selected = try ConversionOptionCheck.check(options, settings: settings, templates: templates, catalog: catalog)
        let staging = try options.outputDirectory.map {
            try StagingDirectory(target: $0, outputNames: options.shard == nil ? RunLayout.conversionOutputs : RunLayout.shardOutputs)
        }
        // to-sales.zip is written as soon as the flows that feed it are done, beside the flows still running.
        let salesJob =
            options.dryRun || options.shard != nil
            ? nil
            : staging.map {
                SalesPackageJob(
                    path: $0.path(RunLayout.salesPackage), catalog: catalog, integration: templates.set.integration, progress: progress)
            }
        // to-fo.zip likewise, as soon as the flows that write F&O records are done.
        let foJob =
            options.dryRun || options.shard != nil
            ? nil : staging.map { FOPackageJob(path: $0.path(RunLayout.foPackage), catalog: catalog, progress: progress) }
        // A shard writes spool files for merge, not packages.
        let jobs = options.shard != nil ? nil : salesJob.flatMap { sales in foJob.map { (sales: sales, fo: $0) } }
        do {
            return try run(
                options, settings: settings, templates: templates, selected: selected, catalog: catalog, rules: rules,
                scheduling: scheduling, staging: staging, jobs: jobs, progress: progress, notice: notice)
        } catch {
            foJob?.waitIfStarted()
            salesJob?.waitIfStarted()
            staging?.discard()
            throw error
        }
    }

    /// The conversion once the output folder is staged (or not asked for); the caller discards it on error.
    private static func run(
        _ options: ConversionOptions, settings: RunSettings, templates: TemplateSet, selected: Set<String>, catalog: SchemaCatalog,
        rules: [any ConversionRule],
        scheduling: FlowScheduling, staging: StagingDirectory?, jobs: (sales: SalesPackageJob, fo: FOPackageJob)?,
        progress: @escaping @Sendable (String) -> Void, notice: @escaping @Sendable (String) -> Void
    ) throws -> ConversionResult {
        // The report's digests of the inputs are taken on what the reading and the flows leave idle of the cores.
        let inputDigests = BackgroundTask(lowPriority: true) {
            var digests = ["fo": try FileDigest.of(options.foPath), "sales": try FileDigest.of(options.salesPath)]
            for (index, path) in (options.since ?? []).enumerated() { digests["since-\(index + 1)"] = try FileDigest.of(path) }
            if let keymap = options.keymap { digests["keymap"] = try FileDigest.of(keymap) }
            return digests
        }
        var flows = try runFlows(
            options, settings: settings, templates: templates, selected: selected, catalog: catalog, rules: rules,
            scheduling: scheduling, jobs: jobs, progress: progress, notice: notice)
        let company = flows.company

        var report = ConversionReport(
            tool: "airlock", version: AirlockVersion.current, company: company, options: options,
            inputs: try inputDigests.result(), outputs: [:],
            flows: [:], flowsNotRun: templates.templates.map(\.name).filter { !selected.contains($0) },
            totals: ConversionReport.Totals(),
            warnings: flows.warnings, validation: [:], refused: false, plan: flows.plan)
        for output in flows.outputs where flows.owns(output) { add(output, to: &report) }
        let tooMany = options.maxRejects.map { report.totals.rejected > $0 } ?? false
        if let shard = options.shard, let staging, let shardRun = flows.shard {
            try writeShard(shard, run: shardRun, owns: flows.owns, outputs: flows.outputs, report: &report, staging: staging)
            return ConversionResult(report: report, validations: [], tooManyRejects: tooMany)
        }

        guard let staging else {
            return ConversionResult(report: report, validations: [], tooManyRejects: tooMany)
        }
        var validations: [ValidationReport] = []
        if let jobs {
            // Reject files first: they are the last use of the source tables, which can then go.
            for output in flows.outputs where !output.rejects.isEmpty {
                let name = RunLayout.rejectFile(flow: output.template.name)
                try staging.makeFolder(RunLayout.rejectsFolder)
                try RejectFileWriter.write(output, to: staging.path(name))
                report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
            }
            let unresolved = flows.outputs.filter { !$0.unresolved.isEmpty }
            if !unresolved.isEmpty {
                let name = RunLayout.unresolvedLookupsFile
                try staging.makeFolder(RunLayout.rejectsFolder)
                try RejectFileWriter.writeUnresolved(unresolved, to: staging.path(name))
                report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
            }
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
                targets: TargetExports(options), catalog: catalog, integration: templates.set.integration, staging: staging,
                progress: progress)
        }
        try staging.write(report.jsonData(), to: RunLayout.conversionReport)
        try writePage(report, staging: staging)
        try staging.commit()
        return ConversionResult(report: report, validations: validations, tooManyRejects: tooMany)
    }

    /// What the flows produced, with what the report needs from the inputs (which are released on return).
    private struct FlowsResult {
        var outputs: [FlowOutput]
        var company: String
        var warnings: [String]
        var plan: ConversionPlan
        /// A shard's run: what it needs to write its spools; nil for a whole run.
        var shard: ShardRun?
        /// Whether this run writes and counts a flow's records (every flow, but in a shard: see `ShardRun.owns`).
        var owns: @Sendable (FlowOutput) -> Bool = { _ in true }
    }

    /// What a shard's run keeps for writing its spools.
    struct ShardRun {
        var context: ConversionContext
        var summary: ShardOwnership.Summary
        var salesTimestamp: String?
    }

    /// Reads both exports and runs the selected flows in dependency order.
    private static func runFlows(
        _ options: ConversionOptions, settings: RunSettings, templates: TemplateSet, selected: Set<String>, catalog: SchemaCatalog,
        rules: [any ConversionRule],
        scheduling: FlowScheduling, jobs: (sales: SalesPackageJob, fo: FOPackageJob)?, progress: @escaping @Sendable (String) -> Void,
        notice: @escaping @Sendable (String) -> Void
    ) throws -> FlowsResult {
        progress("reading \(options.foPath) and \(options.salesPath)")
        var inputs: ConversionInputs
        var shardRows: ShardRowMap?
        var shardSummary: ShardOwnership.Summary?
        var trees: ShardTrees?
        if let shard = options.shard, let declared = ShardTrees.of(templates.set) {
            let read = try ShardInputReader.read(
                options, templates: templates, catalog: catalog, trees: declared, selection: shard, progress: progress)
            inputs = read.inputs
            shardRows = read.rows
            shardSummary = read.summary
            trees = declared
            progress("shard \(shard): \(read.summary.ownedRecords) of \(read.summary.treeRecords) tree records")
        } else {
            inputs = try ConversionInputs.read(options, templates: templates, catalog: catalog)
        }
        var keymapWarnings: [(entity: String, text: String)] = []
        if let keymap = options.keymap {
            let applied = try KeymapApplier.apply(
                path: keymap, to: inputs.sales, foTables: inputs.foTables, templates: templates, catalog: catalog)
            inputs.sales = applied.sales
            for (entity, count) in applied.keyed.sorted(by: { $0.key < $1.key }) {
                progress("keymap: \(count) Sales \(entity) records take their F&O key")
            }
            for entity in Set(applied.replaced.map(\.entity)).sorted() {
                let replaced = applied.replaced.filter { $0.entity == entity }
                let first = replaced[0]
                keymapWarnings.append(
                    (
                        entity,
                        "keymap: \(replaced.count) Sales \(entity) records held another key, which the F&O key replaces in this conversion (first: \(first.id) \"\(first.old)\" → \"\(first.new)\"); import match's \(RunLayout.salesKeyPackage) so that Sales holds it too"
                    ))
            }
        }
        let unkeyed = UnkeyedRecords.count(in: inputs.sales, templates: templates)
        var assignedKeys: AssignedKeys?
        if let spec = settings.keys {
            let assigned = try KeyAssigner.assign(spec, to: inputs.sales, foTables: inputs.foTables, templates: templates, catalog: catalog)
            inputs.sales = assigned.sales
            assignedKeys = assigned.keys
        }
        let currencies = try CurrencyResolver.resolve(inputs.sales, templates: templates, names: settings.currencyNames)
        inputs.sales = currencies.sales
        let fo = FOExport(reader: inputs.foReader, catalog: catalog, locale: options.foLocale.flatMap(FOLocale.init(name:)))
        for (label, table) in inputs.foTables { fo.store(table, label: label) }
        let sales = SalesExport(package: inputs.sales)
        let companyTables = try fo.labels.compactMap { try fo.table($0) }
        let company = try CompanyResolver.resolve(requested: options.company, tables: companyTables)
        // The flows run on several cores, each once the flows it reads are done; see FlowScheduler for why the
        // result equals a sequential run's.
        let order = templates.runOrder().filter { selected.contains($0.name) }
        let since = try SinceBaseline.load(
            options.since ?? [], catalog: catalog, locale: options.foLocale.flatMap(FOLocale.init(name:)),
            fileEncoding: options.foFileEncoding,
            salesEntities: order.filter { $0.source.side == .sales }.map(\.source.entity), newSales: sales)
        let context = ConversionContext(
            catalog: catalog, templates: templates, company: company, fo: fo, sales: sales, options: options, since: since,
            shardRows: shardRows)
        // The plan's first part, before any record moves: the columns the templates read that the exports lack.
        for line in try ConversionPlanner.preflight(order, context: context) {
            notice("plan: \(line.flow) lacks \(line.missing.column): \(line.missing.effects.joined(separator: "; "))")
        }
        // A target the export lacks turns every record into a creation: refused before any record moves (a plan
        // shows it instead), and said in the report when allowed.
        let missingTargets = try MissingTargetCheck.find(order, context: context)
        if options.planOnly != true, let refusal = MissingTargetCheck.refusal(missingTargets) { throw refusal }
        for finding in missingTargets where finding.allowed { context.warn(MissingTargetCheck.warning(finding), flow: finding.flow) }
        for warning in keymapWarnings {
            let flow = order.first { $0.source.entity == warning.entity || $0.target.entity == warning.entity }
            context.warn(warning.text, flow: flow?.name ?? order.first?.name ?? "")
        }
        for (flow, text) in SettingsNotices.texts(
            unkeyed: unkeyed, assigned: assignedKeys, currencies: currencies.currencies, sales: inputs.sales, order: order)
        {
            context.warn(text, flow: flow)
        }
        let keyRule: [any ConversionRule] = assignedKeys.map { [AssignedKeyRule(keys: $0, catalog: catalog, selected: selected)] } ?? []
        context.rules = try SpecialRuleRegistry.rules(of: order, context: context) + keyRule + rules
        let rules = context.rules
        let timestamp = inputs.sales.data.timestamp
        let feedsSales = order.filter { SalesPackageJob.contributes($0, rules: rules) }.map(\.name)
        // Second-pass lookups are resolved as soon as every flow that writes Sales records is done, before
        // to-sales.zip is started from the result.
        let secondPass = SecondPassJob(context: context)
        let startSales = (
            names: feedsSales,
            action: { @Sendable (outputs: [FlowOutput]) in
                guard let resolved = try? secondPass.run(outputs) else { return }
                jobs?.sales.start(resolved, timestamp: timestamp, target: sales)
            }
        )
        let feedsFO = order.filter(FOPackageJob.contributes).map(\.name)
        let startFO = (
            names: feedsFO,
            action: { @Sendable (outputs: [FlowOutput]) in
                jobs?.fo.start(outputs, company: company, target: fo)
                return
            }
        )
        let reads = scheduling == .graph ? FlowReads.of(order, context: context, rules: rules) : FlowReads.everyEarlier(order)
        if order.count < templates.templates.count {
            // What a flow --only leaves out would have given the flows that run: their references to records only
            // it would write are rejected. Say so before the rejects do.
            let whole = FlowReads.of(templates.runOrder(), context: context, rules: rules)
            for template in order {
                let missing = whole.flows(readBy: template.name).filter { !selected.contains($0) }
                guard !missing.isEmpty else { continue }
                context.warn(
                    "flow \(template.name) reads the records of \(missing.joined(separator: ", ")), which --only leaves out: its references to records only \(missing.count == 1 ? "that flow" : "those flows") would write are rejected (orphan-reference); add \(missing.count == 1 ? "it" : "them") to --only if the target does not hold those records yet",
                    flow: template.name)
            }
        }
        var outputs = try FlowScheduler.run(
            order, reads: reads, costs: estimatedCosts(of: order, context: context),
            workers: scheduling == .graph ? FlowScheduler.defaultWorkerCount : 1, whenFinished: [startSales, startFO]
        ) { template in
            progress("flow \(template.name)")
            let started = DispatchTime.now().uptimeNanoseconds
            let flowContext = scheduling == .graph ? context.scoped(to: reads.flows(readBy: template.name)) : context
            let output = try FlowRunner(template: template, context: flowContext).run()
            context.add(output)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            progress("flow \(template.name) done (\((seconds * 10).rounded() / 10) s)")
            return output
        }
        let beforeSecondPass = outputs
        outputs = try secondPass.replacing(outputs)
        // to-fo.zip was started from the F&O flows' outputs before the second pass: it must have left them as they were.
        for (before, after) in zip(beforeSecondPass, outputs) where FOPackageJob.contributes(before.template) && before !== after {
            throw AirlockError(
                .io, "the second pass changed flow \(before.template.name), from which \(RunLayout.foPackage) was already started")
        }
        // The Sales package was started from the contributing flows alone: no other flow may have added to it.
        for output in outputs where !feedsSales.contains(output.template.name) && !output.generated.isEmpty {
            throw AirlockError(
                .io, "flow \(output.template.name) generated Sales records but is not among the flows that feed \(RunLayout.salesPackage)")
        }
        for (flow, text) in SettingsNotices.defaultSettings(outputs) + SettingsNotices.unmappedCountries(outputs) {
            context.warn(text, flow: flow)
        }
        guard let shard = options.shard, let trees, let shardSummary else {
            var plan = try ConversionPlanner.plan(outputs, context: context)
            if options.dryRun && options.batchLimits == nil {
                plan.sizeWarnings = ConversionPlanner.sizeWarnings(outputs, catalog: catalog)
            }
            return FlowsResult(outputs: outputs, company: company, warnings: context.warnings(order: order.map(\.name)), plan: plan)
        }
        // A shard writes and counts its account trees' flows; the reference data flows, which every shard runs for its
        // lookups, shard 0 alone.
        let ownsReferenceData = shard.index == 0
        let owns: @Sendable (FlowOutput) -> Bool = { output in
            ownsReferenceData || trees.isTree(output.template.source, catalog: catalog)
        }
        let plan = try ConversionPlanner.plan(outputs.filter(owns), context: context)
        return FlowsResult(
            outputs: outputs, company: company, warnings: context.warnings(order: order.map(\.name)), plan: plan,
            shard: ShardRun(context: context, summary: shardSummary, salesTimestamp: timestamp?.text), owns: owns)
    }

    /// Each flow's work as the scheduler estimates it: its source records times its fields (each record is read,
    /// mapped and checked field by field).
    private static func estimatedCosts(of order: [MappingTemplate], context: ConversionContext) -> [String: Int] {
        var costs: [String: Int] = [:]
        for template in order {
            let rows: Int =
                switch template.source.side {
                case .fo: ((try? context.fo.table(template.source.entity)) ?? nil)?.rowCount ?? 0
                case .sales: context.sales.table(template.source.entity)?.rowCount ?? 0
                }
            costs[template.name] = rows * (template.fields.count + 1)
        }
        return costs
    }

    /// Writes `report.html` (no duration: equal runs give equal files), with the first rows of each reject file.
    static func writePage(_ report: ConversionReport, staging: StagingDirectory) throws {
        let page = ReportPage.html(conversion: report, rejectExamples: ReportPage.rejectExamples(in: staging.path(RunLayout.rejectsFolder)))
        try staging.write(Data(page.utf8), to: RunLayout.conversionPage)
    }

    /// The flows to run: all, or those `--only` names (unknown names are an error listing the known ones).
    static func selectFlows(_ only: [String]?, templates: TemplateSet) throws -> Set<String> {
        let all = templates.templates.map(\.name)
        guard let only, !only.isEmpty else { return Set(all) }
        for name in only where !all.contains(name) {
            throw AirlockError(.usage, "--only names an unknown flow '\(name)'; the flows are \(all.joined(separator: ", "))")
        }
        // A line flow is converted only with its header flow: a line's header is the header flow's verdict, so without
        // it every line whose header the target export does not already hold would be rejected.
        let selected = Set(only)
        var needs: [String] = []
        for template in templates.templates where selected.contains(template.name) {
            guard let parent = template.parent?.flow, !selected.contains(parent) else { continue }
            needs.append("\(template.name) needs \(parent)")
        }
        if !needs.isEmpty {
            var closed = only
            var added = true
            while added {
                added = false
                for template in templates.templates where closed.contains(template.name) {
                    if let parent = template.parent?.flow, !closed.contains(parent) {
                        closed.insert(parent, at: 0)
                        added = true
                    }
                }
            }
            throw AirlockError(
                .usage,
                "--only leaves out flows the flows it names need: \(needs.joined(separator: "; ")) (lines are converted with their headers; a header already in the target is found unchanged and not written again): --only \(closed.joined(separator: ","))"
            )
        }
        return selected
    }

    /// Refuses an output folder that holds an input, or that is not empty (without `--force`).
    static func checkOutputDirectory(_ options: ConversionOptions) throws {
        guard let output = options.outputDirectory else { return }
        try StagingDirectory.checkTarget(output, inputs: [options.foPath, options.salesPath], force: options.force)
    }

    static func add(_ output: FlowOutput, to report: inout ConversionReport) {
        var generated: [String: ConversionReport.Generated] = [:]
        for records in output.generated {
            generated[records.kind] = ConversionReport.Generated(
                entity: records.entity, created: records.created, updated: records.updated, unchanged: records.unchanged)
        }
        var flow = ConversionReport.Flow(
            counts: output.counts, written: output.writtenCount,
            source: output.template.source.entity, target: output.template.target.entity,
            direction: output.template.direction == .salesToFO ? "sales-to-fo" : "fo-to-sales", filteredBy: output.filteredBy,
            updatedFields: output.changedFields.mapValues(\.records), generated: generated,
            unresolvedLookups: Dictionary(grouping: output.unresolved, by: \.field).mapValues(\.count),
            rejectFile: output.rejects.isEmpty || report.options.dryRun ? nil : RunLayout.rejectFile(flow: output.template.name),
            fieldChanges: output.changedFields, keptValues: output.keptExisting)
        flow.keptByMaster = output.keptByMaster
        report.flows[output.template.name] = flow
        report.totals.counts += output.counts
        report.totals.written += output.writtenCount
    }
}
