/// Eight hexadecimal digits read at once, as one 64-bit word rather than character by character: what a GUID's text
/// is parsed with (`GUIDText`, the CMT codec), four times per GUID.
///
/// Each of the eight bytes is checked to be `0`–`9`, `a`–`f` or `A`–`F` by adding constants that carry into the
/// byte's top bit exactly when it lies in a range (no carry can cross into the next byte while every byte is
/// below 0x80, and a byte that is not makes the word no digits anyway).
public enum HexWord {
    /// The bit of `seen` set when the word holds a lower-case letter.
    public static let lowerSeen: UInt8 = 1
    /// The bit of `seen` set when the word holds an upper-case letter.
    public static let upperSeen: UInt8 = 2
    /// The bit of `seen` set when a byte of the word is no hexadecimal digit (the value then means nothing).
    public static let notDigitSeen: UInt8 = 4

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let tops: UInt64 = 0x8080_8080_8080_8080

    /// The value of the eight digits in `word` (the first character in its lowest byte, as a little-endian load of the
    /// text gives it), the first digit the most significant, and what kinds of character it held (`seen`).
    @inline(__always)
    public static func value(_ word: UInt64) -> (value: UInt32, seen: UInt8) {
        let digit = atLeast(word, 0x30) & atMost(word, 0x39)
        let lower = atLeast(word, 0x61) & atMost(word, 0x66)
        let upper = atLeast(word, 0x41) & atMost(word, 0x46)
        let isDigits = (digit | lower | upper) == tops && word & tops == 0
        let seen = (lower == 0 ? 0 : lowerSeen) | (upper == 0 ? 0 : upperSeen) | (isDigits ? 0 : notDigitSeen)
        // A digit's value is its low four bits; a letter's (bit 6 set) those plus 9.
        let nibbles = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // Pairs of nibbles into bytes (in bytes 0, 2, 4, 6), then those four bytes together.
        let pairs = ((nibbles << 4) | (nibbles >> 8)) & 0x00FF_00FF_00FF_00FF
        let quads = (pairs | (pairs >> 8)) & 0x0000_FFFF_0000_FFFF
        let bytes = UInt32(truncatingIfNeeded: quads | (quads >> 16))
        return (bytes.byteSwapped, seen)
    }

    /// The eight characters at `offset` of `text`, which holds them, as `value(_:)` takes them.
    @inline(__always)
    public static func word(_ text: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: text.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four characters at `first` then the four at `second` of `text`, as one word for `value(_:)`.
    @inline(__always)
    public static func word(_ text: UnsafeRawBufferPointer, fours first: Int, _ second: Int) -> UInt64 {
        let head = UInt32(littleEndian: text.loadUnaligned(fromByteOffset: first, as: UInt32.self))
        let tail = UInt32(littleEndian: text.loadUnaligned(fromByteOffset: second, as: UInt32.self))
        return UInt64(head) | UInt64(tail) << 32
    }

    /// The top bit of each byte of `word` (all below 0x80) set where the byte is at least `bound`.
    @inline(__always)
    private static func atLeast(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        (word &+ ones &* UInt64(0x80 &- bound)) & tops
    }

    /// The top bit of each byte of `word` (all below 0x80) set where the byte is at most `bound`.
    @inline(__always)
    private static func atMost(_ word: UInt64, _ bound: UInt8) -> UInt64 {
        ~(word &+ ones &* UInt64(0x7F &- bound)) & tops
    }
}
