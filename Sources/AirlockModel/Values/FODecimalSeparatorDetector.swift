/// Learns which decimal separator an F&O file's numbers are written with, from the numbers themselves, one value
/// at a time (so `validate` can stream), the same way for `validate` and `convert`. F&O writes a file in one
/// locale: en-US and en-GB with a decimal point, de-DE with a decimal comma, never with grouping.
///
/// - A number with one `.` (`12.50`) speaks for the point; one with one `,` (`12,50`) for the comma, except
///   `1,234`, which could be a grouped thousand as well (`ambiguousComma`: it speaks for neither).
/// - Grouped numbers speak for the locale whose grouping they show (`1,234.50` the point, `1.234,50` the comma);
///   the value itself is still spreadsheet damage.
/// - A date column that settles on de-DE (`dd.MM.yyyy`, read by no other locale) settles the file on the comma
///   while no number has spoken for the point (`settle(by:)`): the numbers speak for themselves first.
///
/// The file's separator is the one most of its first `window` numbers that speak use (the point on a tie);
/// a file whose numbers never speak takes the point, F&O's default. Deciding by the majority, not the first
/// value, keeps a few damaged values from turning an en-US file's every number around.
public struct FODecimalSeparatorDetector: Sendable {
    /// What one value says about the separator.
    public enum Evidence: Sendable, Equatable {
        /// Not a number with a separator: an integer, an empty value, text.
        case none
        case point
        case comma
        /// `1,234` and the like: a decimal comma or a grouped thousand.
        case ambiguousComma
    }

    /// How many numbers that speak decide the file.
    public static let window = 1000

    /// The file's separator once decided (or given), else nil.
    public private(set) var separator: UInt8?
    /// Whether the separator was given (`--fo-locale`), not learnt.
    public let isPinned: Bool
    private var points = 0
    private var commas = 0

    /// A detector that learns the separator, or that holds to `pinned`'s when it is given.
    public init(pinned: FOLocale? = nil) {
        separator = pinned?.decimalSeparator
        isPinned = pinned != nil
    }

    /// Whether the separator is known.
    public var isDecided: Bool { separator != nil }

    /// Reads one value of a numeric column and returns what it says; once the separator is decided, values are
    /// not read (`.none`).
    @discardableResult
    public mutating func read(_ bytes: UnsafeRawBufferPointer) -> Evidence {
        guard separator == nil else { return .none }
        let evidence = Self.evidence(bytes)
        switch evidence {
        case .point: points += 1
        case .comma: commas += 1
        case .none, .ambiguousComma: return evidence
        }
        if points + commas >= Self.window { decide() }
        return evidence
    }

    /// Settles the file on the comma when a date column has shown de-DE beyond doubt (its dotted dates) and no
    /// number has spoken for the point; other locales' dates say nothing about numbers (fr-FR writes en-GB's
    /// dates and a decimal comma).
    public mutating func settle(by dateLocale: FOLocale) {
        guard separator == nil, dateLocale == .deDE, points == 0 else { return }
        separator = dateLocale.decimalSeparator
    }

    /// Decides on what was read (at the end of the file): the majority, the point on a tie or when no number
    /// spoke.
    @discardableResult
    public mutating func decide() -> UInt8 {
        if let separator { return separator }
        let decided = commas > points ? UInt8(ascii: ",") : UInt8(ascii: ".")
        separator = decided
        return decided
    }

    /// What `bytes` (trimmed) say about the separator.
    public static func evidence(_ bytes: UnsafeRawBufferPointer) -> Evidence {
        let value = ASCII.trimmed(bytes)
        var index = value.first == UInt8(ascii: "-") ? 1 : 0
        var dots = 0
        var commas = 0
        var last: UInt8?
        var digitsAfterLast = 0
        var digitsBeforeFirst = 0
        var digits = 0
        while index < value.count {
            let byte = value[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if last == nil { digitsBeforeFirst += 1 } else { digitsAfterLast += 1 }
            case UInt8(ascii: "."), UInt8(ascii: ","):
                if byte == UInt8(ascii: ".") { dots += 1 } else { commas += 1 }
                last = byte
                digitsAfterLast = 0
            default:
                return .none
            }
            index += 1
        }
        guard digits > 0, let last else { return .none }
        if dots > 0 && commas > 0 { return last == UInt8(ascii: ",") ? .comma : .point }
        if dots > 1 { return .comma }
        if commas > 1 { return .point }
        if dots == 1 { return .point }
        return digitsAfterLast == 3 && (1...3).contains(digitsBeforeFirst) ? .ambiguousComma : .comma
    }
}
