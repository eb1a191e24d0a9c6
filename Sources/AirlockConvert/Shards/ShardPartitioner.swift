import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import Foundation

/// `airlock partition`: cuts both exports once into the parts `count` shards convert (`convert --partition DIR
/// --shard i/N`), so that each shard reads its part and the reference data instead of both exports whole, twice.
///
/// One read of each export: every table the conversion uses is written as spool files as it goes past (a tree table
/// in full to a scratch folder, any other table to `reference/`), while the link values of the tree records are
/// gathered (`ShardOwnership`). The trees are then joined and given their shards exactly as a shard would, and each
/// tree table's spool is cut row by row, without decoding a value, into the shards' parts (`part-i/`), each record
/// keyed by its row in the export. Memory holds the largest table while reading, the largest spool file while
/// cutting, and 8 bytes per link value.
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

    /// Cuts `options`' exports into `count` parts in `options.outputDirectory`.
    /// - Parameter register: the migration's key register, whose keys link records as a shard's reading does.
    /// - Throws: `AirlockError(.usage)` for a template set without account trees, an output folder that is not
    ///   empty (without `force`); the readers' errors.
    public static func run(
        _ options: ConversionOptions, count: Int, catalog: SchemaCatalog, register: KeyRegister?,
        progress: @escaping @Sendable (String) -> Void
    ) throws -> Outcome {
        guard let out = options.outputDirectory else { throw AirlockError(.usage, "partition writes a folder: give --out") }
        _ = try ShardSelection(index: 0, count: count)
        let templates = try TemplateLoader.load(TemplateSelection(setName: options.templateSet, directory: options.templatesDirectory))
        guard let trees = ShardTrees.of(templates.set) else {
            throw AirlockError(
                .unsupported,
                "partition: the \(templates.set.rawValue) templates declare no account trees to cut the exports by; shards run the prospect-to-cash set"
            )
        }
        try ConversionOptionCheck.checkOutputDirectory(options)
        let digests = ConversionReportBuilder.inputDigests(options)
        let staging = try StagingDirectory(target: out, outputNames: RunLayout.partitionOutputs)
        do {
            let outcome = try write(
                options, count: count, templates: templates, trees: trees, catalog: catalog, register: register, digests: digests,
                staging: staging, progress: progress)
            try staging.commit()
            return outcome
        } catch {
            _ = try? digests.result()
            staging.discard()
            throw error
        }
    }

    /// A tree table read whole into the scratch folder, to be cut once the owners are known.
    private struct Unsplit {
        var side: DataSide
        var file: String
        /// Its number in the ownership.
        var table: Int
    }

    private static let scratchFolder = "unsplit"

    /// Reads both exports into the staging folder's spools (`spoolSales`, `spoolFO`), gathering the tree records'
    /// links; joins the trees and cuts each tree table into the parts (`cut`); writes `partition.json`.
    private static func write(
        _ options: ConversionOptions, count: Int, templates: TemplateSet, trees: ShardTrees, catalog: SchemaCatalog,
        register: KeyRegister?, digests: BackgroundTask<[String: FileDigest]>, staging: StagingDirectory,
        progress: @escaping @Sendable (String) -> Void
    ) throws -> Outcome {
        let folders = SpoolFolders(reference: staging.path(RunLayout.partitionReferenceFolder), scratch: staging.path(scratchFolder))
        for folder in [RunLayout.partitionReferenceFolder, scratchFolder] + (0..<count).map(RunLayout.partitionPartFolder(index:)) {
            try staging.makeFolder(folder)
        }
        let sources = try ConversionInputs.sources(options)
        var ownership = ShardOwnership()
        var unsplit: [Unsplit] = []

        progress("partition: reading \(options.salesPath)")
        let sales = try spoolSales(
            sources.sales, trees: trees, catalog: catalog, register: register, folders: folders, ownership: &ownership, unsplit: &unsplit)
        let schemaFile = "sales-schema.xml"
        try staging.write(Data(sales.schema), to: RunLayout.partitionReferenceFolder + "/" + schemaFile)
        progress("partition: reading \(options.foPath)")
        let fo = try spoolFO(
            sources.fo, options: options, templates: templates, trees: trees, catalog: catalog, folders: folders, ownership: &ownership,
            unsplit: &unsplit)

        // The owners, then each tree table cut into the parts.
        progress("partition: joining the account trees")
        let assignment = ownership.assign(count: count)
        ownership = ShardOwnership()
        progress("partition: writing \(count) parts")
        let parts = (0..<count).map { staging.path(RunLayout.partitionPartFolder(index: $0)) }
        try cut(unsplit, owners: assignment.owners, scratch: folders.scratch, into: parts)
        staging.remove(scratchFolder)

        let referenceBytes = try folderBytes(folders.reference)
        let partBytes = try (0..<count).map { try folderBytes(staging.path(RunLayout.partitionPartFolder(index: $0))) }
        var inputs = try digests.result()
        inputs = inputs.filter { ["fo", "sales", "key-register"].contains($0.key) }
        let manifest = ShardPartition(
            format: ShardPartition.formatVersion, count: count, inputs: inputs,
            inputTails: try ["fo": options.foPath, "sales": options.salesPath].compactMapValues { try FileDigest.tailSHA256(of: $0) },
            templateSet: templates.set.rawValue,
            foEncoding: options.foEncoding, foLocale: options.foLocale,
            catalogDigests: try (options.catalogFiles ?? []).map { try FileDigest.of($0).sha256 }, companies: fo.companies,
            salesTimestamp: sales.data.timestamp?.text, salesAttributes: sales.data.otherAttributes.map { [$0.name, $0.value] },
            salesSchemaFile: schemaFile, foTables: fo.tables, salesSections: sales.sections, treeRecords: assignment.treeRecords,
            largestTree: assignment.largestTree, referenceBytes: referenceBytes,
            parts: (0..<count).map { .init(index: $0, ownedRecords: assignment.ownedRecords[$0], bytes: partBytes[$0]) })
        try staging.write(try ReportJSON.data(manifest), to: RunLayout.partitionManifest)
        return Outcome(
            count: count, treeRecords: assignment.treeRecords, largestTree: assignment.largestTree, ownedRecords: assignment.ownedRecords,
            referenceBytes: referenceBytes, partBytes: partBytes)
    }

    /// Where the spools go: the reference data's folder, and the scratch folder of the tree tables still to be cut.
    private struct SpoolFolders {
        var reference: String
        var scratch: String
    }

    /// The Sales export, section by section: a tree entity's section spooled whole to the scratch folder, its links
    /// added to `ownership`, any other to the reference data. Returns the sections, the export's document and its
    /// schema's bytes.
    private static func spoolSales(
        _ source: PackageSource, trees: ShardTrees, catalog: SchemaCatalog, register: KeyRegister?, folders: SpoolFolders,
        ownership: inout ShardOwnership, unsplit: inout [Unsplit]
    ) throws -> (sections: [ShardPartition.SalesSection], data: CMTData, schema: [UInt8]) {
        let salesReader = try CMTPackageReader(source: source)
        var sections: [ShardPartition.SalesSection] = []
        let data = try salesReader.readEntities(valueProblems: .collect) { section in
            let file = "sales-\(sections.count)"
            let tree = trees.salesEntities[section.name]
            if let keys = tree {
                let table = ownership.beginTable("sales:\(section.name):\(sections.count)")
                ShardInputReader.addSalesLinks(
                    section.records.values, entity: section.name, keys: keys, trees: trees, catalog: catalog, register: register,
                    to: &ownership)
                try ShardPartFiles.writeSection(section, folder: folders.scratch, base: file, form: .spool)
                unsplit.append(Unsplit(side: .sales, file: file, table: table))
            } else {
                try ShardPartFiles.writeSection(section, folder: folders.reference, base: file, form: .image)
            }
            sections.append(.init(entity: section.name, tree: tree != nil, records: section.records.count, file: file))
        }
        let schema = try salesReader.source.open(salesReader.schemaMember).readAll()
        return (sections, data, schema)
    }

    /// The F&O export: every entity file read for its companies (as convert finds them), those the templates use
    /// kept, each normalized and spooled like a Sales section (a tree entity's to the scratch folder, its links added
    /// to `ownership`). Returns the companies and the tables.
    private static func spoolFO(
        _ source: PackageSource, options: ConversionOptions, templates: TemplateSet, trees: ShardTrees, catalog: SchemaCatalog,
        folders: SpoolFolders, ownership: inout ShardOwnership, unsplit: inout [Unsplit]
    ) throws -> (companies: [String], tables: [ShardPartition.FOTable]) {
        let foReader = try ConversionInputs.openFO(source, fileEncoding: options.foFileEncoding)
        let used = ConversionInputs.usedEntities(foReader, templates: templates, catalog: catalog).map(\.entityName)
        let probe = FOExport(reader: nil, catalog: catalog)
        let locale = options.foLocale.flatMap(FOLocale.init(name:))
        var companies: [String] = []
        var foTables: [ShardPartition.FOTable] = []
        for line in foReader.manifest.entities {
            let label = probe.label(of: line)
            var table = try foReader.readEntity(line).table
            for company in CompanyResolver.companies(in: [table])
            where !companies.contains(where: { $0.uppercased() == company.uppercased() }) {
                companies.append(company)
            }
            guard used.contains(line.entityName), !foTables.contains(where: { $0.label == label }) else { continue }
            table = try FODecimalNormalizer.normalized(table, label: label, catalog: catalog, locale: locale)
            let file = "fo-\(foTables.count)"
            let links = trees.foLinks(label: label, catalog: catalog)
            if let links {
                let number = ownership.beginTable("fo:\(label)")
                ShardInputReader.addFOLinks(table, links: links, to: &ownership)
                try ShardPartFiles.writeTable(table, folder: folders.scratch, base: file, form: .spool)
                unsplit.append(Unsplit(side: .fo, file: file, table: number))
            } else {
                try ShardPartFiles.writeTable(table, folder: folders.reference, base: file, form: .image)
            }
            foTables.append(.init(label: label, tree: links != nil, records: table.rowCount, file: file))
        }
        return (companies, foTables)
    }

    /// Cuts each tree table spooled in `scratch` into the parts by its records' `owners` (per table, in ownership
    /// order), removing its spool once cut.
    private static func cut(_ unsplit: [Unsplit], owners: [[UInt16]], scratch: String, into parts: [String]) throws {
        for table in unsplit {
            let owners = owners[table.table]
            switch table.side {
            case .sales: try ShardPartFiles.splitSection(folder: scratch, base: table.file, owners: owners, into: parts)
            case .fo: try ShardPartFiles.splitTable(folder: scratch, base: table.file, owners: owners, into: parts)
            }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [] where name.hasPrefix(table.file + ".") {
                try? FileManager.default.removeItem(atPath: scratch + "/" + name)
            }
        }
    }

    /// Bytes of the files in `folder`.
    static func folderBytes(_ folder: String) throws -> Int {
        let manager = FileManager.default
        return try manager.contentsOfDirectory(atPath: folder).reduce(0) { total, name in
            total + ((try manager.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }
}
