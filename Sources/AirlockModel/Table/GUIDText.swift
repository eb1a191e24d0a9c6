/// A GUID written as Dataverse writes one (`8-4-4-4-12` hexadecimal digits, `616f5b50-774d-e911-a96a-000d3a1d23d3`)
/// held as its 16 bytes: what lets a `TableColumn` of ids and lookups keep 16 bytes a row instead of 36 and an offset.
///
/// The text comes back byte for byte: its digits are the bytes', and its letters' case is the one case the column
/// holds (`Letters`); a value of letters in both cases, with braces or of any other shape is no `GUIDText`. The
/// one place that rule lives: the CMT codec's canonical GUID is this form in lower case (`isCanonical`).
public enum GUIDText {
    /// Characters in the text.
    public static let textCount = 36
    /// Bytes held.
    public static let byteCount = 16

    /// The case of the hexadecimal letters a column's GUIDs are written in.
    public enum Letters: Sendable, Equatable {
        /// No value so far holds a letter (digits only): either case writes them alike.
        case none
        case lower
        case upper

        /// The case of a column that held `self` and then a value of `value`; nil when the two differ.
        func joined(with value: Letters) -> Letters? {
            switch (self, value) {
            case (.none, _): value
            case (_, .none): self
            default: self == value ? self : nil
            }
        }
    }

    /// Whether `text` is a GUID in the canonical form Dataverse writes and Airlock writes back: `8-4-4-4-12`
    /// hexadecimal digits, letters in lower case.
    public static func isCanonical(_ text: UnsafeRawBufferPointer) -> Bool {
        guard text.count == textCount else { return false }
        return withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: 8) { bytes in
            let letters = parse(text, into: bytes)
            return letters == Letters.none || letters == .lower
        }
    }

    /// The 16 bytes of `text` into `bytes`, and the case of its letters; nil when `text` is no GUID of one case.
    public static func parse(_ text: UnsafeRawBufferPointer, into bytes: UnsafeMutableRawBufferPointer) -> Letters? {
        let dash = UInt8(ascii: "-")
        guard text.count == textCount, bytes.count >= byteCount, text[8] == dash, text[13] == dash, text[18] == dash, text[23] == dash
        else { return nil }
        // Eight digits at a time (`HexWord`): the first eight, the four and four after the first and second dashes,
        // the four after the third dash with the first four after the last, then the last eight.
        let first = HexWord.value(HexWord.word(text, at: 0))
        let second = HexWord.value(HexWord.word(text, fours: 9, 14))
        let third = HexWord.value(HexWord.word(text, fours: 19, 24))
        let fourth = HexWord.value(HexWord.word(text, at: 28))
        bytes.storeBytes(of: first.value.bigEndian, toByteOffset: 0, as: UInt32.self)
        bytes.storeBytes(of: second.value.bigEndian, toByteOffset: 4, as: UInt32.self)
        bytes.storeBytes(of: third.value.bigEndian, toByteOffset: 8, as: UInt32.self)
        bytes.storeBytes(of: fourth.value.bigEndian, toByteOffset: 12, as: UInt32.self)
        switch first.seen | second.seen | third.seen | fourth.seen {
        case 0: return Letters.none
        case HexWord.lowerSeen: return .lower
        case HexWord.upperSeen: return .upper
        default: return nil
        }
    }

    /// Writes the 36 characters of the 16 bytes at `bytes` to `text`.
    public static func write(_ bytes: UnsafeRawPointer, letters: Letters, into text: UnsafeMutableRawBufferPointer) {
        precondition(text.count >= textCount, "a GUID's text is 36 characters")
        let letterBase = letters == .upper ? UInt8(ascii: "A") - 10 : UInt8(ascii: "a") - 10
        var index = 0
        for offset in 0..<byteCount {
            if offset == 4 || offset == 6 || offset == 8 || offset == 10 {
                text[index] = UInt8(ascii: "-")
                index += 1
            }
            let byte = bytes.load(fromByteOffset: offset, as: UInt8.self)
            let high = byte >> 4
            let low = byte & 0x0F
            text[index] = high < 10 ? UInt8(ascii: "0") + high : letterBase + high
            text[index + 1] = low < 10 ? UInt8(ascii: "0") + low : letterBase + low
            index += 2
        }
    }
}
