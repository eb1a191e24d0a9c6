/// The ASCII tests the readers, the converter and the validator share, on bytes and on text.
public enum ASCII {
    /// Whether `byte` is a space, tab, line feed or carriage return: the whitespace every format here trims.
    @inlinable
    public static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether `text` is nil, empty or whitespace only.
    @inlinable
    public static func isBlank(_ text: String?) -> Bool {
        guard let text else { return true }
        return text.utf8.allSatisfy(isWhitespace)
    }

    /// `bytes` without leading and trailing whitespace (a view of the same memory).
    @inlinable
    public static func trimmed(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var start = 0
        var end = bytes.count
        while start < end, isWhitespace(bytes[start]) { start += 1 }
        while end > start, isWhitespace(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }

    /// Whether `bytes` are whitespace only (or none), and whether they are all ASCII, in one pass.
    @inlinable
    public static func scan(_ bytes: UnsafeRawBufferPointer) -> (isBlank: Bool, isASCII: Bool) {
        var seen: UInt8 = 0
        var blank = true
        for byte in bytes {
            seen |= byte
            if blank && !isWhitespace(byte) { blank = false }
        }
        return (blank, seen < 0x80)
    }
}
