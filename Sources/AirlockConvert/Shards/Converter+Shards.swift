import AirlockModel

extension Converter {
    /// `convert --shards N`: the conversion as `count` shards, each in turn into `--out`'s `shards/shard-i` (one in
    /// memory at a time, so a load larger than memory still fits one machine), then merged into `--out` as `merge` does.
    /// - Throws: as `run` and `ShardMerger.run` do.
    public static func runInShards(
        _ options: ConversionOptions, count: Int, catalog: SchemaCatalog, progress: @escaping @Sendable (String) -> Void,
        notice: @escaping @Sendable (String) -> Void
    ) throws -> ConversionResult {
        guard let out = options.outputDirectory, !options.dryRun else {
            throw AirlockError(.usage, "--shards writes shard folders and merges them: give --out, without --dry-run")
        }
        try Converter.checkOutputDirectory(options)
        var folders: [String] = []
        for index in 0..<count {
            var shard = options
            shard.shard = try ShardSelection(index: index, count: count)
            shard.batchLimits = nil
            shard.force = true
            shard.outputDirectory = out + "/" + RunLayout.shardFolder(index: index)
            progress("shard \(index + 1) of \(count)")
            // The plan's notices once, with the first shard: every shard reads the same exports.
            let first = index == 0
            _ = try Converter.run(shard, catalog: catalog, progress: progress, notice: { line in if first { notice(line) } })
            folders.append(shard.outputDirectory ?? "")
        }
        let merged = try ShardMerger.run(
            ShardMergeOptions(
                shardFolders: folders, outputDirectory: out, force: true, batchLimits: options.batchLimits,
                catalogFiles: options.catalogFiles ?? []), catalog: catalog,
            progress: progress)
        var report = merged.report
        report.options.force = options.force
        return ConversionResult(
            report: report, validations: merged.validations,
            tooManyRejects: options.maxRejects.map { report.totals.rejected > $0 } ?? false)
    }
}
