import AirlockIO
import AirlockModel

/// Writes an F&O data management package: every entity's CSV file, `Manifest.xml` and `PackageHeader.xml`,
/// at the zip root, deflated, with fixed timestamps; the zip appears at `path` only once complete.
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
    /// - Throws: `AirlockError` when a line has no `InputFilePath`, a file cannot be written, or what `content`
    ///   throws; nothing is left at `path` then.
    public static func write(
        header: FOPackageHeader, manifest: FOManifest, entities: [FOManifestEntity], to path: String, layout: FOXMLLayout = .default,
        content: (Int, ByteSink) throws -> Void
    ) throws {
        try withoutActuallyEscaping(content) { content in
            try write(header: header, to: path, layout: layout) { add in
                for (index, entity) in entities.enumerated() {
                    try add(entity) { sink in try content(index, sink) }
                }
                return manifest
            }
        }
    }

    /// Writes a package whose entity files are not all known when it starts: `entities` calls `add` once per
    /// entity file, in manifest order, with its manifest line and a body that streams the file into the zip entry
    /// its `InputFilePath` names; then it returns the manifest, written after them.
    /// - Throws: `AirlockError` when a line has no `InputFilePath`, a file cannot be written, or what `entities`
    ///   throws; nothing is left at `path` then.
    public static func write(
        header: FOPackageHeader, to path: String, layout: FOXMLLayout = .default,
        entities: (_ add: (FOManifestEntity, (ByteSink) throws -> Void) throws -> Void) throws -> FOManifest
    ) throws {
        let zip = try ZipArchiveWriter(path: path)
        let manifest = try entities { entity, content in
            guard let member = entity.inputFilePath, !member.isEmpty else {
                throw AirlockError(
                    .usage, "the manifest line for \(entity.entityName) has no InputFilePath", at: SourceLocation(file: path))
            }
            try zip.addEntry(name: member, content)
        }
        try zip.addEntry(name: "Manifest.xml", bytes: FOManifestWriter.manifestBytes(manifest, layout: layout))
        try zip.addEntry(name: "PackageHeader.xml", bytes: FOManifestWriter.headerBytes(header, layout: layout))
        try zip.finish()
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
