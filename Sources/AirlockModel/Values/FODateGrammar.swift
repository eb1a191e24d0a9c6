/// How F&O dates and date-times are read, by `validate` and `convert` alike: ISO 8601 in any data project
/// (`2026-03-11`, `2026-03-11T13:45:00`, with a space for the `T`, fractions of a second and `Z`), and otherwise
/// the project locale's form: en-US `3/11/2026 1:45:00 PM`, en-GB `11/03/2026 13:45:00`, de-DE
/// `11.03.2026 13:45:00`, each with or without seconds (spreadsheet re-saves drop them). F&O holds dates from
/// 1900 to 9999.
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
        return (0..<4).allSatisfy { isDigit(text[$0]) } && text[4] == UInt8(ascii: "-")
    }

    /// Reads `bytes` as ISO 8601 when they are written so, else in `locale`'s form.
    public static func read(_ bytes: UnsafeRawBufferPointer, locale: FOLocale) -> Reading {
        let text = ASCII.trimmed(bytes)
        var cursor = Cursor(bytes: text)
        if isISO(text) {
            guard let year = cursor.number(digits: 4...4), cursor.take(UInt8(ascii: "-")), let month = cursor.number(digits: 1...2),
                cursor.take(UInt8(ascii: "-")), let day = cursor.number(digits: 1...2)
            else { return .problem("expected yyyy-MM-dd") }
            var date = FODateTime(year: year, month: month, day: day)
            if let problem = dateProblem(date) { return .problem(problem) }
            if cursor.atEnd { return .date(date) }
            guard cursor.take(UInt8(ascii: "T")) || cursor.take(UInt8(ascii: " ")) else {
                return .problem("unexpected text after the date")
            }
            if let problem = readTime(&cursor, into: &date, allowMeridiem: false) { return .problem(problem) }
            return .date(date)
        }
        let separator = locale.dateSeparator
        guard let first = cursor.number(digits: 1...2), cursor.take(separator), let second = cursor.number(digits: 1...2),
            cursor.take(separator), let year = cursor.number(digits: 4...4)
        else { return .problem("not a \(locale.rawValue) date (\(locale.datePattern)) nor ISO 8601 (yyyy-MM-dd)") }
        var date = FODateTime(year: year, month: locale.isDayFirst ? second : first, day: locale.isDayFirst ? first : second)
        if let problem = dateProblem(date) { return .problem("\(problem) (read as \(locale.rawValue), \(locale.datePattern))") }
        if cursor.atEnd { return .date(date) }
        guard cursor.take(UInt8(ascii: " ")) else { return .problem("unexpected text after the date") }
        if let problem = readTime(&cursor, into: &date, allowMeridiem: locale.allowsMeridiem) { return .problem(problem) }
        return .date(date)
    }

    /// Reads `text` as `read(_:locale:)` does.
    public static func read(_ text: String, locale: FOLocale) -> Reading {
        var text = text
        return text.withUTF8 { read(UnsafeRawBufferPointer($0), locale: locale) }
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

    private static func readTime(_ cursor: inout Cursor, into date: inout FODateTime, allowMeridiem: Bool) -> String? {
        guard let hour = cursor.number(digits: 1...2), cursor.take(UInt8(ascii: ":")), let minute = cursor.number(digits: 2...2) else {
            return "expected a time as H:mm or H:mm:ss"
        }
        var second = 0
        if cursor.take(UInt8(ascii: ":")) {
            guard let value = cursor.number(digits: 2...2) else { return "expected seconds as ss" }
            second = value
            if cursor.take(UInt8(ascii: ".")) {
                guard cursor.number(digits: 1...7) != nil else { return "expected fractions of a second" }
            }
        }
        var meridiem: UInt8?
        if allowMeridiem, cursor.take(UInt8(ascii: " ")) {
            if cursor.takeWord("AM") || cursor.takeWord("am") {
                meridiem = UInt8(ascii: "A")
            } else if cursor.takeWord("PM") || cursor.takeWord("pm") {
                meridiem = UInt8(ascii: "P")
            } else {
                return "expected AM or PM"
            }
        }
        _ = cursor.take(UInt8(ascii: "Z"))
        guard cursor.atEnd else {
            if !allowMeridiem, cursor.take(UInt8(ascii: " ")),
                cursor.takeWord("AM") || cursor.takeWord("am") || cursor.takeWord("PM") || cursor.takeWord("pm"), cursor.atEnd
            {
                return
                    "unexpected text after the time: AM or PM, which only en-US dates carry (give --fo-locale en-US if the export is en-US)"
            }
            return "unexpected text after the time"
        }
        guard meridiem != nil ? (1...12).contains(hour) : (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return "the time is out of range" }
        date.hour = hour
        if meridiem == UInt8(ascii: "A"), hour == 12 { date.hour = 0 }
        if meridiem == UInt8(ascii: "P"), hour < 12 { date.hour = hour + 12 }
        date.minute = minute
        date.second = second
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func takeWord(_ word: StaticString) -> Bool {
            let utf8 = UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
            guard index + utf8.count <= bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else { return false }
            index += utf8.count
            return true
        }

        mutating func number(digits range: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while index < bytes.count, count < range.upperBound, isDigit(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return range.contains(count) ? value : nil
        }
    }
}
