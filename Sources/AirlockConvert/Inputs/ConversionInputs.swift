import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReport
import AirlockValidate

/// What `convert` reads: the Sales export whole, and the F&O entities that some flow uses.
struct ConversionInputs: Sendable {
    /// How the two exports share the cores while they are read.
    enum Schedule: Sendable {
        /// The F&O files on a thread of background priority, the Sales export on the calling thread.
        case foInBackground
        /// The Sales export and each F&O file as pieces of work for the cores as they come free.
        case shared
    }

    /// The F&O export's reader; nil for a shard that reads a partition (`ShardPartReader`), which holds every table.
    var foReader: FOPackageReader?
    /// The F&O tables read, with their entity labels, in manifest order.
    var foTables: [(String, Table)]
    var sales: CMTPackage
    /// The F&O export's companies, when known without its reader (a partition's); nil: found in its tables.
    var companies: [String]? = nil
    /// What the run says of the F&O files read whose encoding does not fit their `SourceFormat`
    /// (`encodingWarning(_:line:member:)`), in manifest order.
    var foEncodingWarnings: [String] = []

    /// Reads both exports of `options`; `schedule` nil picks one by their sizes (`schedule(fo:sales:)`).
    /// - Throws: `AirlockError(.usage)` when a package is of the other kind; the readers' errors, the Sales
    ///   export's first when both fail.
    static func read(_ options: ConversionOptions, templates: TemplateSet, catalog: SchemaCatalog, schedule: Schedule? = nil) throws
        -> ConversionInputs
    {
        let (foSource, salesSource) = try sources(options)
        let foReader = try openFO(foSource, fileEncoding: options.foFileEncoding)
        let lines = usedEntities(foReader, templates: templates, catalog: catalog)
        let salesPackageSource = salesSource
        let readSales: @Sendable () throws -> CMTPackage = {
            try CMTPackageReader(source: salesPackageSource).read(valueProblems: .collect)
        }
        let locale = options.foLocale.flatMap(FOLocale.init(name:))
        let readFO: @Sendable (FOManifestEntity) throws -> (label: String, table: Table, warning: String?) = { line in
            let label = FOExport(reader: nil, catalog: catalog).label(of: line)
            let read = try foReader.readEntity(line)
            return (
                label, try FODecimalNormalizer.normalized(read.table, label: label, catalog: catalog, locale: locale),
                encodingWarning(read.summary, line: line)
            )
        }
        switch schedule ?? self.schedule(fo: foSource, sales: salesSource) {
        case .foInBackground:
            // The Sales export's parser holds a core throughout its read and bounds it; the F&O files fill in
            // what it leaves idle instead of taking a share of its core.
            let foTables = BackgroundTask(lowPriority: true) { try lines.map(readFO) }
            let sales: CMTPackage
            do {
                sales = try readSales()
            } catch {
                _ = try? foTables.result()
                throw error
            }
            let read = try foTables.result()
            return ConversionInputs(
                foReader: foReader, foTables: read.map { ($0.label, $0.table) }, sales: sales,
                foEncodingWarnings: read.compactMap(\.warning))
        case .shared:
            enum Part: Sendable {
                case sales(CMTPackage)
                case fo(String, Table, String?)
            }
            let parts = try ParallelMap.map(lines.count + 1) { index -> Part in
                if index == 0 { return .sales(try readSales()) }
                let read = try readFO(lines[index - 1])
                return .fo(read.label, read.table, read.warning)
            }
            var sales = CMTPackage(schema: CMTSchema(entities: []), data: CMTData())
            var tables: [(String, Table)] = []
            var warnings: [String] = []
            for part in parts {
                switch part {
                case .sales(let package): sales = package
                case .fo(let label, let table, let warning):
                    tables.append((label, table))
                    if let warning { warnings.append(warning) }
                }
            }
            return ConversionInputs(foReader: foReader, foTables: tables, sales: sales, foEncodingWarnings: warnings)
        }
    }

    /// The two exports of `options`, each checked to be of its kind.
    /// - Throws: `AirlockError(.usage)` when a package is of the other kind (or the two are swapped).
    static func sources(_ options: ConversionOptions) throws -> (fo: PackageSource, sales: PackageSource) {
        try PackageDetector.locateExports(fo: options.foPath, sales: options.salesPath)
    }

    /// Opens an F&O export (`--fo`, or `--since`'s earlier one) whose every manifest line names its file, as
    /// `validate` demands: the data of a line without `InputFilePath` is in no file F&O would read, and the run reads
    /// every entity (for the company, if not for a flow).
    /// - Throws: `AirlockError(.malformedXML)` naming the manifest and the entity of the first line without
    ///   `InputFilePath`, in `validate`'s words (fo.manifest.no-input-file, `FOPackageValidator.missingInputFile`); the
    ///   reader's errors.
    static func openFO(_ source: PackageSource, fileEncoding: FOFileEncoding) throws -> FOPackageReader {
        let reader = try FOPackageReader(source: source, fileEncoding: fileEncoding)
        for line in reader.manifest.entities {
            guard let problem = FOPackageValidator.missingInputFile(line, in: reader) else { continue }
            throw AirlockError(
                .malformedXML,
                "\(problem); add the file's name to the line's InputFilePath (validate reports \(ValidationRules.foManifestNoInputFile.id))",
                at: SourceLocation(file: source.path, entry: reader.manifestMember, entity: line.entityName))
        }
        return reader
    }

    /// The manifest lines of the F&O entities that a template reads or writes (under any of their labels).
    static func usedEntities(_ reader: FOPackageReader, templates: TemplateSet, catalog: SchemaCatalog) -> [FOManifestEntity] {
        let probe = FOExport(reader: reader, catalog: catalog)
        var wanted: [String] = []
        for template in templates.templates {
            for endpoint in [template.source, template.target] where endpoint.side == .fo {
                for label in catalog.foEntityVersions(of: endpoint.entity) where !wanted.contains(label) { wanted.append(label) }
            }
        }
        return reader.manifest.entities.filter { line in
            let label = probe.label(of: line).lowercased()
            return wanted.contains { catalog.foKey(of: $0) == label }
        }
    }

    /// `.foInBackground` when the F&O files hold at most `foShareForBackgroundRead` of the Sales export's bytes
    /// (uncompressed), else `.shared`. Measured at 1 M records (docs/performance.md): per byte, the F&O reader's
    /// thread and the Sales parser's thread cost about the same (8.5 and 7.7 ms per MB), and the Sales read,
    /// bounded by its parser, leaves a quarter to a third of the second core idle. An F&O export of up to a
    /// quarter of the Sales export's size fits in that idle time, and the parser keeps its core; a larger one
    /// is shared, so that it is not left to one thread once the Sales export is read.
    static func schedule(fo: PackageSource, sales: PackageSource) -> Schedule {
        let foBytes = fo.members.reduce(Int64(0)) { $0 + ($1.size ?? 0) }
        let salesBytes = sales.members.reduce(Int64(0)) { $0 + ($1.size ?? 0) }
        return salesBytes > 0 && Double(foBytes) <= foShareForBackgroundRead * Double(salesBytes) ? .foInBackground : .shared
    }

    /// See `schedule(fo:sales:)`.
    static let foShareForBackgroundRead = 0.25
}
