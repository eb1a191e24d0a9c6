import Testing

@testable import AirlockModel

/// Eight hexadecimal digits read as one word give what reading them one character at a time gives: the value, the
/// letters' cases, and whether every byte is a digit, for every byte value in every position and random words.
struct HexWordTests {
    /// The value and what was seen, one character at a time.
    static func reference(_ word: UInt64) -> (value: UInt32, seen: UInt8) {
        var value: UInt32 = 0
        var seen: UInt8 = 0
        for index in 0..<8 {
            let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index)))
            var nibble: UInt8 = 0
            switch byte {
            case 0x30...0x39: nibble = byte - 0x30
            case 0x61...0x66:
                nibble = byte - 0x61 + 10
                seen |= HexWord.lowerSeen
            case 0x41...0x46:
                nibble = byte - 0x41 + 10
                seen |= HexWord.upperSeen
            default: seen |= HexWord.notDigitSeen
            }
            value = value << 4 | UInt32(nibble)
        }
        return (value, seen)
    }

    /// Whether the word reads as the reference reads it: a word of digits to the same value and letters, any other
    /// as no digits (its letters then do not matter: the parse is refused).
    static func check(_ word: UInt64) -> Bool {
        let found = HexWord.value(word)
        let expected = reference(word)
        guard expected.seen & HexWord.notDigitSeen == 0 else { return found.seen & HexWord.notDigitSeen != 0 }
        return found == expected
    }

    @Test func everyByteInEveryPositionIsReadAsOneCharacterAtATimeReadsIt() {
        let digits: UInt64 = 0x3938_3736_3534_3332  // "23456789"
        var mismatches: [String] = []
        for position in 0..<8 {
            for byte in 0...255 {
                let shift = UInt64(8 * position)
                let word = digits & ~(0xFF << shift) | UInt64(byte) << shift
                if !Self.check(word) { mismatches.append("byte \(byte) at \(position)") }
            }
        }
        #expect(mismatches.isEmpty)
        #expect(HexWord.value(0x6665_6463_6261_3938).value == 0x89AB_CDEF)  // "89abcdef"
        #expect(HexWord.value(0x4645_4443_4241_3938) == (0x89AB_CDEF, HexWord.upperSeen))  // "89ABCDEF"
    }

    @Test func randomWordsOfDigitsAndOthersAreReadAlike() {
        var state: UInt64 = 11
        let alphabet = Array("0123456789abcdefABCDEF-g{ \u{7F}".utf8) + [0x80, 0xC1, 0xE6, 0xFF, 0x00]
        var mismatches = 0
        for round in 0..<200_000 {
            var word: UInt64 = 0
            for index in 0..<8 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                // Mostly digits and letters, so that whole words of digits are common.
                let pick = Int(state >> 33) % (round % 3 == 0 ? alphabet.count : 22)
                word |= UInt64(alphabet[pick]) << UInt64(8 * index)
            }
            if !Self.check(word) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }
}
