/// Recognises the date and date-time forms F&O files carry: ISO (`2026-03-11`, `2026-03-11T13:45:00`, with
/// fractions and `Z`), and the en-US forms of the default source data format (`3/11/2026`, `3/11/2026 1:45:00 PM`,
/// `3/11/2026 13:45`, as in real exports re-saved by Excel). Anything else is reported: the locale of the target's
/// source data format decides, and a date F&O cannot parse fails the record (DMF2016).
enum FODateParser {
    /// Why `bytes` is not a date F&O would read, or nil.
    static func problem(_ bytes: UnsafeRawBufferPointer) -> String? {
        var cursor = Cursor(bytes: bytes)
        if let year = cursor.number(digits: 4...4), cursor.take(UInt8(ascii: "-")) {
            guard let month = cursor.number(digits: 1...2), cursor.take(UInt8(ascii: "-")), let day = cursor.number(digits: 1...2) else {
                return "expected yyyy-MM-dd"
            }
            if let problem = dateProblem(year: year, month: month, day: day) { return problem }
            if cursor.atEnd { return nil }
            guard cursor.take(UInt8(ascii: "T")) || cursor.take(UInt8(ascii: " ")) else { return "unexpected text after the date" }
            return timeProblem(&cursor, allowMeridiem: false)
        }
        cursor = Cursor(bytes: bytes)
        guard let month = cursor.number(digits: 1...2), cursor.take(UInt8(ascii: "/")), let day = cursor.number(digits: 1...2),
            cursor.take(UInt8(ascii: "/")), let year = cursor.number(digits: 4...4)
        else {
            return "not a date in a form F&O reads (yyyy-MM-dd, yyyy-MM-ddTHH:mm:ss or M/d/yyyy h:mm:ss AM)"
        }
        if let problem = dateProblem(year: year, month: month, day: day) { return problem + " (read as month/day/year)" }
        if cursor.atEnd { return nil }
        guard cursor.take(UInt8(ascii: " ")) else { return "unexpected text after the date" }
        return timeProblem(&cursor, allowMeridiem: true)
    }

    private static func dateProblem(year: Int, month: Int, day: Int) -> String? {
        guard (1...12).contains(month) else { return "month \(month) is not 1 to 12" }
        let days = [31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...days[month - 1]).contains(day) else { return "day \(day) does not exist in month \(month) of \(year)" }
        guard (1900...9999).contains(year) else { return "year \(year) is outside 1900 to 9999" }
        return nil
    }

    private static func timeProblem(_ cursor: inout Cursor, allowMeridiem: Bool) -> String? {
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
        var meridiem = false
        if allowMeridiem, cursor.take(UInt8(ascii: " ")) {
            guard cursor.takeWord("AM") || cursor.takeWord("PM") else { return "expected AM or PM" }
            meridiem = true
        }
        _ = cursor.take(UInt8(ascii: "Z"))
        guard cursor.atEnd else { return "unexpected text after the time" }
        guard meridiem ? (1...12).contains(hour) : (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return "the time is out of range"
        }
        return nil
    }

    private struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0

        var atEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func takeWord(_ word: String) -> Bool {
            let utf8 = Array(word.utf8)
            guard index + utf8.count <= bytes.count, bytes[index..<(index + utf8.count)].elementsEqual(utf8) else { return false }
            index += utf8.count
            return true
        }

        mutating func number(digits range: ClosedRange<Int>) -> Int? {
            var value = 0
            var count = 0
            while index < bytes.count, count < range.upperBound, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                count += 1
            }
            return range.contains(count) ? value : nil
        }
    }
}
