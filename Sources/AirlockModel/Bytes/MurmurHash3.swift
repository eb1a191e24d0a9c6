/// MurmurHash3's x64 128-bit variant (Austin Appleby's `MurmurHash3_x64_128`, public domain): a fast,
/// well-mixed, non-cryptographic 128-bit hash of a byte string, the same on every platform and in every run.
///
/// For digests that only need to tell different inputs apart with overwhelming probability (about 2⁻¹²⁸ for a
/// pair of inputs not chosen to collide), at several GB/s; it is not a defence against inputs crafted to collide.
public enum MurmurHash3 {
    @usableFromInline static let c1: UInt64 = 0x87C3_7B91_1142_53D5
    @usableFromInline static let c2: UInt64 = 0x4CF5_AD43_2745_937F

    /// The hash of `bytes` with `seed`, as the reference implementation's two output words (`h1`, `h2`): its 16
    /// output bytes are `h1` then `h2`, each little-endian.
    public static func hash128(_ bytes: UnsafeRawBufferPointer, seed: UInt32 = 0) -> (h1: UInt64, h2: UInt64) {
        let length = bytes.count
        var h1 = UInt64(seed)
        var h2 = UInt64(seed)
        var offset = 0
        if let base = bytes.baseAddress {
            while offset + 16 <= length {
                var k1 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                var k2 = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                offset += 16
                k1 = k1 &* c1
                k1 = rotl(k1, 31) &* c2
                h1 ^= k1
                h1 = rotl(h1, 27) &+ h2
                h1 = h1 &* 5 &+ 0x52DC_E729
                k2 = k2 &* c2
                k2 = rotl(k2, 33) &* c1
                h2 ^= k2
                h2 = rotl(h2, 31) &+ h1
                h2 = h2 &* 5 &+ 0x3849_5AB5
            }
            let rest = length - offset
            if rest > 0 {
                var k1: UInt64 = 0
                var k2: UInt64 = 0
                for index in 0..<rest {
                    let byte = UInt64(base.load(fromByteOffset: offset + index, as: UInt8.self))
                    if index < 8 { k1 |= byte << (8 * UInt64(index)) } else { k2 |= byte << (8 * UInt64(index - 8)) }
                }
                if rest > 8 {
                    k2 = k2 &* c2
                    k2 = rotl(k2, 33) &* c1
                    h2 ^= k2
                }
                k1 = k1 &* c1
                k1 = rotl(k1, 31) &* c2
                h1 ^= k1
            }
        }
        return finished(h1, h2, length: UInt64(length))
    }

    /// The last steps of the hash, from the state after every block and the tail: the length mixed in, both words
    /// finalised and each added into the other.
    @usableFromInline
    static func finished(_ h1: UInt64, _ h2: UInt64, length: UInt64) -> (h1: UInt64, h2: UInt64) {
        var h1 = h1 ^ length
        var h2 = h2 ^ length
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        h1 = finalised(h1)
        h2 = finalised(h2)
        h1 = h1 &+ h2
        h2 = h2 &+ h1
        return (h1, h2)
    }

    @inlinable @inline(__always)
    static func rotl(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    /// murmur3's 64-bit finaliser (`fmix64`): every input bit affects every output bit. `KeyDigester` uses it too.
    @inlinable
    public static func finalised(_ value: UInt64) -> UInt64 {
        var k = value
        k ^= k >> 33
        k = k &* 0xFF51_AFD7_ED55_8CCD
        k ^= k >> 33
        k = k &* 0xC4CE_B9FE_1A85_EC53
        k ^= k >> 33
        return k
    }
}
