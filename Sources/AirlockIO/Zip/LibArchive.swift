internal import CArchive

/// Process-wide libarchive set-up shared by the zip reader and writer.
enum LibArchive {
    /// libarchive converts entry names through the C locale; a Swift program starts in "C", where a
    /// non-ASCII name reads as NULL. Switch LC_CTYPE to UTF-8 once, before the first archive is opened.
    static let localeConfigured: Bool = {
        carchive_use_utf8_locale()
        return true
    }()

    /// The archive's last error text.
    static func errorText(_ archive: OpaquePointer?) -> String {
        guard let archive, let text = archive_error_string(archive) else { return "unknown libarchive error" }
        return String(cString: text)
    }
}
