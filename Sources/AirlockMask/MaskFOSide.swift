import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O export masked, entity file by entity file and record by record (`MaskFOFileWriter`): the masked columns
/// replaced, the rest as they were, each file in its own format (delimited, XML-Element, XML-Attribute, Excel) under
/// its own name; the manifest and the package header as read.
enum MaskFOSide {
    static func mask(
        _ path: String, to output: String?, policy: MaskPolicy, replacer: MaskReplacer, phrases: MaskPhrases, catalog: SchemaCatalog,
        fileEncoding: FOFileEncoding,
        report: inout MaskReport
    ) throws {
        let reader = try FOPackageReader(source: PackageDetector.locateExport(path, as: .fo), fileEncoding: fileEncoding)
        let entities = reader.manifest.entities
        // `line`'s file scanned into a writer that masks it and writes it through `output` (nil: counted only).
        func scan(_ line: FOManifestEntity, into output: (any MaskRecordWriter)?) throws -> MaskFOFileWriter {
            let schema = catalog.foEntity(named: line.entityName)
            let table = MaskTable(
                side: "fo", entity: catalog.foLabel(of: line.entityName), replacer: replacer,
                method: { policy.method(side: "fo", entity: line.entityName, column: $0, catalog: catalog) },
                maxLength: { schema?.field(named: $0)?.maxLength },
                isText: { name in
                    // A field the catalog does not know (a custom or composite field) is read as text too.
                    if let type = schema?.field(named: name)?.type, case .string = type {
                    } else if schema?.field(named: name) != nil {
                        return false
                    }
                    return !policy.isKey(side: "fo", entity: line.entityName, column: name, catalog: catalog)
                },
                isKept: { policy.keeps(side: "fo", entity: line.entityName, column: $0, catalog: catalog) },
                isKnown: { schema?.field(named: $0) != nil }, phrases: phrases)
            let map = FOColumnMap(line.entityMap ?? [])
            var writer = MaskFOFileWriter(table: table, entityField: { map.entityField(for: $0) ?? $0 }, output: output)
            _ = try reader.scan(line, into: &writer)
            try writer.finish()
            return writer
        }
        func done(_ writer: MaskFOFileWriter) {
            report.entities.append(MaskReport.Entity(side: "fo", entity: writer.table.entity, records: writer.records))
            writer.table.finish(into: &report)
            report.records["fo", default: 0] += writer.records
        }
        func mask(_ line: FOManifestEntity, into sink: ByteSink?) throws {
            // A missing file: the scan says so, whatever the format.
            let member = reader.dataMember(for: line)?.name ?? line.inputFilePath ?? line.entityName
            let location = SourceLocation(file: path, entry: member, entity: line.entityName)
            let format = FODataFormat.declared(sourceFormat: line.sourceFormat, fileName: member)
            switch format {
            case .delimited:
                done(
                    try scan(
                        line, into: sink.map { MaskCSVRecordWriter(sink: $0, readInCodePage: fileEncoding.codePage != nil) }))
            case .xmlElement, .xmlAttribute:
                done(
                    try scan(
                        line,
                        into: sink.map {
                            MaskXMLRecordWriter(sink: $0, location: location, attributesByDefault: format == .xmlAttribute)
                        }))
            case .excel:
                guard let sink else { return done(try scan(line, into: nil)) }
                try MaskWorkbookWriter.write(to: sink, location: location) { sheetSink in
                    let sheet = MaskExcelRecordWriter(sink: sheetSink, location: location)
                    done(try scan(line, into: sheet))
                    return (sheet.sheetName, sheet.styles)
                }
            }
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
