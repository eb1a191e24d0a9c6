/// How F&O dates and date-times are read, by `validate` and `convert` alike: ISO 8601 in any data project
/// (`2026-03-11`, `2026-03-11T13:45:00`, with a space for the `T`, fractions of a second and `Z`), and otherwise
/// the project locale's form: en-US `3/11/2026 1:45:00 PM`, en-GB `11/03/2026 13:45:00`, de-DE
/// `11.03.2026 13:45:00`, each with or without seconds (spreadsheet re-saves drop them). F&O holds dates from
/// 1900 to 9999. The forms are read by the culture-date grammar every reader shares (`CultureDateGrammar`).
public enum FODateGrammar {
    /// What one value reads as.
    public enum Reading: Sendable, Hashable {
        case date(FODateTime)
        /// Why the value is not a date in the form tried.
        case problem(String)
    }

    /// Whether `bytes` are written as ISO 8601 (four digits, then `-`): such a value reads the same in every locale.
    public static func isISO(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = ASCII.trimmed(bytes)
        guard text.count >= 5 else { return false }
        return (0..<4).allSatisfy { CultureDateGrammar.isDigit(text[$0]) } && text[4] == UInt8(ascii: "-")
    }

    /// Reads `bytes` as ISO 8601 when they are written so, else in `locale`'s form.
    public static func read(_ bytes: UnsafeRawBufferPointer, locale: FOLocale) -> Reading {
        let text = ASCII.trimmed(bytes)
        if isISO(text) {
            var index = 0
            guard let year = CultureDateGrammar.number(text, &index, digits: 4...4), take(UInt8(ascii: "-"), text, &index),
                let month = CultureDateGrammar.number(text, &index, digits: 1...2), take(UInt8(ascii: "-"), text, &index),
                let day = CultureDateGrammar.number(text, &index, digits: 1...2)
            else { return .problem("expected yyyy-MM-dd") }
            let date = FODateTime(year: year, month: month, day: day)
            if let problem = dateProblem(date) { return .problem(problem) }
            if index == text.count { return .date(date) }
            guard take(UInt8(ascii: "T"), text, &index) || take(UInt8(ascii: " "), text, &index) else {
                return .problem("unexpected text after the date")
            }
            let rest = CultureDateGrammar.scanTime(text, at: &index, form: form(nil))
            return reading(date, time: rest.time, problem: rest.problem)
        }
        let scan = CultureDateGrammar.scan(text, form: form(locale))
        guard let parts = scan.parts else {
            return .problem("not a \(locale.rawValue) date (\(locale.datePattern)) nor ISO 8601 (yyyy-MM-dd)")
        }
        let date = FODateTime(
            year: parts.year, month: locale.isDayFirst ? parts.second : parts.first, day: locale.isDayFirst ? parts.first : parts.second)
        if let problem = dateProblem(date) { return .problem("\(problem) (read as \(locale.rawValue), \(locale.datePattern))") }
        return reading(date, time: parts.time, problem: scan.problem)
    }

    /// Reads `text` as `read(_:locale:)` does.
    public static func read(_ text: String, locale: FOLocale) -> Reading {
        var text = text
        return text.withUTF8 { read(UnsafeRawBufferPointer($0), locale: locale) }
    }

    /// The form F&O writes in `locale` (nil: the time of an ISO value): one space before the time and before
    /// AM/PM (en-US only), seconds and their fraction optional, an optional `Z`.
    private static func form(_ locale: FOLocale?) -> CultureDateGrammar.Form {
        CultureDateGrammar.Form(
            separators: [locale?.dateSeparator ?? UInt8(ascii: "-")], spacing: .single,
            fraction: CultureDateGrammar.Fraction(separators: [UInt8(ascii: ".")], digits: 7, refusesMore: false),
            meridiem: locale?.allowsMeridiem == true ? .upperOrLower : .none, allowsZone: true)
    }

    /// `date` with `time` when it has one, or the problem reading stopped at, or the time's when it is out of range.
    private static func reading(_ date: FODateTime, time: CultureDateGrammar.Time?, problem: CultureDateGrammar.Problem?) -> Reading {
        if let problem {
            switch problem {
            case .date, .textAfterDate: return .problem("unexpected text after the date")
            case .time: return .problem("expected a time as H:mm or H:mm:ss")
            case .seconds: return .problem("expected seconds as ss")
            case .fraction, .fractionTooLong: return .problem("expected fractions of a second")
            case .meridiem: return .problem("expected AM or PM")
            case .textAfterTime(let meridiem):
                return .problem(
                    meridiem
                        ? "unexpected text after the time: AM or PM, which only en-US dates carry (give --fo-locale en-US if the export is en-US)"
                        : "unexpected text after the time")
            }
        }
        guard let time else { return .date(date) }
        guard time.isPM != nil ? (1...12).contains(time.hour) : (0...23).contains(time.hour), (0...59).contains(time.minute),
            (0...59).contains(time.second)
        else { return .problem("the time is out of range") }
        var date = date
        date.hour = time.hourOfDay
        date.minute = time.minute
        date.second = time.second
        return .date(date)
    }

    private static func dateProblem(_ date: FODateTime) -> String? {
        guard (1...12).contains(date.month) else { return "month \(date.month) is not 1 to 12" }
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...days[date.month - 1]).contains(date.day) else {
            return "day \(date.day) does not exist in month \(date.month) of \(date.year)"
        }
        guard (1900...9999).contains(date.year) else { return "year \(date.year) is outside 1900 to 9999" }
        return nil
    }

    private static func take(_ byte: UInt8, _ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }
}
