import AirlockKit
import Testing

/// `ValueHash`: the same value every run (pinned), every byte and the length count, and no two of many similar
/// short values collide.
struct ValueHashTests {
    static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { ValueHash.hash($0) } }

    /// Pinned values, computed by a separate transcription of the algorithm the type documents (Python, with
    /// arbitrary-precision products): each length path (empty, under 4, under 8, over 16 bytes). A change of the
    /// function is seen here (diff's changed-field counts would move with it).
    @Test func isStable() {
        let pinned: [(String, UInt64)] = [
            ("", 0x3429_48B3_7D99_FCE2),
            ("a", 0x99EC_CE90_BD5D_7E5F),
            ("USMF", 0xBECF_9656_A903_1264),
            ("The quick brown fox jumps over the lazy dog", 0x90A1_AE91_FC6F_5D3C),
        ]
        for (text, value) in pinned { #expect(Self.hash(Array(text.utf8)) == value, "\(text)") }
    }

    /// Changing any one byte, or the length, of strings of 0 to 40 bytes changes the hash.
    @Test func everyByteAndTheLengthCount() {
        var seen = Set<UInt64>()
        for length in 0...40 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0 % 26) }
            let hash = Self.hash(base)
            #expect(seen.insert(hash).inserted, "length \(length)")
            for position in 0..<length {
                var changed = base
                changed[position] ^= 0x01
                #expect(Self.hash(changed) != hash, "length \(length), byte \(position)")
            }
        }
        // Zero bytes of different lengths are different values.
        #expect(Self.hash([0]) != Self.hash([0, 0]))
        #expect(Self.hash([0]) != Self.hash([]))
    }

    /// 200,000 numbers as text (short values, as most fields are) give 200,000 hashes, and their top 16 bits
    /// (the fingerprints) are spread over all 65,536 values.
    @Test func shortValuesDoNotCollide() {
        var hashes = Set<UInt64>()
        var prints = Set<UInt16>()
        for number in 0..<200_000 {
            let hash = Self.hash(Array(String(number).utf8))
            hashes.insert(hash)
            prints.insert(UInt16(truncatingIfNeeded: hash >> 48))
        }
        #expect(hashes.count == 200_000)
        #expect(prints.count > 60_000)
    }

    @Test func combineIsOrdered() {
        #expect(ValueHash.combine(1, 2) != ValueHash.combine(2, 1))
    }
}
