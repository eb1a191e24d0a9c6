import Foundation

/// `airlock convert` as a library call: `Converter.run` with the catalog's extensions loaded and its outcome
/// turned into what to show.
public enum ConvertPipeline {
    /// Runs the conversion.
    /// - Parameter progress: told each step as it starts (`reading the F&O export`, `flow accounts`), for
    ///   `ProgressMeter.step`.
    /// - Parameter notice: told, before any record moves, what the plan already knows (`Converter.run`'s
    ///   `notice`): for the user, terminal or not; not called with `--plan`, which shows the whole plan. Also told
    ///   when the run could not be entered in the migration ledger.
    /// - Throws: `AirlockError` for a catalog file, options or input that cannot be used.
    ///
    /// A run with an output folder is entered in the migration ledger (`options.ledger`), one that fails too.
    public static func run(
        _ options: ConvertOptions, progress: @escaping @Sendable (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConvertResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice,
            body: { started in try convert(options, started: started, progress: progress, notice: notice) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    /// The conversion itself, as `run` describes it, without the ledger.
    private static func convert(
        _ options: ConvertOptions, started: Date, progress: @escaping @Sendable (String) -> Void,
        notice: @escaping @Sendable (String) -> Void
    ) throws -> ConvertResult {
        // A delta given as an export would be converted wrongly without a word: refused before anything runs.
        try DeltaInputCheck.check(options)
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var conversionOptions = options.conversion
        conversionOptions.catalogFiles = options.catalogFiles.isEmpty ? nil : options.catalogFiles
        if options.plan {
            // A plan moves no record: nothing is written, not even the report.
            conversionOptions.dryRun = true
            conversionOptions.outputDirectory = nil
            conversionOptions.planOnly = true
        }
        // The keys and links earlier runs of the migration decided, kept by this one (docs/ledger.md).
        let register = try keyRegisterAccess(options)
        conversionOptions.keyRegister = register.recorded
        let conversion: ConversionResult
        do {
            let plan = options.plan
            if options.referenceFlows {
                conversion = try Converter.runReferenceFlows(
                    conversionOptions, catalog: catalog, register: register.use, progress: progress, notice: { _ in })
            } else if let count = options.shards, !plan {
                conversion = try Converter.runInShards(
                    conversionOptions, count: count, catalog: catalog, register: register.use, progress: progress, notice: notice)
            } else {
                conversion = try Converter.run(
                    conversionOptions, catalog: catalog, register: register.use,
                    progress: progress,
                    notice: { line in if !plan { notice(line) } })
            }
        } catch let failure as ConversionFailure {
            return ConvertResult(refused: failure)
        }
        if options.plan { return try planResult(conversion.report, json: options.json) }
        let text: String
        if options.json {
            text = String(decoding: try conversion.report.jsonData(), as: UTF8.self)
        } else if options.referenceFlows, let partition = options.conversion.partition {
            text = referenceFlowsText(conversion, partition: partition)
        } else if let shard = options.conversion.shard, let out = options.conversion.outputDirectory {
            text =
                shardText(conversion.report, shard: shard, out: out)
                + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
        } else {
            text = conversion.report.text() + "\n" + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
        }
        return ConvertResult(conversion, text: text)
    }

    /// What the reference flows' step shows: each flow it wrote for the shards and its records.
    private static func referenceFlowsText(_ conversion: ConversionResult, partition: String) -> String {
        let folder = partition + "/" + RunLayout.partitionLookupsFolder
        var lines = ["Wrote \(folder): the records the reference data flows accept, for the lookups of every shard but 0."]
        for flow in conversion.lookups { lines.append("  \(flow.flow): \(flow.records) records") }
        if conversion.lookups.isEmpty { lines.append("  no flow: every shard runs the reference data flows itself") }
        lines.append("Next: the shards, each with these options: airlock convert --partition \(partition) --shard i/N --out …")
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a shard's run shows: what it owns and converted, and how the shards are merged.
    private static func shardText(_ report: ConversionReport, shard: ShardSelection, out: String) -> String {
        let owned = report.shards?.ownedRecords ?? 0
        let trees = report.shards?.treeRecords ?? 0
        let largest = report.shards?.largestTree ?? 0
        let totals = report.totals
        var lines = [
            "Shard \(shard) of company \(report.company): \(owned) of \(trees) account-tree records are this shard's\(shard.index == 0 ? ", and the reference data" : "") (largest tree: \(largest) records).",
            "Read \(totals.read), created \(totals.created), updated \(totals.updated), unchanged \(totals.unchanged), filtered \(totals.filtered), rejected \(totals.rejected).",
            "Wrote \(out)/\(RunLayout.shardManifest) and its spool files: not a package to import.",
            "Next: when all \(shard.count) shards are done, airlock merge --out RUN --shards \(shard.count) (their folders RUN/shards/shard-i; or --out RUN SHARD-FOLDERS…) writes the run's to-fo.zip and to-sales.zip.",
        ]
        if !report.warnings.isEmpty {
            lines.insert("\(report.warnings.count) warning\(report.warnings.count == 1 ? "" : "s") in report.json.", at: 2)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The result of `--plan`: the plan as text (or JSON), status 1 when a flow would convert none of the records it
    /// reads, some for a cause no run setting settles (a flow that only lacks a setting names it instead), or when
    /// a flow's target entity is not in the other side's export (which `convert` refuses).
    private static func planResult(_ report: ConversionReport, json: Bool) throws -> ConvertResult {
        let plan = report.plan ?? ConversionPlan(flows: [:])
        let empty = plan.flowsLosingRecordsForGood
        let untargeted = plan.flowsMissingTarget
        let text: String
        if json {
            text = String(decoding: try plan.jsonData(), as: UTF8.self)
        } else {
            // The run's warnings too (a field the target export lacks, a value --master cannot keep): a plan that
            // left them out would read as a clean run.
            let warnings = report.warnings.map { "warning: \($0)\n" }.joined()
            text =
                "Plan for company \(report.company) (nothing written)\n" + plan.text(order: report.flowOrder) + "\n"
                + (warnings.isEmpty ? "" : "\n" + warnings)
        }
        var problems: [String] = []
        if !empty.isEmpty { problems.append("nothing would be converted of the records read by \(empty.joined(separator: ", "))") }
        if !untargeted.isEmpty {
            problems.append(
                "convert would refuse \(untargeted.joined(separator: ", ")): the target export lacks \(untargeted.count == 1 ? "its target entity" : "their target entities") (see above)"
            )
        }
        return ConvertResult(
            report: report, validations: [], refused: false, tooManyRejects: false, text: text,
            problem: problems.isEmpty ? nil : problems.joined(separator: "; "), status: problems.isEmpty ? .success : .dataErrors)
    }
}
