import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport

extension Converter {
    /// `convert --shards N`: the exports cut once into `--out`'s `partition/` (`ShardPartitioner`), the conversion as
    /// `count` shards, each in turn into `--out`'s `shards/shard-i` reading its part (one in memory at a time, so a load
    /// larger than memory still fits one machine), then merged into `--out` as `merge` does.
    /// - Throws: as `run` and `ShardMerger.run` do.
    public static func runInShards(
        _ options: ConversionOptions, count: Int, catalog: SchemaCatalog, register: KeyRegisterUse = .none,
        progress: @escaping @Sendable (String) -> Void, notice: @escaping @Sendable (String) -> Void
    ) throws -> ConversionResult {
        guard let out = options.outputDirectory, !options.dryRun else {
            throw AirlockError(.usage, "--shards writes shard folders and merges them: give --out, without --dry-run")
        }
        try ConversionOptionCheck.checkOutputDirectory(options)
        // Shards number and link nothing (refused with --shard): each applies the register as read.
        var shardRegister = register
        if case .append(let path, _, let check) = register {
            let read = try KeyRegister.read(path)
            try check(read)
            shardRegister = .read(read)
        }
        let partition = out + "/" + RunLayout.partitionFolder
        var cut = options
        cut.outputDirectory = partition
        cut.force = true
        _ = try ShardPartitioner.run(cut, count: count, catalog: catalog, register: shardRegister.register, progress: progress)
        if count > 1 {
            var reference = options
            reference.outputDirectory = nil
            reference.partition = partition
            reference.force = false
            reference.batchLimits = nil
            progress("the reference data flows, once for the shards' lookups")
            _ = try runReferenceFlows(reference, catalog: catalog, register: shardRegister, progress: progress, notice: { _ in })
        }
        var folders: [String] = []
        for index in 0..<count {
            var shard = options
            shard.partition = partition
            shard.shard = try ShardSelection(index: index, count: count)
            shard.batchLimits = nil
            shard.force = true
            shard.outputDirectory = out + "/" + RunLayout.shardFolder(index: index)
            progress("shard \(index + 1) of \(count)")
            // The plan's notices once, with the first shard: every shard reads the same exports.
            let first = index == 0
            _ = try Converter.run(
                shard, catalog: catalog, register: shardRegister, progress: progress, notice: { line in if first { notice(line) } })
            folders.append(shard.outputDirectory ?? "")
        }
        var result = try ShardMerger.run(
            ShardMergeOptions(
                shardFolders: folders, outputDirectory: out, force: true, batchLimits: options.batchLimits,
                catalogFiles: options.catalogFiles ?? []), catalog: catalog,
            progress: progress)
        result.report.options.force = options.force
        return result
    }

    /// `convert --partition DIR --reference-flows`: the reference data flows run once on the partition's reference
    /// data, their accepted records written into its `lookups/` (`ShardLookups`), which every shard but 0 then reads
    /// instead of running those flows for its trees' lookups. Give it the options the shards get.
    /// - Throws: as `run` does; `AirlockError(.usage)` without `--partition`, or with `--shard` or `--out`.
    public static func runReferenceFlows(
        _ options: ConversionOptions, catalog: SchemaCatalog, register: KeyRegisterUse = .none,
        progress: @escaping @Sendable (String) -> Void, notice: @escaping @Sendable (String) -> Void
    ) throws -> ConversionResult {
        guard let partition = options.partition, options.shard == nil, options.outputDirectory == nil, !options.dryRun else {
            throw AirlockError(
                .usage, "--reference-flows writes into the partition: give --partition, without --shard, --out or --dry-run")
        }
        var step = options
        step.shard = try ShardSelection(index: 0, count: try ShardPartReader.manifest(partition).count)
        return try run(
            step, catalog: catalog, register: register, scheduling: .graph, writesLookups: true, progress: progress, notice: notice)
    }

    /// A shard's last step, in place of the packages: its spool files and `shard.json` for `merge`, and its report.
    static func writeShard(
        _ shard: ShardSelection, run: ShardRun, owns: @escaping (FlowOutput) -> Bool, outputs: [FlowOutput], report: inout ConversionReport,
        staging: StagingDirectory
    ) throws {
        report.shards = ConversionReport.Shards(
            count: shard.count, index: shard.index, treeRecords: run.summary.treeRecords,
            ownedRecords: run.summary.ownedRecords, largestTree: run.summary.largestTree)
        try staging.makeFolder(RunLayout.shardSpoolFolder)
        let trees = ShardTrees.of(run.context.templates.set)
        let spools = try ShardSpoolWriter(
            context: run.context, folder: staging.staging, owns: owns,
            holdsIDs: { entity in shard.index == 0 || trees?.salesEntities[entity] != nil },
            holdsKeys: { label in shard.index == 0 || trees?.foLinks(label: label, catalog: run.context.catalog) != nil }
        ).write(outputs)
        let manifest = ShardManifest(
            format: ShardManifest.formatVersion, shard: shard, inputs: report.inputs, options: report.options, company: report.company,
            catalogDigests: try (run.context.options.catalogFiles ?? []).map { try FileDigest.of($0).sha256 },
            templateSet: run.context.templates.set.rawValue, salesTimestamp: run.salesTimestamp, salesParts: spools.salesParts,
            foFiles: spools.foFiles, rejects: spools.rejects, unresolvedLookups: spools.unresolvedLookups, salesIDs: spools.salesIDs,
            foKeys: spools.foKeys,
            summary: ShardManifest.Summary(
                treeRecords: run.summary.treeRecords, ownedRecords: run.summary.ownedRecords,
                largestTree: run.summary.largestTree))
        for name in spools.files { report.outputs[name] = try FileDigest.of(staging.path(name), as: name) }
        try staging.write(try ReportJSON.data(manifest), to: RunLayout.shardManifest)
        report.outputs[RunLayout.shardManifest] = try FileDigest.of(staging.path(RunLayout.shardManifest), as: RunLayout.shardManifest)
        try staging.write(report.jsonData(), to: RunLayout.conversionReport)
        try staging.commit()
    }

    /// Refuses what a shard cannot do: a template set without declared trees, a dry run, batches (cut by `merge`),
    /// `--since` (whose earlier exports the shard would have to cut the same way), and no output folder.
    static func checkShardOptions(_ options: ConversionOptions, shard: ShardSelection, templates: TemplateSet) throws {
        guard ShardTrees.of(templates.set) != nil else {
            throw AirlockError(
                .unsupported,
                "--shard: the \(templates.set.rawValue) templates declare no account trees to cut the conversion by; shards run the prospect-to-cash set (convert without --shard)"
            )
        }
        if options.outputDirectory == nil || options.dryRun {
            throw AirlockError(.usage, "--shard writes a shard folder for airlock merge: give --out, and no --plan or --dry-run")
        }
        if options.batchLimits != nil {
            throw AirlockError(
                .usage, "--shard with --batch-records/--batch-mb: batches are cut from the whole run; give them to airlock merge")
        }
        if options.since != nil {
            throw AirlockError(.usage, "--shard with --since is not supported yet: convert the wave with --since in one process")
        }
        if options.keymap != nil {
            throw AirlockError(.usage, "--shard with --keymap is not supported yet: convert with --keymap in one process")
        }
    }
}
