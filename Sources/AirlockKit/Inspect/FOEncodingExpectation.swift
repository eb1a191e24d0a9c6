import AirlockIO
import AirlockPackages

/// Whether an entity file's encoding fits its manifest `SourceFormat` (F&O refuses a mismatch on import).
enum FOEncodingExpectation {
    static func warning(for summary: FOEntityFileSummary, sourceFormat: String?) -> String? {
        guard case .delimited(_, let unicode) = summary.format, let encoding = summary.encoding else { return nil }
        let isUTF16 = encoding == .utf16LE || encoding == .utf16BE
        if unicode && !isUTF16 {
            return
                "SourceFormat \(sourceFormat ?? "") expects UTF-16 LE text but the file is \(summary.codePage?.rawValue ?? encoding.rawValue) (F&O: \"Selected file is not Unicode\")"
        }
        if !unicode && isUTF16 {
            return
                "SourceFormat \(sourceFormat ?? "CSV") expects 8-bit text but the file is \(encoding.rawValue) (F&O: \"Selected file is Unicode\")"
        }
        return nil
    }
}
