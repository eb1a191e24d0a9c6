import AirlockModel

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
        let part = trimmed(bytes)
        guard !part.isEmpty else { return false }
        let first = buffer.count
        buffer.append(contentsOf: part)
        guard caseInsensitive else { return true }
        let isASCII = buffer.withUnsafeMutableBytes { Self.foldASCII(UnsafeMutableRawBufferPointer(rebasing: $0[first...])) }
        if !isASCII {
            buffer.removeSubrange(first...)
            buffer.append(contentsOf: Self.lowercased(part).utf8)
        }
        return true
    }

    /// Appends the normalised form of `bytes` to `buffer`, as `append(_:to:)` does to an array.
    /// - Returns: false when the part is empty after normalisation.
    public func append(_ bytes: UnsafeRawBufferPointer, to buffer: ByteBuffer) -> Bool {
        let part = trimmed(bytes)
        guard !part.isEmpty else { return false }
        let first = buffer.count
        buffer.append(part)
        guard caseInsensitive else { return true }
        if !buffer.withMutableBytes(from: first, Self.foldASCII) {
            buffer.truncate(to: first)
            var lowered = Self.lowercased(part)
            lowered.withUTF8 { buffer.append(UnsafeRawBufferPointer($0)) }
        }
        return true
    }

    /// Folds ASCII `A`–`Z` in place; returns whether every byte is ASCII (else the part needs Unicode lower-casing).
    private static func foldASCII(_ bytes: UnsafeMutableRawBufferPointer) -> Bool {
        var seen: UInt8 = 0
        for index in bytes.indices {
            let byte = bytes[index]
            seen |= byte
            if byte &- 0x41 < 26 { bytes[index] = byte | 0x20 }
        }
        return seen < 0x80
    }

    /// A part with non-ASCII bytes, lower-cased with Swift's Unicode `lowercased()`.
    private static func lowercased(_ part: UnsafeRawBufferPointer) -> String {
        String(decoding: part, as: UTF8.self).lowercased()
    }

    /// Whether `bytes`, normalised, equal `normalized` (a part as `append` wrote it); allocates nothing unless
    /// the part holds non-ASCII bytes that need Unicode lower-casing.
    func matches(_ bytes: UnsafeRawBufferPointer, normalized: UnsafeRawBufferPointer) -> Bool {
        let part = trimmed(bytes)
        guard !part.isEmpty else { return false }
        guard caseInsensitive else { return part.elementsEqual(normalized) }
        if part.count == normalized.count {
            var index = 0
            while index < part.count {
                let byte = part[index]
                if byte >= 0x80 { break }
                if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != normalized[index] { return false }
                index += 1
            }
            if index == part.count { return true }
        } else if part.allSatisfy({ $0 < 0x80 }) {
            return false
        }
        var folded: [UInt8] = []
        _ = append(part, to: &folded)
        return folded.elementsEqual(normalized)
    }

    /// `bytes` without the leading and trailing whitespace this normalisation removes.
    private func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        trimsWhitespace ? ASCII.trimmed(bytes) : bytes
    }

    /// The normalised form of `text`, or nil when it is empty after normalisation.
    public func normalize(_ text: String) -> String? {
        var buffer: [UInt8] = []
        var copy = text
        let nonEmpty = copy.withUTF8 { append(UnsafeRawBufferPointer($0), to: &buffer) }
        return nonEmpty ? String(decoding: buffer, as: UTF8.self) : nil
    }
}
