import AirlockModel

/// A date format of one side's files, as a template's `dateFormat: {from, to}` names it.
public enum DateFormat: String, Sendable, Hashable, CaseIterable {
    /// The F&O export's own: the data project's locale, given with `--fo-locale` or learnt from the column's
    /// values (`FODateFormatDetector`); ISO 8601 values read in any locale.
    case auto
    /// F&O data-management text of an en-US project: `M/d/yyyy` with an optional `h:mm:ss AM` time.
    case enUS = "en-US"
    /// An en-GB project: `dd/MM/yyyy` with an optional `HH:mm:ss` time.
    case enGB = "en-GB"
    /// A de-DE project: `dd.MM.yyyy` with an optional `HH:mm:ss` time.
    case deDE = "de-DE"
    /// ISO 8601 as Configuration Migration writes it: `yyyy-MM-ddTHH:mm:ss.fffffff`.
    case iso8601

    /// The F&O locale the format names; nil for `auto` and ISO.
    public var locale: FOLocale? {
        switch self {
        case .enUS: .enUS
        case .enGB: .enGB
        case .deDE: .deDE
        case .auto, .iso8601: nil
        }
    }
}
