import Foundation

extension ConvertPipeline {
    /// `airlock partition`: cuts `options`' exports into `count` parts in `--out` (`ShardPartitioner`), linking records
    /// by the migration's key register as a shard would; returns the summary. A partition is not entered in the ledger
    /// (neither is a shard): the merge is.
    /// - Throws: `AirlockError` for a catalog file, options or input that cannot be used, or a register that does not read.
    public static func partition(_ options: ConvertOptions, count: Int, progress: @escaping @Sendable (String) -> Void = { _ in })
        throws -> String
    {
        let started = Date()
        try DeltaInputCheck.check(options)
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var conversion = options.conversion
        conversion.catalogFiles = options.catalogFiles.isEmpty ? nil : options.catalogFiles
        // The register a shard of the run reads (the run folder's parent's): its keys join trees.
        var register: KeyRegister?
        if options.ledger.enabled, let folder = registerMigrationFolder(options),
            let (path, _) = MigrationKeyRegister.path(options.ledger, migrationFolder: folder)
        {
            register = try MigrationKeyRegister.read(options.ledger, migrationFolder: folder)
            conversion.keyRegister = ((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 0 ? path : nil
        }
        let outcome = try ShardPartitioner.run(conversion, count: count, catalog: catalog, register: register, progress: progress)
        let out = options.conversion.outputDirectory ?? ""
        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        let largestPart = outcome.partBytes.max() ?? 0
        return [
            "Cut \(outcome.treeRecords) account-tree records into \(count) part\(count == 1 ? "" : "s") in \(out) (largest tree: \(outcome.largestTree) records).",
            "Records per part: \(outcome.ownedRecords.map(String.init).joined(separator: ", ")); largest part \(megabytes(largestPart)), reference data \(megabytes(outcome.referenceBytes)) (every shard reads it).",
            "Next: airlock convert --fo … --sales … --partition \(out) --shard i/\(count) --out RUN/shards/shard-i for each i, then airlock merge.",
            String(format: "Done in %.1f s.", Date().timeIntervalSince(started)),
        ].joined(separator: "\n") + "\n"
    }
}
