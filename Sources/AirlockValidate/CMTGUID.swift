import AirlockModel

/// A GUID as two 64-bit words: how the CMT validator keeps record ids and lookup targets compactly.
struct CMTGUID: Hashable, Sendable {
    var high: UInt64
    var low: UInt64

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses the forms .NET's `Guid.Parse` accepts and CMT may meet: `8-4-4-4-12` (`D`), 32 digits (`N`),
    /// and either in braces (`B`) or parentheses (`P`); any case; surrounding blanks ignored.
    init?(_ input: UnsafeRawBufferPointer) {
        var start = 0
        var end = input.count
        while start < end, Self.isBlank(input[start]) { start += 1 }
        while end > start, Self.isBlank(input[end - 1]) { end -= 1 }
        if end - start == 38 {
            let open = input[start]
            let close = input[end - 1]
            guard (open == 0x7B && close == 0x7D) || (open == 0x28 && close == 0x29) else { return nil }
            start += 1
            end -= 1
        }
        let hyphenated = end - start == 36
        guard hyphenated || end - start == 32 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        var digits = 0
        var index = start
        while index < end {
            let byte = input[index]
            let offset = index - start
            index += 1
            if hyphenated, offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard byte == 0x2D else { return nil }
                continue
            }
            let nibble: UInt64
            switch byte {
            case 0x30...0x39: nibble = UInt64(byte &- 0x30)
            case 0x61...0x66: nibble = UInt64(byte &- 0x61 &+ 10)
            case 0x41...0x46: nibble = UInt64(byte &- 0x41 &+ 10)
            default: return nil
            }
            if digits < 16 { high = high << 4 | nibble } else { low = low << 4 | nibble }
            digits += 1
        }
        self.high = high
        self.low = low
    }

    /// Parses `text` as `init(_:)` does.
    init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ CMTGUID(UnsafeRawBufferPointer($0)) }) else { return nil }
        self = parsed
    }

    private static func isBlank(_ byte: UInt8) -> Bool { ASCII.isWhitespace(byte) }

    /// The lower-case `8-4-4-4-12` form CMT writes.
    var text: String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        for index in 0..<32 {
            if index == 8 || index == 12 || index == 16 || index == 20 { bytes.append(0x2D) }
            let word = index < 16 ? high : low
            let shift = UInt64((15 - index % 16) * 4)
            bytes.append(digits[Int((word >> shift) & 0xF)])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A well-spread 64-bit hash (SplitMix64's finaliser), so sequential GUIDs fill a table evenly.
    var spread: UInt64 {
        var value = high ^ (low &* 0x9E37_79B9_7F4A_7C15)
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
