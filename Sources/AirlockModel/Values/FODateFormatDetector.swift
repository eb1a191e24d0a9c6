/// Learns which locale a column's dates are written in from the values themselves, one at a time (so `validate`
/// can stream): a value that reads in only some of the locales still possible settles the column to those
/// (`25/03/2026` is en-GB, not en-US); ISO values read the same in every locale and settle nothing. A column
/// whose values leave en-US and en-GB both possible while some of them read differently under the two
/// (`3/11/2026`) is ambiguous: the user says which with `--fo-locale`.
public struct FODateFormatDetector: Sendable {
    /// The locales the values seen so far allow, in preference order (en-US first: F&O's default).
    public private(set) var candidates: [FOLocale]
    /// A value that read as different dates in two of the candidates, while they were possible.
    public private(set) var ambiguousExample: String?
    /// Whether the locale was given (`--fo-locale`, a template), not learnt.
    public let isPinned: Bool

    /// A detector that learns the locale, or that holds to `pinned` when it is given.
    public init(pinned: FOLocale? = nil) {
        candidates = pinned.map { [$0] } ?? FOLocale.allCases
        isPinned = pinned != nil
    }

    /// The column's locale once the values settle it (or when pinned); nil while several are possible.
    public var locale: FOLocale? { candidates.count == 1 ? candidates[0] : nil }

    /// Whether the values leave several locales possible and read differently under them.
    public var isAmbiguous: Bool { candidates.count > 1 && ambiguousExample != nil }

    /// Reads one value: ISO as ISO, anything else in the candidates that can read it (narrowing them to those),
    /// giving the reading of the first. A value none of them reads is a problem naming the forms tried, and
    /// leaves the candidates as they were.
    public mutating func read(_ bytes: UnsafeRawBufferPointer) -> FODateGrammar.Reading {
        if FODateGrammar.isISO(bytes) || candidates.count == 1 {
            return FODateGrammar.read(bytes, locale: candidates[0])
        }
        var readings: [(FOLocale, FODateTime)] = []
        var firstProblem: String?
        for candidate in candidates {
            switch FODateGrammar.read(bytes, locale: candidate) {
            case .date(let date): readings.append((candidate, date))
            case .problem(let problem): firstProblem = firstProblem ?? problem
            }
        }
        guard let first = readings.first else {
            let tried = candidates.map { "\($0.rawValue) \($0.datePattern)" }.joined(separator: ", ")
            return .problem("not a date in any form tried (ISO 8601 yyyy-MM-dd, \(tried)); \(firstProblem ?? "")")
        }
        if readings.count < candidates.count { candidates = readings.map(\.0) }
        if readings.count > 1, ambiguousExample == nil, readings.contains(where: { $0.1 != first.1 }) {
            ambiguousExample = String(decoding: ASCII.trimmed(bytes), as: UTF8.self)
        }
        return .date(first.1)
    }

    /// Reads `text` as `read(_:)` does.
    public mutating func read(_ text: String) -> FODateGrammar.Reading {
        var text = text
        return text.withUTF8 { read(UnsafeRawBufferPointer($0)) }
    }
}
