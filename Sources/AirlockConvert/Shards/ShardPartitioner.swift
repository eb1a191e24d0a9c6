import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import Foundation

/// `airlock partition`: cuts both exports once into the parts `count` shards convert (`convert --partition DIR
/// --shard i/N`), so that each shard reads its part and the reference data instead of both exports whole, twice.
///
/// In one process (`run`), or in three steps of which the middle one runs as many processes at once (`split`,
/// `readRange`, `join`): the split cuts the Sales export's `data.xml` into its sections without parsing it and gives
/// each section and F&O entity file a range (`ShardPartitionPlan`); each range is read by a process of its own, every
/// table written as it goes past (a tree table in full, to be cut; any other as the reference data) with the link
/// values of the tree records (`ShardPartitionRangeReader`); the join joins the trees, gives them their shards exactly
/// as a shard would, and cuts each tree table a column at a time, without decoding a value, into the shards' parts
/// (`ShardPartitionJoiner`). The one-process run reads its one range and joins it the same way.
public enum ShardPartitioner {
    /// What a partition run did, for the summary.
    public struct Outcome: Sendable {
        public var count: Int
        public var treeRecords: Int
        public var largestTree: Int
        /// Records per part, in shard order.
        public var ownedRecords: [Int]
        /// Bytes of the reference data, and of each part.
        public var referenceBytes: Int
        public var partBytes: [Int]
    }

    /// What a split did, for the summary.
    public struct SplitOutcome: Sendable {
        public var ranges: Int
        /// The Sales sections written, and why `data.xml` was not cut (range 0 then reads it whole).
        public var salesSections: Int
        public var salesNotCut: String?
        /// Bytes each range reads (uncompressed).
        public var rangeBytes: [Int]
    }

    /// The folder of a split's plan and its ranges' reads, inside the partition folder until the join.
    public static let splitFolder = "split"
    static let planFile = "plan.json"
    static func readFolder(_ range: Int) -> String { "read-\(range)" }

    /// Cuts `options`' exports into `count` parts in `options.outputDirectory`, in this process.
    /// - Parameter register: the migration's key register, whose keys link records as a shard's reading does.
    /// - Throws: `AirlockError(.usage)` for a template set without account trees, an output folder that is not
    ///   empty (without `force`); the readers' errors.
    public static func run(
        _ options: ConversionOptions, count: Int, catalog: SchemaCatalog, register: KeyRegister?,
        progress: @escaping @Sendable (String) -> Void
    ) throws -> Outcome {
        let (out, context) = try start(options, count: count, catalog: catalog, register: register)
        try ConversionOptionCheck.checkOutputDirectory(options)
        let digests = ConversionReportBuilder.inputDigests(options)
        let staging = try StagingDirectory(target: out, outputNames: RunLayout.partitionOutputs)
        do {
            let foReader = try ConversionInputs.openFO(try ConversionInputs.sources(options).fo, fileEncoding: options.foFileEncoding)
            let scratch = staging.path(".scratch")
            var plan = try self.plan(
                count: count, ranges: 1, cut: ShardCutInputs.of(options, templates: context.templates, digests: [:]), sales: nil,
                foFiles: foReader.manifest.entities.map { ($0.entityName, nil) })
            try ShardPartitionRangeReader.read(
                plan, range: 0, planFolder: scratch, planDigest: "", context: context, into: scratch, progress: progress)
            // Digested meanwhile, on a thread of its own.
            plan.cut.inputs = try ShardCutInputs.of(options, templates: context.templates, digests: digests.result()).inputs
            let reads = try ShardPartitionJoiner.reads(plan, planDigest: "", folders: [scratch])
            let outcome = try ShardPartitionJoiner.join(reads, staging: staging, move: true, progress: progress)
            try? FileManager.default.removeItem(atPath: scratch)
            try staging.commit()
            return outcome
        } catch {
            _ = try? digests.result()
            staging.discard()
            throw error
        }
    }

    /// The split (`--step split`): cuts the Sales export's `data.xml` into its sections and plans `ranges` ranges,
    /// written into `split/` of the partition folder, which it empties (with `force`).
    /// - Throws: as `run`.
    public static func split(
        _ options: ConversionOptions, count: Int, ranges: Int, catalog: SchemaCatalog, register: KeyRegister?,
        progress: @escaping @Sendable (String) -> Void
    ) throws -> SplitOutcome {
        let (out, context) = try start(options, count: count, catalog: catalog, register: register)
        _ = try ShardSelection(index: 0, count: ranges)
        try ConversionOptionCheck.checkOutputDirectory(options)
        let digests = ConversionReportBuilder.inputDigests(options)
        let staging = try StagingDirectory(target: out, outputNames: RunLayout.partitionOutputs + [splitFolder])
        do {
            try staging.makeFolder(splitFolder)
            let folder = staging.path(splitFolder)
            let sources = try ConversionInputs.sources(options)
            progress("partition: cutting \(options.salesPath) into its sections")
            let sales = try ShardSalesCut.cut(sources.sales, into: folder)
            let foReader = try ConversionInputs.openFO(sources.fo, fileEncoding: options.foFileEncoding)
            let foFiles = foReader.manifest.entities.map { ($0.entityName, foReader.dataMember(for: $0)?.size.map(Int.init)) }
            let plan = try self.plan(
                count: count, ranges: ranges, cut: ShardCutInputs.of(options, templates: context.templates, digests: digests.result()),
                sales: sales, foFiles: foFiles)
            try staging.write(try ReportJSON.data(plan), to: splitFolder + "/" + planFile)
            try staging.commit()
            var rangeBytes = [Int](repeating: 0, count: ranges)
            for section in plan.salesSections ?? [] { rangeBytes[section.range] += section.section.bytes }
            for file in plan.foFiles { rangeBytes[file.range] += file.bytes ?? 0 }
            return SplitOutcome(
                ranges: ranges, salesSections: plan.salesSections?.count ?? 0, salesNotCut: plan.salesNotCut, rangeBytes: rangeBytes)
        } catch {
            _ = try? digests.result()
            staging.discard()
            throw error
        }
    }

    /// A read (`--step read --range i/N`): reads range `range` of the split's plan into `split/read-i/`, replacing
    /// an earlier read of it.
    /// - Throws: `AirlockError(.usage)` without a split's plan, for another number of ranges, exports or options
    ///   other than the split's (`ShardCutCheck`); the readers' errors.
    public static func readRange(
        _ options: ConversionOptions, range: ShardSelection, catalog: SchemaCatalog, register: KeyRegister?,
        progress: @escaping @Sendable (String) -> Void
    ) throws {
        let (plan, planDigest, folder) = try splitPlan(options)
        let (_, context) = try start(options, count: plan.count, catalog: catalog, register: register)
        if range.count != plan.ranges {
            throw AirlockError(
                .usage, "the split planned \(plan.ranges) ranges, not \(range.count) (--range \(range)): give --range i/\(plan.ranges)",
                at: SourceLocation(file: folder + "/" + planFile))
        }
        try ShardCutCheck.check(plan.recorded(file: folder + "/" + planFile), options: options, templates: context.templates)
        let staging = try StagingDirectory(
            target: folder + "/" + readFolder(range.index),
            outputNames: [ShardPartitionRangeReader.tablesFolder, ShardPartitionRangeReader.summaryFile])
        do {
            try ShardPartitionRangeReader.read(
                plan, range: range.index, planFolder: folder, planDigest: planDigest, context: context, into: staging.staging,
                progress: progress)
            try staging.commit()
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The join (`--step join`): joins the ranges' reads into the partition, then removes `split/`.
    /// - Throws: `AirlockError(.usage)` without a split's plan, or when a range was not read or was read from
    ///   another plan.
    public static func join(_ options: ConversionOptions, progress: @escaping @Sendable (String) -> Void) throws -> Outcome {
        let (plan, planDigest, folder) = try splitPlan(options)
        let reads = try ShardPartitionJoiner.reads(
            plan, planDigest: planDigest, folders: (0..<plan.ranges).map { folder + "/" + readFolder($0) })
        let out = options.outputDirectory ?? ""
        let staging = try StagingDirectory(target: out, outputNames: RunLayout.partitionOutputs)
        do {
            let outcome = try ShardPartitionJoiner.join(reads, staging: staging, move: false, progress: progress)
            try staging.commit()
            try? FileManager.default.removeItem(atPath: folder)
            return outcome
        } catch {
            staging.discard()
            throw error
        }
    }

    /// The partition folder and what every step reads with, once the templates are known to cut by trees.
    private static func start(
        _ options: ConversionOptions, count: Int, catalog: SchemaCatalog, register: KeyRegister?
    ) throws -> (out: String, context: ShardPartitionRangeReader.Context) {
        guard let out = options.outputDirectory else { throw AirlockError(.usage, "partition writes a folder: give --out") }
        _ = try ShardSelection(index: 0, count: count)
        let templates = try TemplateLoader.load(TemplateSelection(setName: options.templateSet, directory: options.templatesDirectory))
        guard let trees = ShardTrees.of(templates.set) else {
            throw AirlockError(
                .unsupported,
                "partition: the \(templates.set.rawValue) templates declare no account trees to cut the exports by; shards run the prospect-to-cash set"
            )
        }
        return (out, .init(options: options, templates: templates, trees: trees, catalog: catalog, register: register))
    }

    /// The split's plan in the partition folder, its SHA-256, and the folder.
    private static func splitPlan(_ options: ConversionOptions) throws -> (ShardPartitionPlan, String, String) {
        guard let out = options.outputDirectory else { throw AirlockError(.usage, "partition writes a folder: give --out") }
        let folder = out + "/" + splitFolder
        let path = folder + "/" + planFile
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AirlockError(
                .usage,
                "\(out) holds no split's plan (\(splitFolder)/\(planFile)): run partition --step split first, or partition without --step",
                at: SourceLocation(file: path))
        }
        guard let plan = try? JSONDecoder().decode(ShardPartitionPlan.self, from: data), plan.format == ShardPartitionPlan.formatVersion
        else {
            throw AirlockError(.usage, "not a split's plan this airlock reads: split the exports again", at: SourceLocation(file: path))
        }
        return (plan, FileDigest.sha256(of: [data]), folder)
    }

    /// The plan of `ranges` ranges: the Sales sections `sales` cut (nil: `data.xml` read whole by range 0) and the F&O
    /// export's files, with their bytes, each given a range.
    private static func plan(
        count: Int, ranges: Int, cut: ShardCutInputs, sales salesCut: ShardSalesCut.Result?, foFiles: [(String, Int?)]
    ) throws -> ShardPartitionPlan {
        let sales = salesCut?.outcome
        let sections = sales?.notCut == nil ? sales?.sections : nil
        let reads = salesCut.map { $0.reads.count == sections?.count ? $0.reads : [] } ?? []
        let wholeSales = sections == nil ? (sales.map { $0.headBytes + $0.sections.reduce(0) { $0 + $1.bytes } } ?? 0) : 0
        let items = (sections ?? []).map(\.bytes) + foFiles.map { $0.1 ?? 0 }
        var assigned = ShardPartitionPlan.ranges(of: items, count: ranges, initial: [wholeSales])
        let salesRanges = assigned.prefix(sections?.count ?? 0)
        assigned.removeFirst(salesRanges.count)
        return ShardPartitionPlan(
            format: ShardPartitionPlan.formatVersion, count: count, ranges: ranges, cut: cut,
            salesSections: sections.map {
                zip($0, salesRanges).enumerated().map { number, item in
                    ShardPartitionPlan.SalesSection(section: item.0, range: item.1, read: reads.isEmpty ? nil : reads[number])
                }
            },
            salesNotCut: sales?.notCut, salesBytes: reads.isEmpty ? nil : salesCut?.bytes,
            foFiles: zip(foFiles, assigned).map { ShardPartitionPlan.FOFile(entity: $0.0, bytes: $0.1, range: $1) })
    }

    /// Bytes of the files in `folder`.
    static func folderBytes(_ folder: String) throws -> Int {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: folder).reduce(0) { total, name in
            total + ((try manager.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }
}
