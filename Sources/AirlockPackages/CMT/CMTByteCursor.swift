import AirlockModel

/// A read position over the bytes of one value, for the hand-written parsers of the value codec.
struct CMTByteCursor {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var atEnd: Bool { index >= bytes.count }

    func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while index < bytes.count, ASCII.isWhitespace(bytes[index]) {
            index += 1
        }
    }

    /// Consumes 1 to `max` decimal digits; nil (nothing consumed) when the next byte is not a digit.
    mutating func digits(max: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < max, index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = value * 10 + Int(bytes[index] - 0x30)
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, count)
    }
}
