/// A fast 64-bit hash of one short byte string (a field value, an encoded key), eight bytes at a step: what `diff`
/// and `convert --since` take of every compared value and key, where a byte-at-a-time hash cost more than reading
/// the value did.
///
/// Each step multiplies two 64-bit words into 128 bits and folds the halves together (a full-width multiply mixes
/// every input bit into the middle of the product). A string of up to 16 bytes is two words read at its two ends
/// (they overlap when it is shorter than 16 bytes, so every byte is read) mixed with its length; a longer one is
/// folded 16 bytes at a step first. The constants are hexadecimal digits of π, chosen for no other reason. Two
/// different strings share a hash with probability about 2⁻⁶⁴ unless they were crafted to: this is not a
/// cryptographic hash, and it is the same on every platform and in every run.
public enum ValueHash {
    @usableFromInline static let k0: UInt64 = 0x243F_6A88_85A3_08D3
    @usableFromInline static let k1: UInt64 = 0x1319_8A2E_0370_7344
    @usableFromInline static let k2: UInt64 = 0xA409_3822_299F_31D0
    @usableFromInline static let k3: UInt64 = 0x082E_FA98_EC4E_6C89

    /// The hash of `bytes`.
    @inlinable
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return fold(k0, k3) }
        var seed = k0
        let first: UInt64
        let last: UInt64
        if count > 16 {
            var offset = 0
            while count - offset > 16 {
                seed = fold(word(base, offset) ^ k1, word(base, offset + 8) ^ seed)
                offset += 16
            }
            first = word(base, count - 16)
            last = word(base, count - 8)
        } else if count >= 8 {
            first = word(base, 0)
            last = word(base, count - 8)
        } else if count >= 4 {
            first = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
            last = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        } else {
            let bytes = base.assumingMemoryBound(to: UInt8.self)
            first = UInt64(bytes[0]) << 16 | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1])
            last = 0
        }
        return fold(fold(first ^ k1, last ^ seed) ^ k2, UInt64(count) ^ k3)
    }

    /// A hash of two hashes, in order (to extend a value's hash by a part that belongs to it).
    @inlinable
    public static func combine(_ first: UInt64, _ second: UInt64) -> UInt64 {
        fold(first ^ k1, second ^ k2)
    }

    /// The two halves of `a × b` (128 bits) folded into one word.
    @inlinable @inline(__always)
    static func fold(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let product = a.multipliedFullWidth(by: b)
        return product.high ^ product.low
    }

    @inlinable @inline(__always)
    static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
}
