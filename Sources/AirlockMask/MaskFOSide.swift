import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O export masked, entity file by entity file and record by record (`MaskFOFileWriter`): the masked columns
/// replaced, the rest as they were; the manifest and the package header as read.
enum MaskFOSide {
    static func mask(
        _ path: String, to output: String?, policy: MaskPolicy, replacer: MaskReplacer, catalog: SchemaCatalog,
        fileEncoding: FOFileEncoding,
        report: inout MaskReport
    ) throws {
        let reader = try FOPackageReader(source: PackageDetector.locateExport(path, as: .fo), fileEncoding: fileEncoding)
        let entities = reader.manifest.entities
        // Every file delimited, before anything is written.
        for line in entities {
            guard let member = reader.dataMember(for: line) else { continue }  // the scan names the missing file
            let format = FODataFormat.declared(sourceFormat: line.sourceFormat, fileName: member.name)
            guard case .delimited = format else {
                throw AirlockError(
                    .unsupported,
                    "mask writes delimited entity files; \(line.entityName) is \(format.name): export the data project as CSV",
                    at: SourceLocation(file: path, entry: member.name, entity: line.entityName))
            }
        }
        func mask(_ line: FOManifestEntity, into sink: ByteSink?) throws {
            let schema = catalog.foEntity(named: line.entityName)
            let table = MaskTable(
                side: "fo", entity: catalog.foLabel(of: line.entityName), replacer: replacer,
                method: { policy.method(side: "fo", entity: line.entityName, column: $0, catalog: catalog) },
                maxLength: { schema?.field(named: $0)?.maxLength },
                isText: { name in
                    guard case .string? = schema?.field(named: name)?.type else { return false }
                    return !MaskPolicy.isKey(side: "fo", entity: line.entityName, column: name, catalog: catalog)
                })
            let map = FOColumnMap(line.entityMap ?? [])
            var writer = MaskFOFileWriter(
                table: table, entityField: { map.entityField(for: $0) ?? $0 },
                output: sink.map { MaskCSVRecordWriter(sink: $0, readInCodePage: fileEncoding.codePage != nil) })
            _ = try reader.scan(line, into: &writer)
            try writer.finish()
            report.entities.append(MaskReport.Entity(side: "fo", entity: writer.table.entity, records: writer.records))
            writer.table.finish(into: &report)
            report.records["fo", default: 0] += writer.records
        }
        guard let output else {
            for line in entities { try mask(line, into: nil) }
            return
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, entities: entities, to: output) { index, sink in
            try mask(entities[index], into: sink)
        }
    }
}
