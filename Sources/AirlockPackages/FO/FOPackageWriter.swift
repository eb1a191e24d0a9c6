import AirlockIO
import AirlockModel
import Foundation

/// Writes an F&O data management package: every entity's CSV file, `Manifest.xml` and `PackageHeader.xml`,
/// at the zip root, deflated, with fixed timestamps; the zip appears at `path` only once complete. Or, as
/// `PackageForm.plainMembers`, the same members as plain files of a folder.
///
/// Entry order: the entity files in manifest order, then `Manifest.xml`, then `PackageHeader.xml`.
public enum FOPackageWriter {
    /// Writes the package to `path`.
    /// - Throws: `AirlockError` when a file cannot be written; nothing is left at `path` then.
    public static func write(
        header: FOPackageHeader, manifest: FOManifest, files: [FOEntityFile], to path: String, layout: FOXMLLayout = .default
    ) throws {
        try write(header: header, manifest: manifest, entities: files.map(\.entity), to: path, layout: layout) { index, sink in
            try writeCSV(files[index], to: sink)
        }
    }

    /// Writes a package whose entity files `content` streams: it is called once per entry of `entities`, in
    /// order, with the entry's index and the sink of the zip entry its `InputFilePath` names (so a file can be
    /// copied from disk or written as it is produced, never held whole).
    /// `form` `.plainMembers` writes the members as files of the folder `path`. Returns the entity files' names.
    /// - Throws: `AirlockError` when a line has no `InputFilePath`, a file cannot be written, or what `content`
    ///   throws; nothing is left at `path` then.
    @discardableResult
    public static func write(
        header: FOPackageHeader, manifest: FOManifest, entities: [FOManifestEntity], to path: String, layout: FOXMLLayout = .default,
        form: PackageForm = .zip, content: (Int, ByteSink) throws -> Void
    ) throws -> [String] {
        try withoutActuallyEscaping(content) { content in
            try write(header: header, to: path, layout: layout, form: form) { add in
                for (index, entity) in entities.enumerated() {
                    try add(entity) { sink in try content(index, sink) }
                }
                return manifest
            }
        }
    }

    /// Writes a package whose entity files are not all known when it starts: `entities` calls `add` once per
    /// entity file, in manifest order, with its manifest line and a body that streams the file into the zip entry
    /// its `InputFilePath` names; then it returns the manifest, written after them. Returns the entity files' names in
    /// the package, in the order written.
    ///
    /// A zip's entity files are deflated in sections (`SectionedZipWriter`), so that the same entries can be joined
    /// from sections deflated elsewhere; `.plainMembers` writes every member as a file of the folder `path` instead.
    /// - Throws: `AirlockError` when a line has no `InputFilePath` (or, for a folder, one that is not a plain file
    ///   name), a file cannot be written, or what `entities` throws; nothing is left at `path` then (for a folder,
    ///   what was written is left to its caller).
    @discardableResult
    public static func write(
        header: FOPackageHeader, to path: String, layout: FOXMLLayout = .default, form: PackageForm = .zip,
        entities: (_ add: (FOManifestEntity, (ByteSink) throws -> Void) throws -> Void) throws -> FOManifest
    ) throws -> [String] {
        let zip = form == .zip ? try SectionedZipWriter(path: path) : nil
        var members: [String] = []
        let manifest = try entities { entity, content in
            guard let member = entity.inputFilePath, !member.isEmpty else {
                throw AirlockError(
                    .usage, "the manifest line for \(entity.entityName) has no InputFilePath", at: SourceLocation(file: path))
            }
            guard !members.contains(member) else {
                throw AirlockError(
                    .unsafeEntry, "a second manifest line names this file (\(entity.entityName))",
                    at: SourceLocation(file: path, entry: member))
            }
            members.append(member)
            if let zip {
                try zip.addEntry(name: member, content)
            } else {
                try writePlain(member, into: path, content)
            }
        }
        let manifestBytes = FOManifestWriter.manifestBytes(manifest, layout: layout)
        let headerBytes = FOManifestWriter.headerBytes(header, layout: layout)
        if let zip {
            try zip.addEntry(name: manifestMember, bytes: manifestBytes)
            try zip.addEntry(name: headerMember, bytes: headerBytes)
            try zip.finish()
        } else {
            try writePlain(manifestMember, into: path) { sink in try manifestBytes.withUnsafeBytes { try sink.write($0) } }
            try writePlain(headerMember, into: path) { sink in try headerBytes.withUnsafeBytes { try sink.write($0) } }
        }
        return members
    }

    /// Writes a zip from a package written as plain members (`PackageForm.plainMembers`) into `folder`: its `entities`
    /// entity files in order, each added to the archive by `entity` given the archive and the file's index (joined
    /// from its sections deflated elsewhere, `SectionedZipWriter.addJoinedEntry`, or deflated from its file in
    /// sections), then `Manifest.xml` and `PackageHeader.xml` read from the folder: byte for byte the zip that
    /// `write(header:to:…)` writes for the same members.
    /// - Throws: `AirlockError` when a member cannot be read or the zip cannot be written; what `entity` throws.
    public static func write(
        plainFolder folder: String, entities: Int, to path: String, entity: (SectionedZipWriter, Int) throws -> Void
    ) throws {
        let manifestBytes = try FileByteStream.contents(of: folder + "/" + manifestMember)
        let headerBytes = try FileByteStream.contents(of: folder + "/" + headerMember)
        let zip = try SectionedZipWriter(path: path)
        for index in 0..<entities { try entity(zip, index) }
        try zip.addEntry(name: manifestMember, bytes: manifestBytes)
        try zip.addEntry(name: headerMember, bytes: headerBytes)
        try zip.finish()
    }

    /// Whether `folder` holds the members a package written plain has besides its entity files.
    public static func plainMembersComplete(in folder: String) -> Bool {
        [manifestMember, headerMember].allSatisfy { FileManager.default.fileExists(atPath: folder + "/" + $0) }
    }

    /// The package's manifest member.
    public static let manifestMember = "Manifest.xml"
    /// The package's header member.
    public static let headerMember = "PackageHeader.xml"

    /// Writes member `name` as a file of `folder`, its bytes streamed by `content`.
    private static func writePlain(_ name: String, into folder: String, _ content: (ByteSink) throws -> Void) throws {
        let location = SourceLocation(file: folder, entry: name)
        if let problem = ZipEntryName.problem(with: name) { throw AirlockError(.unsafeEntry, problem, at: location) }
        guard !name.contains("/") else { throw AirlockError(.unsafeEntry, "a member in a folder of the package", at: location) }
        let file = try FileByteSink(path: folder + "/" + name)
        let buffered = BufferedByteWriter(sink: file, capacity: 1 << 20)
        try content(BufferedSinkAdapter(buffered))
        try buffered.flush()
        try file.close()
    }

    /// Writes `file`'s table as CSV: a header row of `XMLField` names, then one record per row; null and empty
    /// values are both written as nothing between delimiters.
    /// - Throws: the sink's error.
    public static func writeCSV(_ file: FOEntityFile, to sink: ByteSink) throws {
        let output = try TextEncodingWriter(sink: sink, encoding: file.encoding)
        let csv = CSVWriter(output, dialect: file.dialect)
        var headerText: [String: String] = [:]
        for map in file.entity.entityMap ?? [] where headerText[map.entityField] == nil {
            headerText[map.entityField] = map.xmlField
        }
        let table = file.table
        try csv.writeRecord(table.columnNames.map { headerText[$0] ?? $0 })
        for row in 0..<table.rowCount {
            for column in table.columns.indices {
                try table.withValue(row: row, column: column) { bytes in
                    if let bytes { try csv.writeField(bytes) } else { try csv.writeField(UnsafeRawBufferPointer(start: nil, count: 0)) }
                }
            }
            try csv.endRecord()
        }
        try csv.flush()
    }
}
