/// The grammar of a culture-formatted date and time, and of a time of day: the one reader of their parts for every
/// reader of dates. F&O data projects write `3/11/2026 1:45:00 PM`, `11/03/2026 13:45`, `11.03.2026 13:45:00`
/// (`FODateGrammar`, and `ValueComparison.dateTime` for en-US); older Configuration Migration builds
/// `5/1/2024 10:30:00 AM`, `01/05/2024 10:30`, `01.05.2024` (`CMTDateTime`); and every ISO 8601 reader reads its time
/// of day (`H:mm[:ss[.f…]]`) here.
///
/// A `Form` says what a reader accepts: the separators of the date, the spacing, fractions of a second, AM/PM and a
/// trailing `Z`. The parts come back as written, with where reading stopped and why (`Problem`): which number is
/// the day, the ranges of the values and the words of a problem are the reader's, so that each reader accepts what
/// it always has and words its problems as it always has.
public enum CultureDateGrammar {
    /// What a reader accepts.
    public struct Form: Sendable, Hashable {
        /// The bytes that may separate day, month and year; the second separator is the first one again.
        public var separators: [UInt8]
        /// How the time is set off from the date, and AM/PM from the time.
        public var spacing: Spacing
        /// The fraction of a second the form takes after the seconds; nil for none.
        public var fraction: Fraction?
        /// The AM/PM markers the form takes.
        public var meridiem: Meridiem
        /// Whether a `Z` may end the time (single spacing only).
        public var allowsZone: Bool

        /// A form of these parts (see each property).
        public init(separators: [UInt8], spacing: Spacing, fraction: Fraction?, meridiem: Meridiem, allowsZone: Bool) {
            self.separators = separators
            self.spacing = spacing
            self.fraction = fraction
            self.meridiem = meridiem
            self.allowsZone = allowsZone
        }
    }

    /// How the parts of a value are set apart.
    public enum Spacing: Sendable, Hashable {
        /// One space before the time and one before AM/PM; the value ends with the time (F&O).
        case single
        /// Any run of whitespace before the time and before AM/PM, and after the value; a time is read only where
        /// a digit follows the run, AM/PM only where it is there (older CMT builds).
        case lenient
    }

    /// The fraction of a second after the seconds.
    public struct Fraction: Sendable, Hashable {
        /// The bytes that may start it (`.`, or also `,`).
        public var separators: [UInt8]
        /// The most digits it has.
        public var digits: Int
        /// Whether more digits are a problem (`fractionTooLong`); else the digits after the most are left unread.
        public var refusesMore: Bool

        /// A fraction of at most `digits` digits after one of `separators`.
        public init(separators: [UInt8], digits: Int, refusesMore: Bool) {
            (self.separators, self.digits, self.refusesMore) = (separators, digits, refusesMore)
        }
    }

    /// The AM/PM markers a form takes.
    public enum Meridiem: Sendable, Hashable {
        /// No AM/PM.
        case none
        /// `AM`, `am`, `PM` or `pm`.
        case upperOrLower
        /// `a` or `p` then `m`, in any case.
        case anyCase
    }

    /// A date as written: its two first numbers (the day and the month, in the order the reader's rule gives), the
    /// year, the separator between them, and the time when there is one.
    public struct Parts: Sendable, Hashable {
        /// The first number of the date (the month in en-US, else the day).
        public var first: Int
        /// The second number of the date.
        public var second: Int
        /// The four-digit year.
        public var year: Int
        /// The byte between the numbers (`/`, `.`, `-`).
        public var separator: UInt8
        /// The time of day, when the value has one (read as far as it goes when there is a problem after it).
        public var time: Time?
    }

    /// A time of day as written.
    public struct Time: Sendable, Hashable {
        /// The hour as written (1 to 12 with AM/PM).
        public var hour: Int
        /// The minutes.
        public var minute: Int
        /// 0 when the seconds are left out.
        public var second: Int
        /// Where the fraction's digits are in the bytes read (empty when there is none).
        public var fraction: Range<Int>
        /// Whether the time carries PM (true) or AM (false); nil without a marker.
        public var isPM: Bool?

        /// The hour on the 24-hour clock: as written, or from AM/PM (12 AM is 0, 1 PM is 13).
        public var hourOfDay: Int {
            switch isPM {
            case .none: hour
            case .some(false): hour == 12 ? 0 : hour
            case .some(true): hour < 12 ? hour + 12 : hour
            }
        }
    }

    /// Where and why a value stops being one of the form.
    public enum Problem: Error, Sendable, Hashable {
        /// Not two numbers of one or two digits and a year of four, with a separator of the form.
        case date
        /// Text after the date that does not start a time.
        case textAfterDate
        /// No `H:mm`.
        case time
        /// A `:` after the minutes without two digits of seconds.
        case seconds
        /// A fraction's separator without a digit.
        case fraction
        /// More digits of a fraction than the form takes.
        case fractionTooLong
        /// A space after the time and no AM/PM the form takes.
        case meridiem
        /// Text after the time; `meridiem` when it is an AM/PM the form does not take.
        case textAfterTime(meridiem: Bool)
    }

    /// What `scan` read: the date's parts (nil when the date itself is not of the form) with the time as far as it
    /// was read, and the problem where reading stopped (nil when the whole value is of the form).
    public struct Scan: Sendable, Hashable {
        /// The date's parts; nil when the date itself is not of the form.
        public var parts: Parts?
        /// Where and why reading stopped; nil when the whole value is of the form.
        public var problem: Problem?
    }

    /// Reads all of `bytes` as a culture-formatted date, with a time when there is one, in `form`.
    public static func scan(_ bytes: UnsafeRawBufferPointer, form: Form) -> Scan {
        var index = 0
        guard let first = number(bytes, &index, digits: 1...2), index < bytes.count, form.separators.contains(bytes[index]) else {
            return Scan(parts: nil, problem: .date)
        }
        let separator = bytes[index]
        index += 1
        guard let second = number(bytes, &index, digits: 1...2), take(separator, bytes, &index),
            let year = number(bytes, &index, digits: 4...4)
        else { return Scan(parts: nil, problem: .date) }
        var parts = Parts(first: first, second: second, year: year, separator: separator, time: nil)
        switch form.spacing {
        case .single:
            if index == bytes.count { return Scan(parts: parts, problem: nil) }
            guard take(0x20, bytes, &index) else { return Scan(parts: parts, problem: .textAfterDate) }
            let rest = scanTime(bytes, at: &index, form: form)
            parts.time = rest.time
            return Scan(parts: parts, problem: rest.problem)
        case .lenient:
            let beforeTime = index
            skipWhitespace(bytes, &index)
            if index > beforeTime, index < bytes.count, isDigit(bytes[index]) {
                switch time(bytes, at: &index, fraction: form.fraction) {
                case .success(var time):
                    let beforeMarker = index
                    skipWhitespace(bytes, &index)
                    if form.meridiem != .none, let isPM = meridiem(bytes, &index, form.meridiem) {
                        time.isPM = isPM
                    } else {
                        index = beforeMarker
                    }
                    parts.time = time
                case .failure(let problem):
                    return Scan(parts: parts, problem: problem)
                }
            } else {
                index = beforeTime
            }
            skipWhitespace(bytes, &index)
            guard index == bytes.count else {
                return Scan(parts: parts, problem: parts.time == nil ? .textAfterDate : .textAfterTime(meridiem: false))
            }
            return Scan(parts: parts, problem: nil)
        }
    }

    /// Reads the rest of `bytes` from `index` as a time of day set apart as `form` says (single spacing): `H:mm`, the
    /// seconds and their fraction, then AM/PM after one space, a `Z`, and nothing else. The time is nil when its
    /// `H:mm` is not there.
    public static func scanTime(_ bytes: UnsafeRawBufferPointer, at index: inout Int, form: Form) -> (time: Time?, problem: Problem?) {
        var time: Time
        switch Self.time(bytes, at: &index, fraction: form.fraction) {
        case .success(let read): time = read
        case .failure(let problem): return (nil, problem)
        }
        if form.meridiem != .none, take(0x20, bytes, &index) {
            guard let isPM = meridiem(bytes, &index, form.meridiem) else { return (time, .meridiem) }
            time.isPM = isPM
        }
        if form.allowsZone { _ = take(UInt8(ascii: "Z"), bytes, &index) }
        guard index == bytes.count else {
            var after = index
            let isMarker =
                form.meridiem == .none && take(0x20, bytes, &after) && meridiem(bytes, &after, .upperOrLower) != nil && after == bytes.count
            return (time, .textAfterTime(meridiem: isMarker))
        }
        return (time, nil)
    }

    /// Reads `H:mm`, then `:ss` and the fraction `fraction` allows, from `index` (left after what was read).
    public static func time(_ bytes: UnsafeRawBufferPointer, at index: inout Int, fraction: Fraction?) -> Result<Time, Problem> {
        guard let hour = number(bytes, &index, digits: 1...2), take(UInt8(ascii: ":"), bytes, &index),
            let minute = number(bytes, &index, digits: 2...2)
        else { return .failure(.time) }
        var time = Time(hour: hour, minute: minute, second: 0, fraction: index..<index, isPM: nil)
        guard take(UInt8(ascii: ":"), bytes, &index) else { return .success(time) }
        guard let second = number(bytes, &index, digits: 2...2) else { return .failure(.seconds) }
        time.second = second
        guard let fraction, index < bytes.count, fraction.separators.contains(bytes[index]) else { return .success(time) }
        index += 1
        let start = index
        let most = fraction.refusesMore && fraction.digits < Int.max ? fraction.digits + 1 : fraction.digits
        while index < bytes.count, index - start < most, isDigit(bytes[index]) { index += 1 }
        guard index > start else { return .failure(.fraction) }
        guard index - start <= fraction.digits else { return .failure(.fractionTooLong) }
        time.fraction = start..<index
        return .success(time)
    }

    /// Whether `byte` is an ASCII digit.
    public static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Reads up to `digits.upperBound` digits from `index` (as the numbers of a date or time are read); nil when fewer
    /// than `digits.lowerBound` were there (the digits read stay read).
    public static func number(_ bytes: UnsafeRawBufferPointer, _ index: inout Int, digits: ClosedRange<Int>) -> Int? {
        var value = 0
        var count = 0
        while count < digits.upperBound, index < bytes.count, isDigit(bytes[index]) {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return digits.contains(count) ? value : nil
    }

    private static func take(_ byte: UInt8, _ bytes: UnsafeRawBufferPointer, _ index: inout Int) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) {
        while index < bytes.count, ASCII.isWhitespace(bytes[index]) { index += 1 }
    }

    /// Reads AM or PM as `kind` takes them: true for PM; nil (nothing read) when neither is there.
    private static func meridiem(_ bytes: UnsafeRawBufferPointer, _ index: inout Int, _ kind: Meridiem) -> Bool? {
        guard index + 1 < bytes.count else { return nil }
        let letter = bytes[index]
        let mark = bytes[index + 1]
        let isPM: Bool
        switch kind {
        case .none:
            return nil
        case .upperOrLower:
            guard
                (letter == UInt8(ascii: "A") || letter == UInt8(ascii: "P")) && mark == UInt8(ascii: "M")
                    || (letter == UInt8(ascii: "a") || letter == UInt8(ascii: "p")) && mark == UInt8(ascii: "m")
            else { return nil }
            isPM = letter | 0x20 == UInt8(ascii: "p")
        case .anyCase:
            guard letter | 0x20 == UInt8(ascii: "a") || letter | 0x20 == UInt8(ascii: "p"), mark | 0x20 == UInt8(ascii: "m") else {
                return nil
            }
            isPM = letter | 0x20 == UInt8(ascii: "p")
        }
        index += 2
        return isPM
    }
}
