import AirlockModel
import Foundation

extension ConvertPipeline {
    /// What `airlock partition` runs: the whole partition in this process, or one of its three steps (docs/merge.md).
    public enum PartitionStep: Sendable, Equatable {
        /// Everything, in this process, for `count` shards.
        case whole(count: Int)
        /// Cuts the Sales export into its sections and plans `ranges` ranges, for `count` shards.
        case split(count: Int, ranges: Int)
        /// Reads one range of the split's plan (one process per range, at once).
        case read(range: ShardSelection)
        /// Joins the ranges' reads into the parts.
        case join
    }

    /// `airlock partition`: cuts `options`' exports into the shards' parts in `--out` (`ShardPartitioner`), linking
    /// records by the migration's key register as a shard would; returns the summary. A partition is not entered in
    /// the ledger (neither is a shard): the merge is.
    /// - Throws: `AirlockError` for a catalog file, options or input that cannot be used, or a register that does not read.
    public static func partition(
        _ options: ConvertOptions, step: PartitionStep, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        let started = Date()
        let out = options.conversion.outputDirectory ?? ""
        var done: String { String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) }
        switch step {
        case .join:
            // The plan names the exports and options: nothing to load.
            return summary(try ShardPartitioner.join(options.conversion, progress: progress), out: out, started: started)
        case .whole(let count):
            let (conversion, catalog, register) = try reading(options)
            let outcome = try ShardPartitioner.run(conversion, count: count, catalog: catalog, register: register, progress: progress)
            return summary(outcome, out: out, started: started)
        case .split(let count, let ranges):
            let (conversion, catalog, register) = try reading(options)
            let outcome = try ShardPartitioner.split(
                conversion, count: count, ranges: ranges, catalog: catalog, register: register, progress: progress)
            let megabytes = outcome.rangeBytes.map { String(format: "%.1f", Double($0) / 1_000_000) }.joined(separator: ", ")
            let sales =
                outcome.salesNotCut.map { "the Sales export's data.xml is not cut (\($0)): range 0 reads it whole" }
                ?? "the Sales export's data.xml cut into its \(outcome.salesSections) sections"
            return [
                "Split the exports into \(outcome.ranges) range\(outcome.ranges == 1 ? "" : "s") in \(out)/\(ShardPartitioner.splitFolder): \(sales).",
                "MB each range reads: \(megabytes).",
                "Next: airlock partition --fo … --sales … --out \(out) --step read --range i/\(outcome.ranges) for each i (at once), then airlock partition --out \(out) --step join.",
                done,
            ].joined(separator: "\n") + "\n"
        case .read(let range):
            let (conversion, catalog, register) = try reading(options)
            try ShardPartitioner.readRange(conversion, range: range, catalog: catalog, register: register, progress: progress)
            return "Read range \(range) of the split in \(out)/\(ShardPartitioner.splitFolder).\n" + done + "\n"
        }
    }

    /// What a step that reads the exports reads them with: the options with the catalog files and the key register
    /// named, the catalog, and the register a shard of the run reads (the run folder's parent's), whose keys join trees.
    private static func reading(_ options: ConvertOptions) throws -> (ConversionOptions, SchemaCatalog, KeyRegister?) {
        try DeltaInputCheck.check(options)
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var conversion = options.conversion
        conversion.catalogFiles = options.catalogFiles.isEmpty ? nil : options.catalogFiles
        var register: KeyRegister?
        if options.ledger.enabled, let folder = registerMigrationFolder(options),
            let (path, _) = MigrationKeyRegister.path(options.ledger, migrationFolder: folder)
        {
            register = try MigrationKeyRegister.read(options.ledger, migrationFolder: folder)
            conversion.keyRegister = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0 ? path : nil
        }
        return (conversion, catalog, register)
    }

    /// The summary of a partition written.
    private static func summary(_ outcome: ShardPartitioner.Outcome, out: String, started: Date) -> String {
        let count = outcome.count
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        let largestPart = outcome.partBytes.max() ?? 0
        return [
            "Cut \(outcome.treeRecords) account-tree records into \(count) part\(count == 1 ? "" : "s") in \(out) (largest tree: \(outcome.largestTree) records).",
            "Records per part: \(outcome.ownedRecords.map(String.init).joined(separator: ", ")); largest part \(megabytes(largestPart)), reference data \(megabytes(outcome.referenceBytes)) (every shard reads it).",
            "Next: airlock convert --fo … --sales … --partition \(out) --reference-flows (once), then airlock convert --fo … --sales … --partition \(out) --shard i/\(count) --out RUN/shards/shard-i for each i, then airlock merge.",
            String(format: "Done in %.1f s.", Date().timeIntervalSince(started)),
        ].joined(separator: "\n") + "\n"
    }
}
