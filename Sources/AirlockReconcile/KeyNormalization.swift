/// How natural-key parts are normalised before they are hashed and compared.
///
/// Both the rows an index is built from and every value looked up in it go through the index's
/// normalisation, so matching is symmetric. Normalisation never changes the stored table.
///
/// The default, `.caseInsensitive`, trims ASCII whitespace (space, tab, CR, LF) at both ends and folds case.
/// It is the default for F&O keys because F&O stores them in SQL Server under a case-insensitive
/// collation: `us-001` and `US-001` are the same customer there. Dataverse also uses a case-insensitive
/// collation, so the same default suits Sales keys. Case folding is ASCII `A`–`Z` → `a`–`z` byte by byte;
/// a part holding any non-ASCII byte is lower-cased with Swift's Unicode `lowercased()`. No Unicode
/// normalisation (NFC/NFD) and no accent folding is done: `é` written precomposed and decomposed differ.
public struct KeyNormalization: Sendable, Hashable {
    /// Whether leading and trailing ASCII whitespace is removed.
    public var trimsWhitespace: Bool
    /// Whether parts compare case-insensitively.
    public var caseInsensitive: Bool

    public init(trimsWhitespace: Bool, caseInsensitive: Bool) {
        self.trimsWhitespace = trimsWhitespace
        self.caseInsensitive = caseInsensitive
    }

    /// Trim and fold case: the default, and what F&O's SQL Server collation does.
    public static let caseInsensitive = KeyNormalization(trimsWhitespace: true, caseInsensitive: true)
    /// Trim only; case matters.
    public static let caseSensitive = KeyNormalization(trimsWhitespace: true, caseInsensitive: false)
    /// The bytes as they are.
    public static let exact = KeyNormalization(trimsWhitespace: false, caseInsensitive: false)

    /// Appends the normalised form of `bytes` to `buffer`.
    /// - Returns: false when the part is empty after normalisation (the caller treats it as missing).
    func append(_ bytes: UnsafeRawBufferPointer, to buffer: inout [UInt8]) -> Bool {
        var start = 0
        var end = bytes.count
        if trimsWhitespace {
            while start < end, Self.isSpace(bytes[start]) { start += 1 }
            while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        }
        guard start < end else { return false }
        let part = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
        guard caseInsensitive else {
            buffer.append(contentsOf: part)
            return true
        }
        if part.allSatisfy({ $0 < 0x80 }) {
            for byte in part { buffer.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        } else {
            buffer.append(contentsOf: String(decoding: part, as: UTF8.self).lowercased().utf8)
        }
        return true
    }

    /// The normalised form of `text`, or nil when it is empty after normalisation.
    public func normalize(_ text: String) -> String? {
        var buffer: [UInt8] = []
        var copy = text
        let nonEmpty = copy.withUTF8 { append(UnsafeRawBufferPointer($0), to: &buffer) }
        return nonEmpty ? String(decoding: buffer, as: UTF8.self) : nil
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
}
