import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O export masked: each delimited entity file's masked columns replaced, the rest byte for byte as the
/// package writer writes a table (each file in its encoding; one read in a code page as UTF-8 with a BOM).
enum MaskFOSide {
    static func mask(
        _ path: String, to output: String?, policy: MaskPolicy, replacer: MaskReplacer, catalog: SchemaCatalog,
        fileEncoding: FOFileEncoding,
        report: inout MaskReport
    ) throws {
        let located = try PackageDetector.locate(openPackageSource(path: path))
        guard located.kind == .fo else { throw AirlockError(.usage, "--fo takes an F&O data package", at: SourceLocation(file: path)) }
        let reader = try FOPackageReader(source: located.source, fileEncoding: fileEncoding)
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            guard case .delimited = data.summary.format else {
                throw AirlockError(
                    .unsupported,
                    "mask writes delimited entity files; \(line.entityName) is \(data.summary.format.name): export the data project as CSV",
                    at: SourceLocation(file: path, entry: data.summary.member, entity: line.entityName))
            }
            let table = data.table
            let schema = catalog.foEntity(named: line.entityName)
            let masking = MaskTable(
                side: "fo", entity: catalog.foLabel(of: line.entityName), replacer: replacer,
                method: { policy.method(side: "fo", entity: line.entityName, column: $0, catalog: catalog) },
                maxLength: { schema?.field(named: $0)?.maxLength },
                isText: { name in
                    guard case .string? = schema?.field(named: name)?.type else { return false }
                    return !MaskPolicy.isKey(side: "fo", entity: line.entityName, column: name, catalog: catalog)
                })
            let masked = try masking.mask(table, report: &report)
            report.records["fo", default: 0] += table.rowCount
            let encoding = data.summary.codePage == nil ? data.summary.encoding ?? .utf8BOM : .utf8BOM
            files.append(FOEntityFile(entity: line, table: masked, encoding: encoding))
        }
        guard let output else { return }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
    }
}
