import AirlockIO
import AirlockPackages

/// Whether an F&O entity file's encoding fits its manifest line's `SourceFormat`: a `-Unicode` format takes UTF-16
/// LE text, the others 8-bit text, and F&O's import refuses a file that does not fit ("Selected file is not
/// Unicode", "Selected file is Unicode"). The one check `validate` (an error, `fo.file.encoding`), `inspect` and
/// `convert` (warnings: they read the file as its bytes and `--fo-encoding` say) make.
public enum FOSourceFormatEncoding {
    /// What does not fit, or nil: the file of `format`, read as `encoding` (a single-byte `codePage` when
    /// `--fo-encoding` names one), against the manifest's `sourceFormat`.
    public static func mismatch(
        format: FODataFormat, encoding: TextEncoding?, codePage: SingleByteCodePage?, sourceFormat: String?
    ) -> String? {
        guard case .delimited(_, let unicode) = format, let encoding else { return nil }
        if unicode && !encoding.isUTF16 {
            return
                "SourceFormat \(sourceFormat ?? "") expects UTF-16 LE text but the file is \(codePage?.rawValue ?? encoding.rawValue); F&O says 'Selected file is not Unicode'"
        }
        if !unicode && encoding.isUTF16 {
            return
                "SourceFormat \(sourceFormat ?? "CSV") expects 8-bit text but the file is \(encoding.rawValue); F&O says 'Selected file is Unicode'"
        }
        return nil
    }

    /// The mismatch of a file `summary` describes.
    public static func mismatch(_ summary: FOEntityFileSummary, sourceFormat: String?) -> String? {
        mismatch(format: summary.format, encoding: summary.encoding, codePage: summary.codePage, sourceFormat: sourceFormat)
    }
}
