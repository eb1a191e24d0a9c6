/// How F&O decimals are read, by `validate` and `convert` alike: an optional `-`, digits, and at most one decimal
/// separator (the data project's: `.`, or `,` in a de-DE project), no grouping.
public enum FODecimalGrammar {
    /// Whether `bytes` are a decimal with `separator`.
    public static func isDecimal(_ bytes: UnsafeRawBufferPointer, separator: UInt8) -> Bool {
        var index = 0
        if bytes.first == UInt8(ascii: "-") { index = 1 }
        var digits = 0
        var separators = 0
        while index < bytes.count {
            let byte = bytes[index]
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
            } else if byte == separator && separators == 0 {
                separators = 1
            } else {
                return false
            }
            index += 1
        }
        return digits > 0 && bytes.last != separator
    }

    /// `bytes`, a decimal with `separator`, written with `.` (`12,50` → `12.50`); nil when they are not such a
    /// decimal (they are then left for the type checks to refuse).
    public static func invariant(_ bytes: UnsafeRawBufferPointer, separator: UInt8) -> [UInt8]? {
        let trimmed = ASCII.trimmed(bytes)
        guard isDecimal(trimmed, separator: separator) else { return nil }
        return trimmed.map { $0 == separator ? UInt8(ascii: ".") : $0 }
    }
}
