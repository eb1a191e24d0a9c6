import AirlockPackages
import AirlockValidate

extension ConversionInputs {
    /// What the run says of an F&O file whose encoding does not fit its manifest line's `SourceFormat`
    /// (`FOSourceFormatEncoding`, validate's `fo.file.encoding`), from the `summary` of its read: convert reads such a
    /// file as its bytes and `--fo-encoding` say, but F&O would not import it as it is. Nil when it fits.
    static func encodingWarning(_ summary: FOEntityFileSummary, line: FOManifestEntity) -> String? {
        guard let mismatch = FOSourceFormatEncoding.mismatch(summary, sourceFormat: line.sourceFormat) else { return nil }
        return
            "\(summary.member): \(mismatch): convert reads it as the file is, but F&O would not import this file as it is (validate reports fo.file.encoding)"
    }
}
