import AirlockCatalog
import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReport
import AirlockValidate
import Foundation

/// `airlock merge`: puts the shard folders of one conversion (`convert --shard i/N`) together into one run folder,
/// as the single run would have written it: `to-fo.zip` and `to-sales.zip` byte for byte (each part's records from
/// all shards in export order, then laid out and written by the single run's own builders and writers), the reject
/// files, one report whose counts add up, the packages validated against the exports, and the exit the single run
/// would have had.
public enum ShardMerger {
    /// Merges the shards `options` names: the result the single run would have given (`tooManyRejects` over the
    /// conversion's `--max-rejects` counted on all shards).
    /// - Throws: `AirlockError(.usage)` when the folders are not all the shards of one conversion (naming the one that
    ///   is not); `ConversionFailure` when a package fails validation (only the report is written).
    public static func run(
        _ options: ShardMergeOptions, catalog: SchemaCatalog, progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> ConversionResult {
        let shards = try readShards(options.shardFolders)
        let first = shards[0]
        try checkCatalog(options, shards: shards)
        // The single run's options: the shards' own, but for what merge is given.
        var runOptions = first.report.options
        runOptions.shard = nil
        runOptions.partition = nil
        runOptions.outputDirectory = options.outputDirectory
        runOptions.batchLimits = options.batchLimits
        runOptions.catalogFiles = options.catalogFiles.isEmpty ? nil : options.catalogFiles
        let templates = try TemplateLoader.load(
            TemplateSelection(setName: first.manifest.options.templateSet, directory: first.manifest.options.templatesDirectory))
        try checkOutputDirectory(options)
        let staging = try StagingDirectory(target: options.outputDirectory, outputNames: RunLayout.conversionOutputs)
        do {
            var report = ShardReportMerger.merged(shards.map(\.report))
            report.options = runOptions
            var merged: [String: FileDigest] = [:]
            for shard in shards {
                merged[shard.folder] = try FileDigest.of(shard.path(RunLayout.conversionReport), as: shard.folder)
            }
            report.shards = ConversionReport.Shards(count: shards.count, merged: merged)
            let reports = shards.compactMap { merged[$0.folder]?.sha256 }

            var validations: [ShardMergePackage: ValidationReport] = [:]
            var pieces: [ShardMergePackage: ShardMergePackage.Piece] = [:]
            for package in ShardMergePackage.allCases {
                if let taken = try takePiece(package, of: reports, run: options.outputDirectory, staging: staging) {
                    progress("merging \(shards.count) shards: \(package.fileName) as its step wrote it\(taken.note)")
                    validations[package] = taken.piece.validation
                    pieces[package] = taken.piece
                } else {
                    progress("merging \(shards.count) shards: \(package.fileName)")
                    validations[package] = try write(
                        package, shards, catalog: catalog, integration: templates.set.integration, to: staging.path(package.fileName))
                }
            }
            try writeRejects(shards, templates: templates, staging: staging, report: &report)
            var cut: (fo: BatchWriter.Series?, sales: BatchWriter.Series?)?
            if let limits = options.batchLimits, !limits.isUnlimited, !validations.values.contains(where: { $0.errors > 0 }) {
                let joined = try joinBatches(
                    pieces, written: Set(validations.keys), limits: limits, run: options.outputDirectory, staging: staging)
                progress(
                    "merging \(shards.count) shards: \(joined?.note ?? "the batches cut here (the package steps cut none by these limits)")"
                )
                cut = joined?.series
            }
            let checked = try Converter.finishPackages(
                fo: validations[.fo], sales: validations[.sales], report: &report, batchLimits: options.batchLimits, cutBatches: cut,
                targets: TargetExports(runOptions), catalog: catalog, integration: templates.set.integration, staging: staging,
                progress: progress)
            try ConversionReportBuilder.write(report, staging: staging)
            try staging.commit()
            try? FileManager.default.removeItem(atPath: options.outputDirectory + "/" + ShardMergePackage.folder)
            // Over the conversion's `--max-rejects` when all shards' rejects are counted, as the single run would be.
            return ConversionResult(
                report: report, validations: checked,
                tooManyRejects: runOptions.maxRejects.map { report.totals.rejected > $0 } ?? false)
        } catch let failure as ConversionFailure {
            throw failure
        } catch {
            staging.discard()
            throw error
        }
    }

    /// Writes `package` of the shards `options` names into `.merge/<package>/` of the run folder (`merge --step`),
    /// with its validation and the shards it merged, for the merge to take as written, and, with a record limit
    /// alone (`--batch-records`) and no error, its batches, each validated; returns its validation (nil: the shards
    /// hold no record of it) and how many batches it cut (nil: none asked for, or a size limit, which the merge cuts).
    /// - Throws: as `run`, but a package that fails validation is written all the same: the merge refuses it.
    public static func writePackage(
        _ package: ShardMergePackage, _ options: ShardMergeOptions, catalog: SchemaCatalog,
        progress: @escaping @Sendable (String) -> Void = { _ in }
    ) throws -> (validation: ValidationReport?, batches: Int?) {
        let shards = try readShards(options.shardFolders)
        try checkCatalog(options, shards: shards)
        let templates = try TemplateLoader.load(
            TemplateSelection(setName: shards[0].manifest.options.templateSet, directory: shards[0].manifest.options.templatesDirectory))
        let folder = options.outputDirectory + "/" + ShardMergePackage.folder + "/" + package.rawValue
        let staging = try StagingDirectory(target: folder, outputNames: package.stepOutputs)
        do {
            progress("merging \(shards.count) shards: \(package.fileName)")
            let reports = try shards.map { try FileDigest.of($0.path(RunLayout.conversionReport)).sha256 }
            // The members plain, the large ones to be deflated in sections by `merge --step deflate` and joined.
            let sectionSize = SectionedDeflater.defaultSectionSize
            var written: (members: [ShardMergePackage.PlainMember], validation: ValidationReport, target: BatchTarget)?
            switch package {
            case .sales:
                written = try salesPlan(shards, catalog: catalog).map { plan in
                    let written = try SalesPackageWriter.writeMembers(
                        plan.plan, timestamp: plan.timestamp, catalog: catalog, integration: templates.set.integration,
                        target: plan.target, into: staging.staging, package: staging.path(package.fileName))
                    let member = ShardMergePackage.PlainMember(
                        name: CMTPackage.dataMember, identity: written.data, sectionSize: sectionSize)
                    return ([member], written.validation, .sales(plan.target))
                }
            case .fo:
                try staging.makeFolder(ShardMergePackage.foMembersFolder)
                let folder = staging.path(ShardMergePackage.foMembersFolder)
                if let plain = try writeFO(shards, catalog: catalog, to: folder, form: .plainMembers, named: staging.path(package.fileName))
                {
                    let members = try plain.members.map { name in
                        ShardMergePackage.PlainMember(
                            name: name, identity: try FileIdentity.of(folder + "/" + name), sectionSize: sectionSize)
                    }
                    written = (members, plain.validation, .fo(plain.keys))
                }
            }
            var piece = ShardMergePackage.Piece(shards: reports, validation: written?.validation, members: written?.members)
            if let written, let limits = options.batchLimits, limits.records != nil, limits.bytes == nil, written.validation.errors == 0 {
                progress("cutting \(package.fileName) into batches")
                piece.batchLimits = limits
                piece.batches = try cutBatches(
                    package, limits: limits, target: written.target, staging: staging, catalog: catalog,
                    integration: templates.set.integration)
            }
            try staging.write(try ReportJSON.data(piece), to: ShardMergePackage.pieceFile)
            try staging.commit()
            return (piece.validation, piece.batches?.count)
        } catch {
            staging.discard()
            throw error
        }
    }

    /// `package` as its own step wrote it into `.merge/` of `run`, joined into `staging` from its members
    /// (`ShardPackageSections.join`), with a note on how, when the step merged the shards whose reports are `reports`;
    /// nil when there is none, or it is of other shards (a shard run again since), or a member changed: the merge then
    /// writes the package itself.
    private static func takePiece(
        _ package: ShardMergePackage, of reports: [String], run: String, staging: StagingDirectory
    ) throws -> (piece: ShardMergePackage.Piece, note: String)? {
        let folder = run + "/" + ShardMergePackage.folder + "/" + package.rawValue
        guard let data = FileManager.default.contents(atPath: folder + "/" + ShardMergePackage.pieceFile),
            let piece = try? JSONDecoder().decode(ShardMergePackage.Piece.self, from: data), piece.shards == reports
        else { return nil }
        guard let members = piece.members else { return piece.validation == nil ? (piece, "") : nil }
        let joined = try ShardPackageSections.join(
            package, plainFolder: package.plainFolder(in: folder), mergeFolder: run + "/" + ShardMergePackage.folder, members: members,
            to: staging.path(package.fileName))
        return joined.map { (piece, $0.note) }
    }

    /// `package` of the shards written at `path`, and its validation; nil when the shards hold no record of it.
    private static func write(
        _ package: ShardMergePackage, _ shards: [MergedShard], catalog: SchemaCatalog, integration: SyncIntegration, to path: String
    ) throws -> ValidationReport? {
        switch package {
        case .sales: try writeSales(shards, catalog: catalog, integration: integration, to: path)
        case .fo: try writeFO(shards, catalog: catalog, to: path)?.validation
        }
    }

    /// Reads the shard folders and checks that they are the shards `0 ..< N` of one conversion, once each.
    static func readShards(_ folders: [String]) throws -> [MergedShard] {
        guard !folders.isEmpty else {
            throw AirlockError(.usage, "merge needs the shard folders of a conversion (convert --shard i/N --out …)")
        }
        for folder in folders where !FileManager.default.fileExists(atPath: folder) {
            throw AirlockError(
                .usage, "no shard folder here: the shard did not run or failed (run it again alone, then merge)",
                at: SourceLocation(file: folder))
        }
        var shards = try folders.map(MergedShard.read)
        shards.sort { $0.manifest.shard.index < $1.manifest.shard.index }
        let first = shards[0]
        let count = first.manifest.shard.count
        for shard in shards {
            let here = SourceLocation(file: shard.folder)
            guard shard.manifest.shard.count == count else {
                throw AirlockError(
                    .usage, "shard \(shard.manifest.shard) is one of \(shard.manifest.shard.count) shards, the others of \(count)", at: here
                )
            }
            guard shard.manifest.inputs.mapValues(\.sha256) == first.manifest.inputs.mapValues(\.sha256) else {
                throw AirlockError(
                    .usage, "shard \(shard.manifest.shard) converted other exports than shard \(first.manifest.shard) (\(first.folder))",
                    at: here)
            }
            var mine = shard.manifest.options
            var theirs = first.manifest.options
            mine.outputDirectory = nil
            theirs.outputDirectory = nil
            mine.shard = nil
            theirs.shard = nil
            mine.force = false
            theirs.force = false
            mine.catalogFiles = nil
            theirs.catalogFiles = nil
            guard mine == theirs, shard.manifest.catalogDigests == first.manifest.catalogDigests,
                shard.manifest.templateSet == first.manifest.templateSet, shard.manifest.company == first.manifest.company
            else {
                throw AirlockError(
                    .usage,
                    "shard \(shard.manifest.shard) was converted with other options than shard \(first.manifest.shard) (\(first.folder))",
                    at: here)
            }
        }
        let indexes = shards.map(\.manifest.shard.index)
        for (position, index) in indexes.enumerated() where position > 0 && indexes[position - 1] == index {
            throw AirlockError(
                .usage, "shard \(index)/\(count) is given twice: \(shards[position - 1].folder) and \(shards[position].folder)")
        }
        let missing = Set(0..<count).subtracting(indexes).sorted()
        guard missing.isEmpty else {
            throw AirlockError(
                .usage,
                "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing: merge needs all \(count) shards of the conversion (a failed shard is run again alone, then merge)"
            )
        }
        return shards
    }

    /// Refuses catalog files other than those the shards were converted with (by content).
    static func checkCatalog(_ options: ShardMergeOptions, shards: [MergedShard]) throws {
        let first = shards[0]
        let digests = try options.catalogFiles.map { try FileDigest.of($0).sha256 }
        guard digests == first.manifest.catalogDigests else {
            let given = first.manifest.options.catalogFiles ?? []
            throw AirlockError(
                .usage,
                "the shards were converted with \(given.isEmpty ? "the bundled catalog alone" : "the catalog extension\(given.count == 1 ? "" : "s") \(given.joined(separator: ", "))"); merge with the same --catalog files (the packages' field types come from the catalog)",
                at: SourceLocation(file: first.folder))
        }
    }

    /// The output folder may hold the shards' folder (`shards/`) and the partition (`partition/`), nothing else of its
    /// own unless `--force`.
    private static func checkOutputDirectory(_ options: ShardMergeOptions) throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: options.outputDirectory)) ?? []).filter {
            $0 != RunLayout.shardsFolder && $0 != RunLayout.partitionFolder && !$0.hasPrefix(StagingDirectory.prefix) && !$0.hasPrefix(".")
        }
        if !names.isEmpty && !options.force {
            throw AirlockError(
                .usage,
                "the output folder is not empty (\(names.sorted().prefix(3).joined(separator: ", "))): merge writes a run folder; give an empty one (it may hold \(RunLayout.shardsFolder)/ and \(RunLayout.partitionFolder)/) or --force",
                at: SourceLocation(file: options.outputDirectory))
        }
    }

    /// How many 1 MB blocks of the merged `data.xml` may wait for the deflater. The merge reads its records from the
    /// spools at an even pace, not in a conversion's bursts, and 4 blocks keep the deflater as busy as 16 did (the
    /// CPU and wall time of `merge --step sales` the same within the noise, on the 1.57 M pair at 8 shards) in
    /// 12 MB less.
    static let salesDataBlocksAhead = 4

    /// `to-sales.zip` from every shard's parts, laid out and written as the single run lays out and writes its own.
    private static func writeSales(
        _ shards: [MergedShard], catalog: SchemaCatalog, integration: SyncIntegration, to path: String
    ) throws -> ValidationReport? {
        guard let plan = try salesPlan(shards, catalog: catalog) else { return nil }
        return try SalesPackageWriter.write(
            plan.plan, timestamp: plan.timestamp, catalog: catalog, integration: integration, target: plan.target, to: path,
            dataBlocksAhead: salesDataBlocksAhead)
    }

    /// What `to-sales.zip` of the shards is written from: the layout of every shard's parts (their records read from
    /// the spools as the writer reaches them), the export's timestamp and the records its lookups are validated
    /// against; nil when the shards hold no record of it.
    private static func salesPlan(
        _ shards: [MergedShard], catalog: SchemaCatalog
    ) throws -> (plan: SalesOutputBuilder.Plan, timestamp: CMTTimestamp?, target: any CMTTargetRecords)? {
        var byPart: [Int: [(shard: MergedShard, part: ShardManifest.SalesPart)]] = [:]
        for shard in shards {
            for part in shard.manifest.salesParts { byPart[part.part, default: []].append((shard, part)) }
        }
        var parts: [SalesOutputBuilder.Part] = []
        for id in byPart.keys.sorted() {
            let pieces = byPart[id] ?? []
            guard let first = pieces.first else { continue }
            for piece in pieces where piece.part.columns != first.part.columns || piece.part.entity != first.part.entity {
                throw AirlockError(
                    .usage,
                    "the shard's records of \(piece.part.entity) have other columns than shard \(first.shard.manifest.shard)'s (\(first.shard.folder))",
                    at: SourceLocation(file: piece.shard.folder))
            }
            let paths = pieces.map { $0.shard.path($0.part.file) }
            let records = pieces.map(\.part.records)
            let columns = first.part.columns
            let entity = first.part.entity
            // The records are read from the spools when the writer reaches their section, a chunk at a time, each let go
            // once written.
            parts.append(
                SalesOutputBuilder.Part(
                    entity: entity, columnNames: columns, keyFields: first.part.keyFields,
                    hasRecords: pieces.contains { $0.part.records > 0 },
                    referencedEntities: pieces.reduce(into: Set()) { $0.formUnion($1.part.references) },
                    forEachRecords: { body in
                        try forEachMergedChunk(paths, records: records, name: entity, columns: columns, chunkRows: streamedChunkRows) {
                            try body(.init(table: $0, written: [Bool](repeating: true, count: $0.rowCount)))
                        }
                    }))
        }
        guard let plan = SalesOutputBuilder.plan(parts, catalog: catalog) else { return nil }
        // The shards' own record ids stand in for the export, which is then not read again.
        let target = try ShardTargetRecords.sales(shards)
        return (plan, shards[0].manifest.salesTimestamp.map(CMTTimestamp.init(text:)), target)
    }

    /// `to-fo.zip` from every shard's rows of each entity file, sorted for loading and written as the single run's (or,
    /// `form` `.plainMembers`, its members into the folder `path`), and its validation, naming the package `named`;
    /// with the entity files' member names, in order, and the keys it was validated against (the target's, as the
    /// shards hold them). Nil when the shards hold no record of it.
    private static func writeFO(
        _ shards: [MergedShard], catalog: SchemaCatalog, to path: String, form: PackageForm = .zip, named name: String? = nil
    ) throws -> (members: [String], validation: ValidationReport, keys: any FOTargetRecords)? {
        let layout = shards[0].manifest.foFiles
        for shard in shards where shard.manifest.foFiles.map(\.label) != layout.map(\.label) {
            throw AirlockError(
                .usage, "the shard lays out to-fo.zip's entities otherwise than shard 0", at: SourceLocation(file: shard.folder))
        }
        // Each file's rows are read from the spools when its entry is written, and let go after it.
        var files: [(label: String, columns: [String], paths: [String], records: [Int])] = []
        for (number, file) in layout.enumerated() where shards.contains(where: { $0.manifest.foFiles[number].records > 0 }) {
            let spooled = shards.compactMap { shard in
                shard.manifest.foFiles[number].file.map { (shard.path($0), shard.manifest.foFiles[number].records) }
            }
            files.append((file.label, file.columns, spooled.map(\.0), spooled.map(\.1)))
        }
        guard
            let members = try FOOutputBuilder.write(
                files.map { ($0.label, $0.columns) }, catalog: catalog,
                description: "Airlock conversion for \(shards[0].manifest.company)", to: path, form: form,
                table: { index in
                    let file = files[index]
                    let table =
                        try mergedSpools(file.paths, records: file.records, name: file.label, columns: file.columns)
                        ?? Table(name: file.label, columnNames: file.columns)
                    return try FOLoadOrderSort.sorted(table, entity: catalog.foEntity(named: file.label))
                })
        else { return nil }
        let keys = try ShardTargetRecords.fo(shards, catalog: catalog)
        let validation = try PackageValidator.validate(
            source: openPackageSource(path: path), kind: .fo, catalog: catalog, foTargetRecords: keys, reportPath: name ?? path,
            countsAs: .checked)
        return (members, validation, keys)
    }

    /// The reject files and `unresolved-lookups.csv`, each line from the shard that rejected the record, in export
    /// order.
    private static func writeRejects(
        _ shards: [MergedShard], templates: TemplateSet, staging: StagingDirectory, report: inout ConversionReport
    ) throws {
        for template in templates.runOrder() {
            let spooled = shards.flatMap { shard in
                shard.manifest.rejects.filter { $0.flow == template.name }.map { (shard.path($0.file), $0.records) }
            }
            guard
                let table = try mergedSpools(spooled.map(\.0), records: spooled.map(\.1), name: "rejects of \(template.name)", columns: nil)
            else { continue }
            let name = RunLayout.rejectFile(flow: template.name)
            try staging.makeFolder(RunLayout.rejectsFolder)
            try RejectFileWriter.write(lines: table, to: staging.path(name))
            report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
        }
        let paths = shards.compactMap { shard in shard.manifest.unresolvedLookups.map(shard.path) }
        if let table = try mergedSpools(paths, name: "unresolved lookups", columns: nil) {
            let name = RunLayout.unresolvedLookupsFile
            try staging.makeFolder(RunLayout.rejectsFolder)
            try RejectFileWriter.write(lines: table, to: staging.path(name))
            report.outputs[name] = try FileDigest.of(staging.path(name), as: name)
        }
    }
}
