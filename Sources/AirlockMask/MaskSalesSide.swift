import AirlockIO
import AirlockModel
import AirlockPackages

/// The Sales export masked as it streams, a piece of a section at a time: each piece's masked fields replaced
/// (lookups never: the policy refuses them) and written at once; the schema, the record attributes, the lookups'
/// attributes and the many-to-many associations as they were.
enum MaskSalesSide {
    static func mask(
        _ path: String, to output: String?, policy: MaskPolicy, replacer: MaskReplacer, phrases: MaskPhrases, catalog: SchemaCatalog,
        pieceRecords: Int,
        report: inout MaskReport
    ) throws {
        let reader = try CMTPackageReader(source: PackageDetector.locateExport(path, as: .cmt))
        var sections = MaskSalesSections(policy: policy, replacer: replacer, phrases: phrases, catalog: catalog)
        guard let output else {
            _ = try reader.readChunks(chunkRecords: pieceRecords) { piece, isLast in _ = try sections.mask(piece, isLast: isLast) }
            sections.finish(into: &report)
            return
        }
        try CMTPackageWriter.write(schema: reader.schema, to: output) { sink in
            let writer = BufferedByteWriter(sink: sink)
            let location = SourceLocation(file: output, entry: CMTPackage.dataMember)
            let dataWriter = CMTDataWriter(schema: reader.schema)
            var open = false
            _ = try reader.readChunks(
                chunkRecords: pieceRecords,
                root: { root in
                    try dataWriter.writeStart(
                        timestamp: root.timestamp, otherAttributes: root.otherAttributes, to: writer, location: location)
                }
            ) { piece, isLast in
                let masked = try sections.mask(piece, isLast: isLast)
                // A section without records is one empty last piece.
                let hasRecords = open || masked.records.count > 0
                if !open { try dataWriter.writeEntityStart(masked, hasRecords: hasRecords, to: writer, location: location) }
                open = true
                try dataWriter.writeRecords(masked, rows: 0..<masked.records.count, to: writer, location: location)
                if isLast {
                    try dataWriter.writeEntityEnd(
                        masked.name, hasRecords: hasRecords, associations: masked.manyToMany, to: writer, location: location)
                    open = false
                }
            }
            try dataWriter.writeEnd(to: writer)
            try writer.flush()
        }
        sections.finish(into: &report)
    }
}
