import Foundation

/// `airlock merge` as a library call: `ShardMerger.run` with the catalog's extensions loaded and its outcome turned
/// into what to show, entered in the migration ledger.
public enum MergePipeline {
    /// Merges the shards.
    /// - Throws: `AirlockError` for shard folders that are not all the shards of one conversion, a catalog file or an
    ///   input that cannot be used.
    public static func run(
        _ options: MergeOptions, progress: @escaping @Sendable (String) -> Void = { _ in },
        notice: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> MergeResult {
        try LedgeredRun.run(
            ledgerCommand, ledger: options.ledger, notice: notice,
            body: { started in try merge(options, started: started, progress: progress) },
            entry: { ledgerEntry(for: $0, options: options) }, failureEntry: { ledgerEntry(failed: $0, options: options) })
    }

    /// One package of the merge (`airlock merge --step`), for the merge to take as written; returns what to show. Not
    /// entered in the ledger: the merge that takes it is.
    /// - Throws: as `run`; a package that fails validation is written all the same (the merge refuses it).
    public static func writePackage(
        _ package: ShardMergePackage, _ options: MergeOptions, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        let started = Date()
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var merge = options.merge
        merge.catalogFiles = options.catalogFiles
        let written = try ShardMerger.writePackage(package, merge, catalog: catalog, progress: progress)
        let count = options.merge.shardFolders.count
        let folder = options.merge.outputDirectory + "/" + ShardMergePackage.folder + "/" + package.rawValue
        let what =
            written.validation.map { "\(package.fileName) (\($0.errors) errors, \($0.warnings) warnings)" }
            ?? "no \(package.fileName) (the shards hold no record of it)"
        var text = "Merged \(what) of \(count) shard\(count == 1 ? "" : "s") into \(folder), for airlock merge to take.\n"
        if let batches = written.batches {
            text += "Cut it into \(batches) batch\(batches == 1 ? "" : "es"), each validated after those before it.\n"
        } else if written.validation != nil, merge.batchLimits?.bytes != nil {
            text +=
                "Cut no batches: a size limit (--batch-mb) needs the package's zip, so merge --step batches cuts them after the deflates.\n"
        }
        return text + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
    }

    /// Deflates part `range` of the sections of the members that `merge --step sales` and `merge --step fo` wrote
    /// plain into the run folder, for the merge to join (`airlock merge --step deflate --range i/N`); returns what to
    /// show.
    /// - Throws: as `ShardPackageSections.deflate`.
    public static func deflateSections(
        _ options: MergeOptions, range: ShardSelection, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        let started = Date()
        let text = try ShardPackageSections.deflate(run: options.merge.outputDirectory, range: range, progress: progress)
        return text + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
    }

    /// Cuts the batches of share `range` of the packages under a size limit (`airlock merge --step batches --range
    /// i/N`), after the deflate steps, for the merge to take; returns what to show.
    /// - Throws: as `ShardMerger.cutSizedBatches`.
    public static func cutSizedBatches(
        _ options: MergeOptions, range: ShardSelection, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        let started = Date()
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        var merge = options.merge
        merge.catalogFiles = options.catalogFiles
        let text = try ShardMerger.cutSizedBatches(merge, range: range, catalog: catalog, progress: progress)
        return text + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
    }

    private static func merge(_ options: MergeOptions, started: Date, progress: @escaping @Sendable (String) -> Void) throws -> MergeResult
    {
        let catalog = try SchemaCatalogLoader.load(extensions: options.catalogFiles)
        let merged: ConversionResult
        do {
            var merge = options.merge
            merge.catalogFiles = options.catalogFiles
            merged = try ShardMerger.run(merge, catalog: catalog, progress: progress)
        } catch let failure as ConversionFailure {
            return MergeResult(refused: failure)
        }
        let text: String
        if options.json {
            text = String(decoding: try merged.report.jsonData(), as: UTF8.self)
        } else {
            let count = options.merge.shardFolders.count
            text =
                "Merged \(count) shard\(count == 1 ? "" : "s") into \(options.merge.outputDirectory).\n"
                + merged.report.text() + "\n" + String(format: "Done in %.1f s.", Date().timeIntervalSince(started)) + "\n"
        }
        return MergeResult(merged, text: text)
    }
}
