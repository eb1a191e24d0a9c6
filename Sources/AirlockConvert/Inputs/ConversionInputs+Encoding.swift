import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockValidate

extension ConversionInputs {
    /// What the run says of the F&O files it reads whose encoding does not fit their manifest line's `SourceFormat`
    /// (`FOSourceFormatEncoding`, validate's `fo.file.encoding`): convert reads such a file as its bytes and
    /// `--fo-encoding` say, but F&O would not import it as it is. Empty for a shard's part, whose export the
    /// partition step read.
    /// - Throws: the reader's errors (the files were read once already, so none is expected).
    func foEncodingWarnings(templates: TemplateSet, catalog: SchemaCatalog) throws -> [String] {
        guard let foReader else { return [] }
        var warnings: [String] = []
        for line in Self.usedEntities(foReader, templates: templates, catalog: catalog) {
            let probe = try FOColumnProbe.probe(foReader, line, wholeFile: false)
            guard let format = probe.format else { continue }
            let codePage = probe.encoding == .utf8 ? foReader.fileEncoding.codePage : nil
            guard
                let mismatch = FOSourceFormatEncoding.mismatch(
                    format: format, encoding: probe.encoding, codePage: codePage, sourceFormat: line.sourceFormat)
            else { continue }
            let file = foReader.dataMember(for: line)?.name ?? line.entityName
            warnings.append(
                "\(file): \(mismatch): convert reads it as the file is, but F&O would not import this file as it is (validate reports fo.file.encoding)"
            )
        }
        return warnings
    }
}
