import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockValidate
import Foundation

extension ShardMerger {
    /// The records a package step's batches are validated against: the target's, as the step's package was.
    enum BatchTarget {
        case fo(any FOTargetRecords)
        case sales(any CMTTargetRecords)
    }

    /// Cuts the package a step wrote plain into `staging` into its batches (`BatchWriter`, the single run's code),
    /// each batch's members plain in a folder of `batches/`, each validated against `target` and the batches before
    /// it; returns them with the members the deflate steps deflate.
    static func cutBatches(
        _ package: ShardMergePackage, limits: PackageBatchLimits, target: BatchTarget, staging: StagingDirectory,
        catalog: SchemaCatalog, integration: SyncIntegration
    ) throws -> [ShardMergePackage.BatchPiece] {
        try staging.makeFolder(RunLayout.batchesFolder)
        let folder = staging.path(RunLayout.batchesFolder)
        let plain = package.plainFolder(in: staging.staging)
        let series: BatchWriter.Series
        switch target {
        case .fo(let keys):
            series = try BatchWriter.cutFO(plain, limits: limits, into: folder, form: .plainMembers, target: keys, catalog: catalog)
        case .sales(let records):
            series = try BatchWriter.cutSales(
                plain, limits: limits, into: folder, form: .plainMembers, target: records, catalog: catalog, integration: integration)
        }
        return try zip(series.batches, series.validations).map { batch, validation in
            let batchFolder = batch.path(in: folder, form: .plainMembers)
            let names: [String] =
                switch package {
                case .sales: [CMTPackage.dataMember]
                case .fo:
                    try FOPackageReader(source: openPackageSource(path: batchFolder)).manifest.entities.compactMap(\.inputFilePath)
                }
            let members = try names.map { name in
                ShardMergePackage.PlainMember(
                    name: name, identity: try FileIdentity.of(batchFolder + "/" + name), sectionSize: SectionedDeflater.defaultSectionSize)
            }
            return ShardMergePackage.BatchPiece(batch: batch, validation: validation, members: members)
        }
    }

    /// The batches the package steps cut (`pieces`, the steps' pieces the merge took), zipped into `staging`'s
    /// `batches/` from their members' runs (`ShardPackageSections.join`) when every package `written` was taken from
    /// its step with its series cut by `limits`; under a size limit, those `merge --step batches` cut
    /// (`takeSizedBatches`); with a note on how. Nil, with nothing left in `batches/`, when a step cut none or by
    /// other limits, a package was written by the merge, or a batch cannot be joined or taken: the merge then cuts
    /// the batches itself, from the packages.
    static func joinBatches(
        _ pieces: [ShardMergePackage: ShardMergePackage.Piece], written: Set<ShardMergePackage>, limits: PackageBatchLimits,
        run: String, staging: StagingDirectory
    ) throws -> (series: (fo: BatchWriter.Series?, sales: BatchWriter.Series?), note: String)? {
        guard !written.isEmpty else { return nil }
        if limits.bytes != nil {
            guard let series = try takeSizedBatches(pieces, written: written, limits: limits, run: run, staging: staging) else {
                return nil
            }
            let count = [series.fo, series.sales].reduce(0) { $0 + ($1?.batches.count ?? 0) }
            return (series, "\(count) batch\(count == 1 ? "" : "es") as merge --step batches cut them")
        }
        guard written.allSatisfy({ pieces[$0]?.batchLimits == limits && pieces[$0]?.batches != nil }) else { return nil }
        try staging.makeFolder(RunLayout.batchesFolder)
        let mergeFolder = run + "/" + ShardMergePackage.folder
        var series: [ShardMergePackage: BatchWriter.Series] = [:]
        var joined = ShardPackageSections.Joined()
        for package in ShardMergePackage.allCases {
            guard written.contains(package), let batches = pieces[package]?.batches else { continue }
            var cut = BatchWriter.Series(batches: [], validations: [])
            for piece in batches {
                let path = staging.path(RunLayout.batchesFolder + "/" + piece.batch.fileName)
                guard
                    let done = try ShardPackageSections.join(
                        package, plainFolder: ShardMergePackage.batchFolder(piece.batch, in: mergeFolder + "/" + package.rawValue),
                        batch: piece.batch.fileName, mergeFolder: mergeFolder, members: piece.members, to: path)
                else {
                    staging.remove(RunLayout.batchesFolder)
                    return nil
                }
                joined.add(done)
                var batch = piece.batch
                batch.bytes = try FileStatus.of(path).size
                cut.batches.append(batch)
                cut.validations.append(piece.validation)
            }
            series[package] = cut
        }
        let count = series.values.reduce(0) { $0 + $1.batches.count }
        return ((series[.fo], series[.sales]), "\(count) batch\(count == 1 ? "" : "es") as the package steps cut them\(joined.note)")
    }
}
