/// The locale an F&O data project writes its text files in: how dates and decimals look. F&O writes dates in
/// the project's locale (en-US by default) or as ISO 8601, and decimals with the locale's separator.
public enum FOLocale: String, Sendable, Hashable, CaseIterable {
    /// `M/d/yyyy h:mm:ss AM`, decimal point.
    case enUS = "en-US"
    /// `dd/MM/yyyy HH:mm:ss`, decimal point.
    case enGB = "en-GB"
    /// `dd.MM.yyyy HH:mm:ss`, decimal comma.
    case deDE = "de-DE"

    /// Whether dates put the day before the month.
    public var isDayFirst: Bool { self != .enUS }

    /// The separator between day, month and year.
    public var dateSeparator: UInt8 { self == .deDE ? UInt8(ascii: ".") : UInt8(ascii: "/") }

    /// The decimal separator.
    public var decimalSeparator: UInt8 { self == .deDE ? UInt8(ascii: ",") : UInt8(ascii: ".") }

    /// Whether times may carry AM or PM.
    public var allowsMeridiem: Bool { self == .enUS }

    /// The locale's date form, for messages (`M/d/yyyy`).
    public var datePattern: String {
        switch self {
        case .enUS: "M/d/yyyy"
        case .enGB: "dd/MM/yyyy"
        case .deDE: "dd.MM.yyyy"
        }
    }

    /// The locale named `name` (case-insensitive: `en-us`, `EN-GB`, `de-de`); nil for another name.
    public init?(name: String) {
        guard let locale = Self.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = locale
    }
}
