/// The text encodings Airlock reads and writes, told apart by their byte-order mark.
public enum TextEncoding: String, Sendable, Codable, CaseIterable {
    /// UTF-8 without a byte-order mark.
    case utf8 = "UTF-8"
    /// UTF-8 starting with EF BB BF.
    case utf8BOM = "UTF-8-BOM"
    /// UTF-16 little-endian starting with FF FE (F&O's "Unicode").
    case utf16LE = "UTF-16LE"
    /// UTF-16 big-endian starting with FE FF.
    case utf16BE = "UTF-16BE"

    /// The byte-order mark this encoding starts with (empty for plain UTF-8).
    public var byteOrderMark: [UInt8] {
        switch self {
        case .utf8: []
        case .utf8BOM: [0xEF, 0xBB, 0xBF]
        case .utf16LE: [0xFF, 0xFE]
        case .utf16BE: [0xFE, 0xFF]
        }
    }

    /// Whether code units are two bytes wide.
    public var isUTF16: Bool { self == .utf16LE || self == .utf16BE }

    /// The encoding of text starting with `prefix` (at least its first 4 bytes when available).
    ///
    /// A BOM decides; without one, UTF-16 written without a BOM is recognised from a leading ASCII
    /// character followed or preceded by a zero byte; anything else is taken as UTF-8.
    public static func detect(_ prefix: [UInt8]) -> TextEncoding {
        if prefix.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8BOM }
        if prefix.starts(with: [0xFF, 0xFE]) { return .utf16LE }
        if prefix.starts(with: [0xFE, 0xFF]) { return .utf16BE }
        if prefix.count >= 2 {
            if prefix[0] != 0 && prefix[0] < 0x80 && prefix[1] == 0 { return .utf16LE }
            if prefix[0] == 0 && prefix[1] != 0 && prefix[1] < 0x80 { return .utf16BE }
        }
        return .utf8
    }
}
