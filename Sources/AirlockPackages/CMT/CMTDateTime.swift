import AirlockModel

/// A CMT date and time: calendar fields, 100-nanosecond ticks and the zone marker, as .NET's `DateTime` holds them.
///
/// Canonical text is .NET's round-trip `o` format with seven fractional digits: `2024-05-01T10:30:00.0000000Z`
/// (UTC), `2024-05-01T00:00:00.0000000` (unspecified: date-only and time-zone-independent fields) or
/// `…+02:00` (an offset, as .NET writes a local time).
///
/// Accepted input (see `init(parsing:)`):
/// - ISO 8601: `yyyy-MM-dd`, optionally `T` (or a space) `HH:mm`, `:ss`, `.f` with 1 to 7 digits, then `Z`,
///   `±HH:mm`, `±HHmm` or nothing.
/// - Older CMT builds' culture-formatted text, read as unspecified time:
///   `M/d/yyyy h:mm:ss AM` (with AM/PM: month first, en-US), `dd/MM/yyyy HH:mm:ss` (no AM/PM: day first, as
///   en-GB and most other cultures write it; month first only when the day-first reading is impossible),
///   `dd.MM.yyyy HH:mm:ss` (dots: day first). Seconds and the whole time part are optional.
public struct CMTDateTime: Sendable, Hashable, CustomStringConvertible {
    /// How the text marks the time zone.
    public enum Zone: Sendable, Hashable {
        /// `Z`: UTC (user-local fields, the export timestamp).
        case utc
        /// No marker: date-only or time-zone-independent fields, and culture-formatted text.
        case unspecified
        /// `±HH:mm`.
        case offset(minutes: Int)
    }

    /// 1 to 9999.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to the last day of the month.
    public var day: Int
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 59.
    public var second: Int
    /// Fraction of the second in 100-nanosecond ticks, 0 to 9 999 999.
    public var ticks: Int
    /// The zone marker the text carries (or would carry).
    public var zone: Zone

    /// A date and time from its parts.
    /// - Throws: `AirlockError(.invalidValue)` when a part is out of range (e.g. 30 February).
    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, ticks: Int = 0, zone: Zone = .unspecified)
        throws
    {
        self.init(unchecked: year, month, day, hour, minute, second, ticks, zone)
        if let problem = validationProblem() { throw AirlockError(.invalidValue, problem) }
    }

    /// Parses ISO 8601 or culture-formatted text (the forms listed on the type).
    /// - Throws: `AirlockError(.invalidValue)` naming the text when no form fits.
    public init(parsing text: String) throws {
        var text = text
        do {
            self = try text.withUTF8 { try Self.parse(UnsafeRawBufferPointer($0)) }
        } catch let problem as CMTValueProblem {
            throw AirlockError(.invalidValue, "'\(text)' is not a date and time: \(problem.reason)")
        }
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ ticks: Int, _ zone: Zone) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.ticks = ticks
        self.zone = zone
    }

    /// The canonical round-trip text (seven fractional digits).
    public var isoText: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(33)
        writeISO(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public var description: String { isoText }

    /// Appends the canonical text to `output`, without going through `String`.
    func writeISO(into output: inout [UInt8]) {
        func put(_ value: Int, _ width: Int) {
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            var rest = value
            while divisor > 0 {
                output.append(UInt8(48 + rest / divisor))
                rest %= divisor
                divisor /= 10
            }
        }
        put(year, 4)
        output.append(0x2D)
        put(month, 2)
        output.append(0x2D)
        put(day, 2)
        output.append(0x54)
        put(hour, 2)
        output.append(0x3A)
        put(minute, 2)
        output.append(0x3A)
        put(second, 2)
        output.append(0x2E)
        put(ticks, 7)
        switch zone {
        case .utc: output.append(0x5A)
        case .unspecified: break
        case .offset(let minutes):
            output.append(minutes < 0 ? 0x2D : 0x2B)
            put(abs(minutes) / 60, 2)
            output.append(0x3A)
            put(abs(minutes) % 60, 2)
        }
    }

    private func validationProblem() -> String? {
        guard (1...9999).contains(year) else { return "year \(year) is outside 1-9999" }
        guard (1...12).contains(month) else { return "month \(month) is outside 1-12" }
        let last = Self.daysIn(month: month, year: year)
        guard (1...last).contains(day) else { return "day \(day) is outside 1-\(last) for month \(month) of \(year)" }
        guard (0...23).contains(hour) else { return "hour \(hour) is outside 0-23" }
        guard (0...59).contains(minute) else { return "minute \(minute) is outside 0-59" }
        guard (0...59).contains(second) else { return "second \(second) is outside 0-59" }
        guard (0..<10_000_000).contains(ticks) else { return "the fraction of a second is out of range" }
        if case .offset(let minutes) = zone, abs(minutes) > 14 * 60 {
            return "the offset is more than 14 hours"
        }
        return nil
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // MARK: parsing

    /// Parses the bytes of a value (surrounding spaces allowed).
    static func parse(_ input: UnsafeRawBufferPointer) throws -> CMTDateTime {
        var cursor = CMTByteCursor(input)
        cursor.skipSpaces()
        let start = cursor.index
        guard let first = cursor.digits(max: 4) else {
            throw CMTValueProblem("expected ISO 8601 (2024-05-01T10:30:00.0000000Z) or a culture-formatted date (5/1/2024 10:30:00 AM)")
        }
        let value: CMTDateTime
        if first.count == 4 {
            value = try parseYearFirst(year: first.value, &cursor)
        } else {
            cursor.index = start
            value = try parseCulture(&cursor)
        }
        cursor.skipSpaces()
        guard cursor.atEnd else { throw CMTValueProblem("unexpected text after the date and time") }
        if let problem = value.validationProblem() { throw CMTValueProblem(problem) }
        return value
    }

    private static func parseYearFirst(year: Int, _ cursor: inout CMTByteCursor) throws -> CMTDateTime {
        guard let separator = cursor.peek(), separator == 0x2D || separator == 0x2F else {
            throw CMTValueProblem("expected '-' after the year")
        }
        cursor.index += 1
        guard let month = cursor.digits(max: 2), cursor.take(separator), let day = cursor.digits(max: 2) else {
            throw CMTValueProblem("expected yyyy-MM-dd")
        }
        var result = CMTDateTime(unchecked: year, month.value, day.value, 0, 0, 0, 0, .unspecified)
        guard let next = cursor.peek(), next == 0x54 || next == 0x74 || next == 0x20 else { return result }
        cursor.index += 1
        try parseTime(&result, &cursor)
        switch cursor.peek() {
        case 0x5A, 0x7A:
            cursor.index += 1
            result.zone = .utc
        case 0x2B, 0x2D:
            let negative = cursor.peek() == 0x2D
            cursor.index += 1
            guard let hours = cursor.digits(max: 2), hours.count == 2 else { throw CMTValueProblem("expected an offset as ±HH:mm") }
            _ = cursor.take(0x3A)
            let minutes = cursor.digits(max: 2)
            guard minutes == nil || minutes?.count == 2 else { throw CMTValueProblem("expected an offset as ±HH:mm") }
            let total = hours.value * 60 + (minutes?.value ?? 0)
            guard (minutes?.value ?? 0) < 60 else { throw CMTValueProblem("the offset's minutes are out of range") }
            result.zone = .offset(minutes: negative ? -total : total)
        default:
            break
        }
        return result
    }

    /// Older CMT builds' culture-formatted text: any separator of `/`, `.`, `-`; spaces before the time, before
    /// AM/PM (any case) and after; no fraction of a second, no zone.
    private static let cultureForm = CultureDateGrammar.Form(
        separators: [0x2F, 0x2E, 0x2D], spacing: .lenient, fraction: nil, meridiem: .anyCase, allowsZone: false)

    /// An ISO time's fraction of a second: after `.` or `,`, up to seven digits (ticks).
    private static let isoFraction = CultureDateGrammar.Fraction(separators: [0x2E, 0x2C], digits: 7, refusesMore: true)

    private static func parseCulture(_ cursor: inout CMTByteCursor) throws -> CMTDateTime {
        let scan = CultureDateGrammar.scan(UnsafeRawBufferPointer(rebasing: cursor.bytes[cursor.index...]), form: cultureForm)
        guard let parts = scan.parts else {
            throw CMTValueProblem("expected M/d/yyyy h:mm:ss AM, dd/MM/yyyy HH:mm:ss or dd.MM.yyyy HH:mm:ss")
        }
        if let problem = scan.problem, problem == .time || problem == .seconds { throw timeProblem(problem) }
        var result = CMTDateTime(unchecked: parts.year, 0, 0, 0, 0, 0, 0, .unspecified)
        if let time = parts.time {
            if time.isPM != nil, !(1...12).contains(time.hour) { throw CMTValueProblem("hour \(time.hour) is outside 1-12 with AM/PM") }
            result.hour = time.hourOfDay
            result.minute = time.minute
            result.second = time.second
        }
        if scan.problem != nil { throw CMTValueProblem("unexpected text after the date and time") }
        cursor.index = cursor.bytes.count
        // With AM/PM the text is en-US (month first); otherwise day first, as en-GB, fr-FR and de-DE write it.
        let monthFirst = parts.separator != 0x2E && (parts.time?.isPM != nil || (parts.second > 12 && parts.first <= 12))
        result.month = monthFirst ? parts.first : parts.second
        result.day = monthFirst ? parts.second : parts.first
        return result
    }

    /// Reads an ISO value's time of day (`CultureDateGrammar.time`), with up to seven fractional digits.
    private static func parseTime(_ result: inout CMTDateTime, _ cursor: inout CMTByteCursor) throws {
        switch CultureDateGrammar.time(cursor.bytes, at: &cursor.index, fraction: isoFraction) {
        case .success(let time):
            result.hour = time.hour
            result.minute = time.minute
            result.second = time.second
            var ticks = 0
            for index in time.fraction { ticks = ticks * 10 + Int(cursor.bytes[index] - 0x30) }
            for _ in time.fraction.count..<7 { ticks *= 10 }
            if !time.fraction.isEmpty { result.ticks = ticks }
        case .failure(let problem):
            throw timeProblem(problem)
        }
    }

    private static func timeProblem(_ problem: CultureDateGrammar.Problem) -> CMTValueProblem {
        switch problem {
        case .seconds: CMTValueProblem("expected two digits of seconds")
        case .fraction: CMTValueProblem("expected digits after the decimal point of the seconds")
        case .fractionTooLong: CMTValueProblem("more than 7 fractional digits of a second")
        default: CMTValueProblem("expected a time as HH:mm:ss")
        }
    }
}
