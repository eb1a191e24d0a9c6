import AirlockModel
import AirlockReconcile

/// Compares one F&O date column of an export with the dates sent, learning the column's locale from its values as
/// they stream (`FODateFormatDetector`), as `convert` reads dates.
///
/// While the values leave several locales possible, a value that compares differently under them (`3/11/2026`
/// sent as 11 March) is not decided: the caller keeps it and decides it with `resolve` once the whole column has
/// been read, under the locale the column settled on (en-US, F&O's default, when it never settled).
struct FODateComparer {
    /// What comparing one value gave.
    enum Outcome {
        case equal
        case different
        /// Depends on the column's locale, which is not settled yet.
        case undecided
    }

    private(set) var detector: FODateFormatDetector

    /// A comparer that learns the locale, or that reads every value in `pinned`.
    init(pinned: FOLocale?) {
        detector = FODateFormatDetector(pinned: pinned)
    }

    /// Compares `found` (the export's value) with `sent` (the package's, ISO 8601 or en-US as Airlock writes it).
    mutating func compare(sent: UnsafeRawBufferPointer, found: UnsafeRawBufferPointer) -> Outcome {
        guard case .date(let sentDate) = FODateGrammar.read(sent, locale: .enUS) else {
            return ValueComparison.trimmed.equivalent(sent, found) ? .equal : .different
        }
        let reading = detector.read(found)
        if FODateGrammar.isISO(found) || detector.candidates.count == 1 {
            return reading == .date(sentDate) ? .equal : .different
        }
        let results = detector.candidates.map { FODateGrammar.read(found, locale: $0) == .date(sentDate) }
        if results.allSatisfy({ $0 }) { return .equal }
        if !results.contains(true) { return .different }
        return .undecided
    }

    /// The locale undecided values are read in once the column has been read: the one it settled on, else en-US.
    var finalLocale: FOLocale { detector.locale ?? .enUS }

    /// Whether `found` equals `sent` under `finalLocale` (for a value `compare` left undecided).
    func resolve(sent: String, found: String) -> Bool {
        guard case .date(let sentDate) = FODateGrammar.read(sent, locale: .enUS) else { return false }
        return FODateGrammar.read(found, locale: finalLocale) == .date(sentDate)
    }
}
