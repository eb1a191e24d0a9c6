import AirlockIO
import AirlockModel

/// Opens an F&O data management package (zip or folder): header, manifest, and each entity's data file.
///
/// Entity files are streamed, never loaded whole: `summarize` counts records in bounded memory, and
/// `readEntity` builds a columnar table.
public final class FOPackageReader: Sendable {
    public let source: PackageSource
    public let header: FOPackageHeader
    public let manifest: FOManifest
    /// The member names actually used for the header and the manifest.
    public let headerMember: String
    public let manifestMember: String
    /// How delimited entity files without a byte-order mark are read.
    public let fileEncoding: FOFileEncoding
    /// What its records count as in the progress lines: `.read` for an input, `.checked` for a command's own output.
    public let countsAs: RecordTally.Kind

    /// Reads the header and manifest of the package in `source`.
    /// - Throws: `AirlockError(.missingMember)` without PackageHeader.xml or Manifest.xml; XML errors with line and column.
    public init(source: PackageSource, fileEncoding: FOFileEncoding = .utf8, countsAs: RecordTally.Kind = .read) throws {
        self.fileEncoding = fileEncoding
        self.countsAs = countsAs
        guard let header = source.member(named: "PackageHeader.xml") else {
            throw AirlockError(
                .missingMember,
                "the package has no PackageHeader.xml; F&O refuses a package without it (a bare data file is not a package)",
                at: SourceLocation(file: source.path))
        }
        guard let manifest = source.member(named: "Manifest.xml") else {
            throw AirlockError(
                .missingMember, "the package has no Manifest.xml, so its entities are unknown", at: SourceLocation(file: source.path))
        }
        self.source = source
        self.headerMember = header.name
        self.manifestMember = manifest.name
        self.header = try FOManifestReader.readHeader(source.open(header.name), location: source.location(of: header.name))
        self.manifest = try FOManifestReader.readManifest(source.open(manifest.name), location: source.location(of: manifest.name))
    }

    /// The member holding `entity`'s data: `InputFilePath` exactly, else case-insensitively, else by its last path
    /// component (some tools write a full path), else `<EntityName>.<csv|xml|xlsx>`.
    public func dataMember(for entity: FOManifestEntity) -> PackageMember? {
        if let path = entity.inputFilePath, !path.isEmpty {
            if let member = source.member(named: path) { return member }
            let last = path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? path
            if let member = source.member(named: last) { return member }
            return nil
        }
        for ext in ["csv", "xml", "xlsx"] {
            if let member = source.member(named: "\(entity.entityName).\(ext)") { return member }
        }
        return nil
    }

    /// Members no manifest line points to, other than the header, the manifest and `Resources/` attachments.
    public var unlistedMembers: [PackageMember] {
        let used = Set(manifest.entities.compactMap { dataMember(for: $0)?.name } + [headerMember, manifestMember])
        return source.members.filter { !used.contains($0.name) && !$0.name.lowercased().hasPrefix("resources/") }
    }

    /// The technical (AOT) name of `entity`: `TargetEntity`, else the name Airlock knows for its label.
    public func technicalName(of entity: FOManifestEntity) -> String? {
        if let target = entity.targetEntity, !target.isEmpty { return target }
        return FOEntityNames.forLabel(entity.entityName)?.technicalName
    }

    /// Streams `entity`'s file and counts its records, in bounded memory.
    /// - Throws: `AirlockError` when the file is missing or cannot be parsed.
    public func summarize(_ entity: FOManifestEntity) throws -> FOEntityFileSummary {
        var counter = FORecordCounter()
        var summary = try scan(entity, into: &counter)
        summary.records = counter.records
        return summary
    }

    /// Reads `entity`'s records into a table.
    /// - Parameter columns: the columns the table keeps (entity field names); nil keeps all. A reader of a few
    ///   columns of a wide entity holds only those.
    /// - Throws: `AirlockError` when the file is missing or cannot be parsed.
    public func readEntity(_ entity: FOManifestEntity, columns: Set<String>? = nil) throws -> FOEntityData {
        let map = FOColumnMap(entity.entityMap ?? [])
        var consumer = FOTableConsumer(name: entity.entityName, kept: columns) { map.entityField(for: $0) ?? $0 }
        var summary = try scan(entity, into: &consumer)
        let table = consumer.table
        summary.records = table.rowCount
        return FOEntityData(entity: entity, summary: summary, table: table)
    }

    /// Streams `entity`'s file into `consumer`: columns as they are announced (file names, before the field map),
    /// then every record. `headOnly`: the consumer stops the scan early (it throws after the first records), so
    /// nothing is read ahead of them.
    /// - Throws: `AirlockError` when the file is missing or cannot be parsed, or what `consumer` throws.
    public func scan<Consumer: FORecordConsumer>(
        _ entity: FOManifestEntity, into consumer: inout Consumer, headOnly: Bool = false
    ) throws -> FOEntityFileSummary {
        guard let member = dataMember(for: entity) else {
            let expected = entity.inputFilePath.map { "'\($0)'" } ?? "a file named after the entity"
            throw AirlockError(
                .missingMember, "the manifest line for entity '\(entity.entityName)' names \(expected), which is not in the package",
                at: SourceLocation(file: source.path, entry: manifestMember, entity: entity.entityName))
        }
        let location = SourceLocation(file: source.path, entry: member.name, entity: entity.entityName)
        var summary: FOEntityFileSummary
        let source = source
        let open: (String) throws -> ByteStream = { headOnly ? try source.openHead($0) : try source.open($0) }
        let declared = FODataFormat.declared(sourceFormat: entity.sourceFormat, fileName: member.name)
        switch declared {
        case .delimited(_, let unicode):
            summary = try FOCSVEntityScanner(location: location, fileEncoding: fileEncoding, countsAs: countsAs).scan(
                open(member.name), unicode: unicode, into: &consumer)
        case .xmlElement, .xmlAttribute:
            let outcome = try FOXMLEntityScanner(location: location, countsAs: countsAs).scan(open(member.name), into: &consumer)
            let format: FODataFormat =
                outcome.usedElements && !outcome.usedAttributes
                ? .xmlElement
                : outcome.usedAttributes && !outcome.usedElements ? .xmlAttribute : declared
            summary = FOEntityFileSummary(
                member: member.name, format: format, encoding: nil, columns: outcome.columns, records: 0, warnings: outcome.warnings)
            if format != declared {
                summary.warnings.append(
                    "the manifest declares \(entity.sourceFormat ?? "no format") but the file is laid out as \(format.name)")
            }
        case .excel:
            summary = try FOExcelEntityScanner(location: location, countsAs: countsAs).scan(
                open(member.name), sheetName: entity.excelSheetName, into: &consumer)
        }
        summary.member = member.name
        let map = FOColumnMap(entity.entityMap ?? [])
        if entity.entityMap != nil {
            let unmapped = summary.columns.filter { map.entityField(for: $0) == nil }
            if !unmapped.isEmpty {
                summary.warnings.append("columns not in the manifest's field map: \(unmapped.joined(separator: ", "))")
            }
        }
        return summary
    }
}
