import AirlockIO
import AirlockModel

/// Opens a Configuration Migration package (zip or folder): reads `data_schema.xml`, and streams `data.xml`
/// into tables or counts its records.
public final class CMTPackageReader {
    /// The zip or folder read.
    public let source: PackageSource
    /// The schema read from `data_schema.xml`.
    public let schema: CMTSchema
    /// The records member actually used (matched case-insensitively when the exact name is absent).
    public let dataMember: String
    /// The schema member actually used.
    public let schemaMember: String
    /// `[Content_Types].xml` when present.
    public let contentTypesMember: String?
    /// Package-level warnings (e.g. no `[Content_Types].xml`), then those of the last read or count.
    public private(set) var warnings: [String]
    private let packageWarnings: [String]
    /// What its records count as in the progress lines (`.checked` for a command's own output).
    public let countsAs: RecordTally.Kind

    /// Finds the members and reads the schema.
    /// - Throws: `AirlockError(.missingMember)` without `data.xml` or `data_schema.xml` at the root;
    ///   schema errors with line and column.
    public init(source: PackageSource, countsAs: RecordTally.Kind = .read) throws {
        self.countsAs = countsAs
        self.source = source
        guard let schemaMember = source.member(named: CMTPackage.schemaMember) else {
            throw Self.missing(CMTPackage.schemaMember, what: "the schema", in: source)
        }
        guard let dataMember = source.member(named: CMTPackage.dataMember) else {
            throw Self.missing(CMTPackage.dataMember, what: "the records", in: source)
        }
        self.schemaMember = schemaMember.name
        self.dataMember = dataMember.name
        self.contentTypesMember = source.member(named: CMTPackage.contentTypesMember)?.name
        var warnings: [String] = []
        if contentTypesMember == nil {
            warnings.append(
                "the package has no \(CMTPackage.contentTypesMember); zips written by CMT carry one (Airlock writes it), and hand-made zips without it have been reported not to import"
            )
        }
        self.packageWarnings = warnings
        self.warnings = warnings
        self.schema = try CMTSchemaReader.read(source.open(schemaMember.name), location: source.location(of: schemaMember.name))
    }

    /// Opens the package at `path` (zip or folder).
    /// - Throws: as `init(source:)`, or when the path is not a readable zip or folder.
    public convenience init(path: String, countsAs: RecordTally.Kind = .read) throws {
        try self.init(source: openPackageSource(path: path), countsAs: countsAs)
    }

    /// Reads the whole package into memory (columnar tables).
    /// - Parameter valueProblems: `.strict` (default) throws on a field value that does not decode by its schema
    ///   type; `.collect` keeps it as written and lists it in its entity's `CMTEntityData.valueProblems`.
    /// - Throws: `AirlockError` with file, entry, line, entity, record and field.
    public func read(valueProblems: CMTValueProblemMode = .strict) throws -> CMTPackage {
        try checkContentTypes()
        let reader = dataReader(valueProblems)
        let data = try reader.read(source.open(dataMember))
        warnings = packageWarnings + reader.warnings
        return CMTPackage(schema: schema, data: data)
    }

    /// Streams `data.xml`, handing each entity section to `body` when it is complete.
    /// - Parameter valueProblems: as for `read(valueProblems:)`.
    /// - Returns: the root's timestamp and attributes (without entities).
    public func readEntities(valueProblems: CMTValueProblemMode = .strict, _ body: (CMTEntityData) throws -> Void) throws -> CMTData {
        try checkContentTypes()
        let reader = dataReader(valueProblems)
        let data = try reader.readEntities(source.open(dataMember), body)
        warnings = packageWarnings + reader.warnings
        return data
    }

    /// Streams `stream` as the package's `data.xml`, handing each entity section to `body` as `readEntities` does:
    /// `stream` is made of pieces of it (`CMTSectionScanner`), and `positions` says where their lines came from, so
    /// that every error and value problem names the package's `data.xml` and its line.
    /// - Returns: the root's timestamp and attributes (without entities).
    public func readEntities(
        from stream: ByteStream, positions: XMLPositionMap, valueProblems: CMTValueProblemMode = .strict,
        _ body: (CMTEntityData) throws -> Void
    ) throws -> CMTData {
        try checkContentTypes()
        let reader = dataReader(valueProblems)
        reader.positions = positions
        let data = try reader.readEntities(stream, body)
        warnings = packageWarnings + reader.warnings
        return data
    }

    /// Streams `data.xml` in pieces of at most `chunkRecords` records (see `CMTDataReader.readChunks`), so memory
    /// holds one piece whatever the size of a section.
    /// `root`, when given, gets the root's timestamp and attributes before the first piece.
    /// - Returns: the root's timestamp and attributes (without entities).
    public func readChunks(
        chunkRecords: Int, valueProblems: CMTValueProblemMode = .strict, root: ((CMTData) throws -> Void)? = nil,
        _ body: (_ chunk: CMTEntityData, _ isLast: Bool) throws -> Void
    ) throws -> CMTData {
        try checkContentTypes()
        let reader = dataReader(valueProblems)
        let data = try reader.readChunks(source.open(dataMember), chunkRecords: chunkRecords, root: root, body)
        warnings = packageWarnings + reader.warnings
        return data
    }

    /// Streams `data.xml` record by record into `consumer` (see `CMTDataReader.readRecords`), so memory holds one
    /// record whatever the size of the package.
    /// - Returns: the root's timestamp and attributes (without entities).
    public func readRecords(into consumer: any CMTRecordConsumer, valueProblems: CMTValueProblemMode = .strict) throws -> CMTData {
        try checkContentTypes()
        let reader = dataReader(valueProblems)
        let data = try reader.readRecords(source.open(dataMember), into: consumer)
        warnings = packageWarnings + reader.warnings
        return data
    }

    /// Streams `data.xml` and counts records per entity, in bounded memory.
    public func countRecords() throws -> CMTRecordCounts {
        try checkContentTypes()
        let reader = dataReader()
        let counts = try reader.count(source.open(dataMember))
        warnings = packageWarnings + reader.warnings
        return counts
    }

    /// Refuses a `[Content_Types].xml` that is there but unusable (a damaged package); a missing one is only a
    /// warning (hand-made zips). `validate` reports the same as the finding `cmt.package.content-types-invalid`.
    /// - Throws: `AirlockError(.malformedXML)` naming the member.
    public func checkContentTypes() throws {
        guard let member = contentTypesMember, let problem = CMTContentTypes.problem(in: source, member: member) else { return }
        throw AirlockError(
            .malformedXML, "the package's content types are unusable (the importer would refuse it): \(problem)",
            at: source.location(of: member))
    }

    private func dataReader(_ valueProblems: CMTValueProblemMode = .strict) -> CMTDataReader {
        CMTDataReader(schema: schema, location: source.location(of: dataMember), valueProblems: valueProblems, countsAs: countsAs)
    }

    private static func missing(_ name: String, what: String, in source: PackageSource) -> AirlockError {
        var message =
            "the package has no \(name) at its top level; a Configuration Migration package needs \(CMTPackage.dataMember) (the records) and \(CMTPackage.schemaMember) (the schema) there, so \(what) is missing"
        let nested = source.members.filter { $0.name.lowercased().hasSuffix("/" + name.lowercased()) }
        if let first = nested.first {
            message += "; found \(first.name) in a folder: zip the files themselves, not the folder holding them"
        }
        return AirlockError(.missingMember, message, at: SourceLocation(file: source.path))
    }
}
