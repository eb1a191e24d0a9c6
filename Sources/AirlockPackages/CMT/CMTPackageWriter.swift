import AirlockIO
import AirlockModel

/// Writes a Configuration Migration package zip (or its members plain, to be joined into one later).
///
/// Members, in the order genuine CMT zips have them: `data_schema.xml`, `data.xml`, `[Content_Types].xml`.
/// The zip is written under a temporary name and renamed into place when complete; entry times are fixed,
/// so equal packages give equal bytes; `data.xml` is deflated in sections (`SectionedDeflater`), so that the same
/// bytes can also be joined from sections deflated elsewhere.
public enum CMTPackageWriter {
    /// How many 1 MB blocks of `data.xml` may wait for the deflater unless told otherwise: a conversion writes a
    /// section at a time, in bursts, and 16 MB ahead lets the deflater work while the next section is built.
    public static let dataBlocksAheadDefault = 16

    /// Writes `package` as a zip at `path`.
    /// - Throws: `AirlockError(.invalidValue)` for a value that is not valid for its type (naming entity, record
    ///   and field), `.io` when the file cannot be written.
    public static func write(_ package: CMTPackage, to path: String) throws {
        try write(schema: package.schema, timestamp: package.data.timestamp, otherAttributes: package.data.otherAttributes, to: path) {
            emit in
            for entity in package.data.entities { try emit(entity, [.whole(entity)]) }
        }
    }

    /// Writes a package whose entity sections `produce` hands over one at a time (each is written and can then
    /// be released, so memory holds one section at a time).
    /// - Parameters:
    ///   - schema: written as `data_schema.xml`; also gives each field its type.
    ///   - timestamp: the root `timestamp` of `data.xml` (omitted when nil).
    ///   - path: the zip, or for `.plainMembers` the folder the members are written into.
    ///   - form: a zip, or the members as plain files to be joined into one later.
    ///   - dataCopy: also gets every byte of `data.xml`, in order, as it is written (e.g. a `ByteChannel` that a
    ///     validator reads while the zip is written).
    ///   - observer: told of every record and field of `data.xml` as it is written (e.g. a validator's checks).
    ///   - dataBlocksAhead: how many 1 MB blocks of `data.xml` may wait for the deflater (`dataBlocksAheadDefault`).
    ///   - produce: writes each entity section through its argument, in import order: the section (its name,
    ///     attributes and associations) and the pieces its records are written from (`CMTDataWriter.Piece`), given
    ///     together or one at a time (`CMTSectionWriter`).
    /// - Throws: as `write(_:to:)`, or what `produce` throws.
    public static func write(
        schema: CMTSchema, timestamp: CMTTimestamp?, otherAttributes: [CMTAttribute] = [], to path: String, form: PackageForm = .zip,
        dataCopy: ByteSink? = nil, observer: CMTDataObserver? = nil, dataBlocksAhead: Int = dataBlocksAheadDefault,
        _ produce: (CMTSectionWriter) throws -> Void
    ) throws {
        let data: (ByteSink) throws -> Void = { entry in
            let writer = BufferedByteWriter(sink: dataCopy.map { TeeByteSink(entry, $0) } ?? entry)
            let location = SourceLocation(file: path, entry: CMTPackage.dataMember)
            let dataWriter = CMTDataWriter(schema: schema)
            try dataWriter.writeStart(
                timestamp: timestamp, otherAttributes: otherAttributes, to: writer, location: location, observer: observer)
            try produce(CMTSectionWriter(dataWriter: dataWriter, writer: writer, location: location, observer: observer))
            try dataWriter.writeEnd(to: writer, observer: observer)
            try writer.flush()
        }
        switch form {
        case .zip: try write(schema: schema, to: path, dataBlocksAhead: dataBlocksAhead, data: data)
        case .plainMembers: try writePlain(schema: schema, into: path, data: data)
        }
    }

    /// Writes a package whose `data.xml` bytes `data` streams into the entry's sink as they are (written
    /// elsewhere with `CMTDataWriter`, e.g. copied from a file), with `schema` as `data_schema.xml`; returns what
    /// `data.xml`'s deflated data stands for.
    ///
    /// `data.xml` is deflated in sections of `dataSectionSize` bytes, each as if alone (`SectionedDeflater`), so that
    /// the same member can be joined from sections deflated by other processes (`write(schemaFile:to:data:)`).
    /// - Throws: `AirlockError` when the schema or the zip cannot be written, or what `data` throws.
    @discardableResult
    public static func write(
        schema: CMTSchema, to path: String, dataBlocksAhead: Int = dataBlocksAheadDefault,
        dataSectionSize: Int = SectionedDeflater.defaultSectionSize, data: (ByteSink) throws -> Void
    ) throws -> DeflatedRun {
        let archive = try SectionedZipWriter(path: path)
        try addSchema(schema, to: archive)
        let run = try archive.addEntry(name: CMTPackage.dataMember, sectionSize: dataSectionSize, blocksInFlight: dataBlocksAhead, data)
        try archive.addEntry(name: CMTPackage.contentTypesMember, bytes: CMTContentTypes.bytes)
        try archive.finish()
        return run
    }

    /// Writes `data_schema.xml`, `data.xml` and `[Content_Types].xml` as plain files into `folder`
    /// (`PackageForm.plainMembers`): a folder package, read as its zip would be.
    /// - Throws: `AirlockError` when a file cannot be written, or what `data` throws.
    public static func writePlain(schema: CMTSchema, into folder: String, data: (ByteSink) throws -> Void) throws {
        let contentTypes = try FileByteSink(path: folder + "/" + CMTPackage.contentTypesMember)
        try CMTContentTypes.bytes.withUnsafeBytes { try contentTypes.write($0) }
        try contentTypes.close()
        let schemaFile = try FileByteSink(path: folder + "/" + CMTPackage.schemaMember)
        let writer = BufferedByteWriter(sink: schemaFile)
        try CMTSchemaWriter.write(schema, to: writer, location: SourceLocation(file: schemaFile.path))
        try writer.flush()
        try schemaFile.close()
        let dataFile = try FileByteSink(path: folder + "/" + CMTPackage.dataMember)
        let buffered = BufferedByteWriter(sink: dataFile, capacity: 1 << 20)
        try data(BufferedSinkAdapter(buffered))
        try buffered.flush()
        try dataFile.close()
    }

    /// Writes a package from members written plain (`writePlain`): `data_schema.xml` from `schemaFile`, then
    /// `data.xml` as `data` adds it to the archive, named `CMTPackage.dataMember` (joined from its sections deflated
    /// elsewhere, `SectionedZipWriter.addJoinedEntry`, or deflated from its file in sections): byte for byte the
    /// package that `write(schema:to:…data:)` writes for the same `data.xml`.
    /// - Throws: `AirlockError` when the schema cannot be read or the zip cannot be written; what `data` throws.
    public static func write(schemaFile: String, to path: String, data: (SectionedZipWriter) throws -> Void) throws {
        let schemaBytes = try FileByteStream.contents(of: schemaFile)
        let archive = try SectionedZipWriter(path: path)
        try archive.addEntry(name: CMTPackage.schemaMember) { sink in try schemaBytes.withUnsafeBytes { try sink.write($0) } }
        try data(archive)
        try archive.addEntry(name: CMTPackage.contentTypesMember, bytes: CMTContentTypes.bytes)
        try archive.finish()
    }

    private static func addSchema(_ schema: CMTSchema, to archive: SectionedZipWriter) throws {
        try archive.addEntry(name: CMTPackage.schemaMember) { sink in
            let writer = BufferedByteWriter(sink: sink)
            try CMTSchemaWriter.write(
                schema, to: writer, location: SourceLocation(file: archive.path, entry: CMTPackage.schemaMember))
            try writer.flush()
        }
    }
}
