import AirlockKit
import Testing

/// `MurmurHash3.hash128` gives the reference implementation's words (vectors from the `mmh3` Python package, an
/// independent implementation of `MurmurHash3_x64_128`): every tail length path, one and several blocks, a seed.
struct MurmurHash3Tests {
    static func hash(_ bytes: [UInt8], seed: UInt32 = 0) -> (UInt64, UInt64) {
        let result = bytes.withUnsafeBytes { MurmurHash3.hash128($0, seed: seed) }
        return (result.h1, result.h2)
    }

    @Test func matchesTheReferenceVectors() {
        let fox = Array("The quick brown fox jumps over the lazy dog".utf8)
        let cases: [([UInt8], UInt32, UInt64, UInt64)] = [
            ([], 0, 0, 0),
            (Array("a".utf8), 0, 0x8555_5565_F659_7889, 0xE6B5_3A48_510E_895A),
            (Array("hello".utf8), 0, 0xCBD8_A7B3_41BD_9B02, 0x5B1E_906A_48AE_1D19),
            (fox, 0, 0xE34B_BC7B_BC07_1B6C, 0x7A43_3CA9_C49A_9347),
            (Array(0..<33), 0, 0x7D41_281B_FABA_4612, 0x55AC_8073_A7D6_A30B),
            (Array(0..<15), 7, 0x688B_EA6B_8B27_A4AE, 0x1955_6593_41AE_9E4B),
            (Array(0..<16), 7, 0xBDCC_FBF8_9CFD_226F, 0xFE91_7A49_5CEE_C318),
            (Array(0..<17), 7, 0x779E_8001_96EE_1661, 0x0EDE_F569_F03F_F70B),
        ]
        for (bytes, seed, h1, h2) in cases {
            let (got1, got2) = Self.hash(bytes, seed: seed)
            #expect(got1 == h1 && got2 == h2, "\(bytes.count) bytes, seed \(seed)")
        }
    }
}

/// `MurmurHash3.WordHasher` gives `hash128` of the words' little-endian bytes, for every count of words up to a few
/// blocks (an even count ends on a block, an odd one on the eight-byte tail).
struct MurmurHash3WordHasherTests {
    @Test func equalsTheHashOfTheWordsBytes() {
        let words: [UInt64] = (0..<9).map { 0x0123_4567_89AB_CDEF &* UInt64($0 + 1) ^ UInt64($0) << 56 }
        for count in 0...words.count {
            var hasher = MurmurHash3.WordHasher()
            var bytes: [UInt8] = []
            for word in words.prefix(count) {
                hasher.add(word)
                withUnsafeBytes(of: word.littleEndian) { bytes += $0 }
            }
            let expected = bytes.withUnsafeBytes { MurmurHash3.hash128($0) }
            let got = hasher.finish()
            #expect(got.h1 == expected.h1 && got.h2 == expected.h2, "\(count) words")
            #expect(hasher.wordCount == count)
        }
    }
}
