import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import Foundation

/// Reads one range of a partition's plan (`airlock partition --step read --range i/N`, or the whole plan of a
/// partition run in one process): the Sales sections and F&O entity files the plan gives the range, each table written
/// into `tables/` as an image of its columns (a tree table to be cut into the parts; any other the reference data),
/// the tree tables' link values beside them (`ShardOwnership.encodedTable`), and `read.json` saying what was read.
///
/// What a table holds does not depend on the range that read it: a section is parsed from the export's own bytes (the
/// head, the section, and a closing tag when the section is not the document's last), each file read whole.
enum ShardPartitionRangeReader {
    /// The folder names inside a read's folder.
    static let summaryFile = "read.json"
    static let tablesFolder = "tables"
    /// The Sales schema, written by range 0.
    static let schemaFile = "sales-schema.xml"

    /// The files the split writes into the plan's folder: `data.xml`'s head, and each section when it is not read from
    /// the export (`ShardSalesCut`).
    static let salesHeadFile = "sales-head.xml"
    static func salesSectionFile(_ number: Int) -> String { "sales-section-\(number).xml" }

    /// Where the link values of tree table `base` go, inside `tables/`.
    static func linksFile(_ base: String) -> String { base + ".links" }

    /// What a range read, for the join.
    struct Summary: Codable, Sendable {
        /// A Sales section: its number in the export, and what the partition lists of it.
        struct Section: Codable, Sendable {
            var number: Int
            var listing: ShardPartition.SalesSection
        }
        /// An F&O entity file: its line in the manifest, the companies it names, and what the partition lists of it
        /// when the conversion uses it (its number among the used files).
        struct FOFile: Codable, Sendable {
            var line: Int
            var companies: [String]
            var number: Int?
            var listing: ShardPartition.FOTable?
        }

        /// The SHA-256 of the plan read (empty for a partition run in one process).
        var plan: String
        var range: Int
        /// The Sales export's root attributes, when the range parsed its `data.xml`.
        var salesRootRead: Bool
        var salesTimestamp: String?
        var salesAttributes: [[String]]
        var sections: [Section]
        var foFiles: [FOFile]
    }

    /// What every range is read with.
    struct Context {
        var options: ConversionOptions
        var templates: TemplateSet
        var trees: ShardTrees
        var catalog: SchemaCatalog
        var register: KeyRegister?
    }

    /// Reads range `range` of `plan` into `folder` (created; `tables/` and `read.json`); `planFolder` holds the
    /// split's files (`salesHeadFile`, `salesSectionFile`), and `planDigest` goes into `read.json`.
    /// - Throws: the readers' errors, naming the export, entity, record and line.
    static func read(
        _ plan: ShardPartitionPlan, range: Int, planFolder: String, planDigest: String, context: Context, into folder: String,
        progress: @escaping @Sendable (String) -> Void
    ) throws {
        let tables = folder + "/" + tablesFolder
        try FileManager.default.createDirectory(atPath: tables, withIntermediateDirectories: true)
        let sources = try ConversionInputs.sources(context.options)
        var summary = Summary(plan: planDigest, range: range, salesRootRead: false, salesAttributes: [], sections: [], foFiles: [])
        var ownership = ShardOwnership()
        let salesReader = try CMTPackageReader(source: sources.sales)
        if range == 0 {
            let schema = try salesReader.source.open(salesReader.schemaMember).readAll()
            try ShardPartFiles.write(Data(schema), to: tables + "/" + schemaFile)
        }
        progress("partition: reading \(context.options.salesPath)")
        try readSales(
            plan, range: range, planFolder: planFolder, reader: salesReader, context: context, tables: tables, ownership: &ownership,
            summary: &summary)
        progress("partition: reading \(context.options.foPath)")
        try readFO(plan, range: range, source: sources.fo, context: context, tables: tables, ownership: &ownership, summary: &summary)
        try ShardPartFiles.write(try ReportJSON.data(summary), to: folder + "/" + summaryFile)
    }

    /// The range's Sales sections, each written as an image: a tree entity's with its link values.
    private static func readSales(
        _ plan: ShardPartitionPlan, range: Int, planFolder: String, reader: CMTPackageReader, context: Context, tables: String,
        ownership: inout ShardOwnership, summary: inout Summary
    ) throws {
        var numbers: [Int]? = nil
        var data: CMTData
        var parsed = 0
        func spool(_ section: CMTEntityData) throws {
            let number = numbers.map { parsed < $0.count ? $0[parsed] : -1 } ?? parsed
            parsed += 1
            guard number >= 0 else { return }
            let file = "sales-\(number)"
            let tree = context.trees.salesEntities[section.name]
            if let keys = tree {
                let table = ownership.beginTable(file)
                try ShardInputReader.addSalesLinks(
                    section.records.values, entity: section.name, keys: keys, trees: context.trees, catalog: context.catalog,
                    register: context.register, to: &ownership)
                try ShardPartFiles.writeSection(section, folder: tables, base: file)
                try ShardPartFiles.write(Data(ownership.encodedTable(table)), to: tables + "/" + linksFile(file))
            } else {
                try ShardPartFiles.writeSection(section, folder: tables, base: file)
            }
            summary.sections.append(
                .init(number: number, listing: .init(entity: section.name, tree: tree != nil, records: section.records.count, file: file)))
        }
        if let sections = plan.salesSections {
            let mine = sections.indices.filter { sections[$0].range == range }
            guard !mine.isEmpty else { return }
            numbers = mine
            var pieces: [ConcatenatedByteStream.Piece] = [.file(planFolder + "/" + salesHeadFile)]
            let sectionPieces = try ShardSalesCut.pieces(
                mine, of: plan, planFolder: planFolder, planFile: planFolder + "/" + ShardPartitioner.planFile, source: reader.source,
                member: reader.dataMember)
            for piece in sectionPieces { pieces += [.bytes([0x0A]), piece] }
            // The last section's piece ends the document; any other range closes it.
            if mine.last != sections.count - 1 { pieces.append(.bytes(Array("\n</entities>\n".utf8))) }
            let positions = CMTSectionScanner.positions(of: mine, among: sections.map(\.section))
            data = try reader.readEntities(from: ConcatenatedByteStream(pieces), positions: positions, valueProblems: .collect, spool)
            if parsed != mine.count {
                throw AirlockError(
                    .malformedXML,
                    "the split found \(mine.count) entity section\(mine.count == 1 ? "" : "s") for range \(range) where the parse finds \(parsed): partition in one process (without --step)",
                    at: reader.source.location(of: reader.dataMember))
            }
        } else {
            guard range == 0 else { return }
            data = try reader.readEntities(valueProblems: .collect, spool)
        }
        summary.salesRootRead = true
        summary.salesTimestamp = data.timestamp?.text
        summary.salesAttributes = data.otherAttributes.map { [$0.name, $0.value] }
    }

    /// The range's F&O entity files: each read for its companies; one the templates use (the first file of its
    /// label) normalized and written like a Sales section.
    private static func readFO(
        _ plan: ShardPartitionPlan, range: Int, source: PackageSource, context: Context, tables: String, ownership: inout ShardOwnership,
        summary: inout Summary
    ) throws {
        guard plan.foFiles.contains(where: { $0.range == range }) else { return }
        let options = context.options
        let reader = try ConversionInputs.openFO(source, fileEncoding: options.foFileEncoding)
        guard reader.manifest.entities.map(\.entityName) == plan.foFiles.map(\.entity) else {
            throw AirlockError(
                .usage, "the F&O export's manifest lists other entities than the split's plan: split the exports again",
                at: SourceLocation(file: options.foPath))
        }
        let numbers = usedFileNumbers(reader, templates: context.templates, catalog: context.catalog)
        let probe = FOExport(reader: nil, catalog: context.catalog)
        let locale = options.foLocale.flatMap(FOLocale.init(name:))
        for (index, line) in reader.manifest.entities.enumerated() where plan.foFiles[index].range == range {
            var table = try reader.readEntity(line).table
            var file = Summary.FOFile(line: index, companies: CompanyResolver.companies(in: [table]), number: numbers[index])
            if let number = numbers[index] {
                let label = probe.label(of: line)
                table = try FODecimalNormalizer.normalized(table, label: label, catalog: context.catalog, locale: locale)
                let base = "fo-\(number)"
                let links = context.trees.foLinks(label: label, catalog: context.catalog)
                if let links {
                    let number = ownership.beginTable(base)
                    try ShardInputReader.addFOLinks(table, links: links, to: &ownership)
                    try ShardPartFiles.writeTable(table, folder: tables, base: base)
                    try ShardPartFiles.write(Data(ownership.encodedTable(number)), to: tables + "/" + linksFile(base))
                } else {
                    try ShardPartFiles.writeTable(table, folder: tables, base: base)
                }
                file.listing = .init(label: label, tree: links != nil, records: table.rowCount, file: base)
            }
            summary.foFiles.append(file)
        }
    }

    /// For each manifest line, its number among the files the conversion reads (those of the entities the templates
    /// use, the first file of each label), or nil.
    static func usedFileNumbers(_ reader: FOPackageReader, templates: TemplateSet, catalog: SchemaCatalog) -> [Int?] {
        let used = Set(ConversionInputs.usedEntities(reader, templates: templates, catalog: catalog).map(\.entityName))
        let probe = FOExport(reader: nil, catalog: catalog)
        var labels: [String] = []
        return reader.manifest.entities.map { line in
            let label = probe.label(of: line)
            guard used.contains(line.entityName), !labels.contains(label) else { return nil }
            labels.append(label)
            return labels.count - 1
        }
    }
}
