import AirlockModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a mapped value is compared with the target export's value to decide update versus unchanged.
///
/// Every kind except `.exact` first trims ASCII whitespace (space, tab, CR, LF) at both ends. When a
/// `.decimal` or `.dateTime` value does not parse, the two values are compared as `.trimmed` text instead
/// (so a malformed value never looks equal to a different one). Nulls are handled by `RecordClassifier`.
public enum ValueComparison: String, Sendable, Hashable, CaseIterable {
    /// Byte-identical, nothing trimmed.
    case exact
    /// Byte-identical after trimming: the default for text.
    case trimmed
    /// Equal after trimming and case folding (ASCII byte-wise; Unicode `lowercased()` when non-ASCII):
    /// for codes the target stores case-insensitively.
    case caseInsensitive
    /// Equal as decimal numbers: optional sign, digits, optional `.` and fraction; leading zeros, trailing
    /// fraction zeros and the sign of zero do not matter (`1.50` = `1.5` = `+01.5`, `-0` = `0`). No
    /// exponents, no thousands separators. Compared exactly, never through floating point.
    case decimal
    /// Equal as instants: ISO 8601 `yyyy-MM-dd[(T| )HH:mm[:ss[.f…]]][Z|±HH:mm|±HHmm]` or F&O's en-US
    /// `M/d/yyyy[ h:mm[:ss][ AM|PM]]`. A value without a zone is taken as UTC; a date alone is midnight
    /// (`2024-05-01` = `5/1/2024 12:00:00 AM` = `2024-05-01T02:00:00+02:00`); fraction digits compare
    /// without trailing zeros.
    case dateTime

    /// Whether `lhs` and `rhs` are equal under this comparison.
    public func equivalent(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        // Equal bytes are equal under every kind (most compared fields of an updated record have not changed).
        if Self.same(lhs, rhs) { return true }
        switch self {
        case .exact:
            return false
        case .trimmed:
            return Self.same(Self.trim(lhs), Self.trim(rhs))
        case .caseInsensitive:
            var left: [UInt8] = []
            var right: [UInt8] = []
            let normalization = KeyNormalization.caseInsensitive
            _ = normalization.append(lhs, to: &left)
            _ = normalization.append(rhs, to: &right)
            return left == right
        case .decimal:
            guard let left = Self.canonicalDecimal(Self.trim(lhs)), let right = Self.canonicalDecimal(Self.trim(rhs)) else {
                return Self.same(Self.trim(lhs), Self.trim(rhs))
            }
            return left == right
        case .dateTime:
            guard let left = Self.canonicalInstant(Self.trim(lhs)), let right = Self.canonicalInstant(Self.trim(rhs)) else {
                return Self.same(Self.trim(lhs), Self.trim(rhs))
            }
            return left == right
        }
    }

    /// Appends the canonical form of `bytes` under this comparison to `buffer`: two values are `equivalent` exactly
    /// when their canonical forms are the same bytes, so a digest of canonical forms tells values apart as the
    /// comparison does without holding them. Trimmed text for `.trimmed`; folded as a case-insensitive key part
    /// for `.caseInsensitive` (nothing for a blank value); `D` and the canonical decimal (`-12.5` for `-012.50`) or
    /// `I`, the seconds (8 bytes) and the fraction digits, for a value that parses as a decimal or an instant, else
    /// `T` and the trimmed text.
    public func appendCanonical(_ bytes: UnsafeRawBufferPointer, to buffer: ByteBuffer) {
        switch self {
        case .exact:
            buffer.append(bytes)
        case .trimmed:
            buffer.append(Self.trim(bytes))
        case .caseInsensitive:
            _ = KeyNormalization.caseInsensitive.append(bytes, to: buffer)
        case .decimal:
            let trimmed = Self.trim(bytes)
            if let parts = Self.decimalParts(trimmed) {
                buffer.append(UInt8(ascii: "D"))
                if parts.negative { buffer.append(UInt8(ascii: "-")) }
                buffer.append(UnsafeRawBufferPointer(rebasing: trimmed[parts.integer]))
                buffer.append(UInt8(ascii: "."))
                buffer.append(UnsafeRawBufferPointer(rebasing: trimmed[parts.fraction]))
            } else {
                buffer.append(UInt8(ascii: "T"))
                buffer.append(trimmed)
            }
        case .dateTime:
            if let instant = Self.canonicalInstant(Self.trim(bytes)) {
                buffer.append(UInt8(ascii: "I"))
                withUnsafeBytes(of: instant.seconds.littleEndian) { buffer.append($0) }
                buffer.append(instant.fraction)
            } else {
                buffer.append(UInt8(ascii: "T"))
                buffer.append(Self.trim(bytes))
            }
        }
    }

    /// Whether `lhs` and `rhs` are equal under this comparison.
    public func equivalent(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs
        var right = rhs
        return left.withUTF8 { l in right.withUTF8 { r in equivalent(UnsafeRawBufferPointer(l), UnsafeRawBufferPointer(r)) } }
    }

    /// Whether `lhs` and `rhs` hold the same bytes.
    static func same(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.hasSameBytes(as: rhs)
    }

    /// Whether `bytes` is empty after trimming (how an empty source value meets a null target value).
    public static func isBlank(_ bytes: UnsafeRawBufferPointer) -> Bool { trim(bytes).isEmpty }

    static func trim(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer { ASCII.trimmed(bytes) }

    /// `[sign] integer-digits "." fraction-digits` with leading/trailing zeros removed; nil when not a decimal.
    static func canonicalDecimal(_ bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard let parts = decimalParts(bytes) else { return nil }
        var canonical: [UInt8] = parts.negative ? [UInt8(ascii: "-")] : []
        canonical.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[parts.integer]))
        canonical.append(UInt8(ascii: "."))
        canonical.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[parts.fraction]))
        return canonical
    }

    /// What `canonicalDecimal` writes of a decimal: its sign (no minus for zero) and the ranges of its integer digits
    /// without leading zeros and its fraction digits without trailing zeros; nil when `bytes` is not a decimal.
    static func decimalParts(_ bytes: UnsafeRawBufferPointer) -> (negative: Bool, integer: Range<Int>, fraction: Range<Int>)? {
        var index = 0
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        let integerEnd = index
        var fractionStart = index
        var fractionEnd = index
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            fractionEnd = index
        }
        guard integerEnd - integerStart + fractionEnd - fractionStart > 0, index == bytes.count else { return nil }
        while integerStart < integerEnd, bytes[integerStart] == UInt8(ascii: "0") { integerStart += 1 }
        while fractionEnd > fractionStart, bytes[fractionEnd - 1] == UInt8(ascii: "0") { fractionEnd -= 1 }
        if integerStart == integerEnd && fractionStart == fractionEnd { negative = false }
        return (negative, integerStart..<integerEnd, fractionStart..<fractionEnd)
    }

    /// Seconds since 1970-01-01T00:00:00Z and the fraction digits without trailing zeros; nil when not a date.
    static func canonicalInstant(_ bytes: UnsafeRawBufferPointer) -> Instant? {
        guard bytes.count >= 5, (0..<4).allSatisfy({ isDigit(bytes[$0]) }), bytes[4] == UInt8(ascii: "-") else {
            return enUSInstant(bytes)
        }
        var cursor = Cursor(bytes: bytes)
        guard let y = cursor.number(exactDigits: 4), cursor.take(UInt8(ascii: "-")), let m = cursor.number(exactDigits: 2),
            cursor.take(UInt8(ascii: "-")), let d = cursor.number(exactDigits: 2)
        else { return nil }
        guard !cursor.atEnd else { return instant(year: y, month: m, day: d, time: nil, in: bytes, offsetSeconds: 0) }
        guard cursor.take(UInt8(ascii: " ")) || cursor.take(UInt8(ascii: "T")),
            case .success(let time) = CultureDateGrammar.time(bytes, at: &cursor.index, fraction: fraction)
        else { return nil }
        var offsetSeconds = 0
        if cursor.take(UInt8(ascii: "Z")) || cursor.take(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if let sign = cursor.peek, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            cursor.index += 1
            guard let oh = cursor.number(exactDigits: 2) else { return nil }
            _ = cursor.take(UInt8(ascii: ":"))
            guard let om = cursor.number(exactDigits: 2) else { return nil }
            offsetSeconds = (oh * 3600 + om * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard cursor.atEnd else { return nil }
        return instant(year: y, month: m, day: d, time: time, in: bytes, offsetSeconds: offsetSeconds)
    }

    /// A fraction of a second: `.` and any number of digits.
    private static let fraction = CultureDateGrammar.Fraction(separators: [UInt8(ascii: ".")], digits: Int.max, refusesMore: false)

    /// F&O's en-US form, `M/d/yyyy[ h:mm[:ss[.f…]][ AM|PM]]` (AM/PM in any case), read by the culture-date grammar.
    private static let enUSForm = CultureDateGrammar.Form(
        separators: [UInt8(ascii: "/")], spacing: .single, fraction: fraction, meridiem: .anyCase, allowsZone: false)

    private static func enUSInstant(_ bytes: UnsafeRawBufferPointer) -> Instant? {
        let scan = CultureDateGrammar.scan(bytes, form: enUSForm)
        guard let parts = scan.parts, scan.problem == nil else { return nil }
        if let time = parts.time, time.isPM != nil, !(1...12).contains(time.hour) { return nil }
        return instant(year: parts.year, month: parts.first, day: parts.second, time: parts.time, in: bytes, offsetSeconds: 0)
    }

    /// The instant of a date and time read from `bytes` (the time's fraction digits are there); nil when a part is
    /// out of range.
    private static func instant(
        year: Int, month: Int, day: Int, time: CultureDateGrammar.Time?, in bytes: UnsafeRawBufferPointer, offsetSeconds: Int
    ) -> Instant? {
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year) else { return nil }
        let hour = time?.hourOfDay ?? 0
        let minute = time?.minute ?? 0
        let second = time?.second ?? 0
        guard hour < 24, minute < 60, second < 60 else { return nil }
        var fraction = time.map { Array(UnsafeRawBufferPointer(rebasing: bytes[$0.fraction])) } ?? []
        while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return Instant(seconds: seconds, fraction: fraction)
    }

    /// A parsed point in time (UTC seconds and fraction digits).
    struct Instant: Equatable {
        var seconds: Int64
        var fraction: [UInt8]
    }

    struct Cursor {
        let bytes: UnsafeRawBufferPointer
        var index = 0
        var atEnd: Bool { index == bytes.count }
        var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// Reads exactly `count` digits (as `CultureDateGrammar` reads a date's numbers).
        mutating func number(exactDigits count: Int) -> Int? {
            CultureDateGrammar.number(bytes, &index, digits: count...count)
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
