import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

extension ShardMerger {
    /// `merge --step batches --range i/R`: under a size limit (`--batch-mb`), cuts the batches of the packages of
    /// share `range` (to-sales.zip is the first share's, to-fo.zip the second's; one share takes both) from each
    /// package joined from what its step and the deflate steps wrote, as the single run cuts them from its zip, each
    /// validated against the target as the shards hold it and the batches before it, into `.merge/<package>-batches/`
    /// (`ShardSizedBatches`) for the merge to take. Returns what to show: without a size limit nothing is cut here.
    /// - Throws: `AirlockError(.usage)` when a package step has not run, merged other shards or wrote members that
    ///   changed since; as `BatchWriter` for a batch that cannot be cut or stays over the limit.
    public static func cutSizedBatches(
        _ options: ShardMergeOptions, range: ShardSelection, catalog: SchemaCatalog,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> String {
        guard let limits = options.batchLimits, limits.bytes != nil else {
            return "No size limit (--batch-mb): nothing to cut here (with --batch-records the package steps cut the batches).\n"
        }
        let shards = try readShards(options.shardFolders)
        try checkCatalog(options, shards: shards)
        let templates = try TemplateLoader.load(
            TemplateSelection(setName: shards[0].manifest.options.templateSet, directory: shards[0].manifest.options.templatesDirectory))
        let reports = try shards.map { try FileDigest.of($0.path(RunLayout.conversionReport)).sha256 }
        let mergeFolder = options.outputDirectory + "/" + ShardMergePackage.folder
        var pieces: [ShardMergePackage: (piece: ShardMergePackage.Piece, digest: String)] = [:]
        for package in ShardMergePackage.allCases {
            pieces[package] = try stepPiece(package, of: reports, in: mergeFolder)
        }
        if let failed = ShardMergePackage.allCases.first(where: { (pieces[$0]?.piece.validation?.errors ?? 0) > 0 }) {
            return "\(failed.fileName) fails validation: no batches are cut (the merge refuses it).\n"
        }
        var text = ""
        for (number, package) in ShardMergePackage.allCases.enumerated() where number % range.count == range.index {
            guard let taken = pieces[package], let members = taken.piece.members else {
                text += "No \(package.fileName) (the shards hold no record of it): no batches of it.\n"
                continue
            }
            progress("cutting \(package.fileName) into batches")
            let folder = ShardSizedBatches.folder(of: package, in: mergeFolder)
            let staging = try StagingDirectory(target: folder, outputNames: [RunLayout.batchesFolder, ShardSizedBatches.file])
            do {
                let zip = staging.path(package.fileName)
                guard
                    try ShardPackageSections.join(
                        package, plainFolder: package.plainFolder(in: mergeFolder + "/" + package.rawValue), mergeFolder: mergeFolder,
                        members: members, to: zip) != nil
                else {
                    throw AirlockError(
                        .usage, "the members merge --step \(package.rawValue) wrote have changed since: run it and the deflate steps again",
                        at: SourceLocation(file: mergeFolder + "/" + package.rawValue))
                }
                let series = try cut(
                    zip, package, limits: limits, shards: shards, into: staging, catalog: catalog, integration: templates.set.integration)
                unlink(zip)
                let sized = ShardSizedBatches(
                    shards: reports, piece: taken.digest, limits: limits, batches: series.batches, validations: series.validations)
                try staging.write(try ReportJSON.data(sized), to: ShardSizedBatches.file)
                try staging.commit()
                text +=
                    "Cut \(package.fileName) into \(series.batches.count) batch\(series.batches.count == 1 ? "" : "es") under "
                    + "the limits, each validated after those before it, into \(folder), for airlock merge to take.\n"
            } catch {
                staging.discard()
                throw error
            }
        }
        return text.isEmpty ? "Nothing to cut in share \(range) of the \(ShardMergePackage.allCases.count) packages.\n" : text
    }

    /// The `piece.json` of `package`'s step in `mergeFolder` and its SHA-256, when the step merged the shards whose
    /// reports are `reports`.
    /// - Throws: `AirlockError(.usage)` when there is none, one of another build, or one of other shards.
    private static func stepPiece(
        _ package: ShardMergePackage, of reports: [String], in mergeFolder: String
    ) throws -> (piece: ShardMergePackage.Piece, digest: String) {
        let (piece, path) = try package.readPiece(in: mergeFolder)
        guard piece.shards == reports else {
            throw AirlockError(
                .usage, "merge --step \(package.rawValue) merged other shards (one was run again since): run it again",
                at: SourceLocation(file: path))
        }
        return (piece, try FileDigest.of(path).sha256)
    }

    /// The series of the package at `zip`, cut by `BatchWriter` into `staging`'s `batches/`, validated against the
    /// target as `shards` hold it.
    private static func cut(
        _ zip: String, _ package: ShardMergePackage, limits: PackageBatchLimits, shards: [MergedShard], into staging: StagingDirectory,
        catalog: SchemaCatalog, integration: SyncIntegration
    ) throws -> BatchWriter.Series {
        try staging.makeFolder(RunLayout.batchesFolder)
        let folder = staging.path(RunLayout.batchesFolder)
        switch package {
        case .sales:
            return try BatchWriter.cutSales(
                zip, limits: limits, into: folder, form: .zip, target: try ShardTargetRecords.sales(shards), catalog: catalog,
                integration: integration)
        case .fo:
            return try BatchWriter.cutFO(
                zip, limits: limits, into: folder, form: .zip, target: try ShardTargetRecords.fo(shards, catalog: catalog), catalog: catalog
            )
        }
    }

    /// The batches `merge --step batches` cut under `limits` from each package of `written` (the packages the merge
    /// took from their steps, `pieces`), copied into `staging`'s `batches/`; nil, with nothing left there, when one
    /// was not cut, was cut from another package or by other limits, or a zip is not the one the step wrote.
    static func takeSizedBatches(
        _ pieces: [ShardMergePackage: ShardMergePackage.Piece], written: Set<ShardMergePackage>, limits: PackageBatchLimits,
        run: String, staging: StagingDirectory
    ) throws -> (fo: BatchWriter.Series?, sales: BatchWriter.Series?)? {
        let mergeFolder = run + "/" + ShardMergePackage.folder
        var series: [ShardMergePackage: BatchWriter.Series] = [:]
        try staging.makeFolder(RunLayout.batchesFolder)
        for package in ShardMergePackage.allCases where written.contains(package) {
            let folder = ShardSizedBatches.folder(of: package, in: mergeFolder)
            let piecePath = mergeFolder + "/" + package.rawValue + "/" + ShardMergePackage.pieceFile
            guard let piece = pieces[package], let data = FileManager.default.contents(atPath: folder + "/" + ShardSizedBatches.file),
                let sized = try? JSONDecoder().decode(ShardSizedBatches.self, from: data), sized.shards == piece.shards,
                sized.limits == limits, sized.piece == (try? FileDigest.of(piecePath).sha256),
                sized.batches.count == sized.validations.count
            else {
                staging.remove(RunLayout.batchesFolder)
                return nil
            }
            for batch in sized.batches {
                let from = folder + "/" + RunLayout.batchesFolder + "/" + batch.fileName
                guard (try? FileStatus.of(from).size) == batch.bytes else {
                    staging.remove(RunLayout.batchesFolder)
                    return nil
                }
                let sink = try FileByteSink(path: staging.path(RunLayout.batchesFolder + "/" + batch.fileName))
                _ = try FileCopy.copy(from, to: sink)
                try sink.close()
            }
            series[package] = BatchWriter.Series(batches: sized.batches, validations: sized.validations)
        }
        return (series[.fo], series[.sales])
    }
}
