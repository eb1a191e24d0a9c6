import AirlockModel

/// The 64-bit digest a `KeyIndex` files encoded keys under.
///
/// The digest only narrows the search: every digest match is confirmed by comparing the encoded key bytes,
/// so a collision costs time, never a wrong match. That is why 64 bits suffice, and why tests can inject a
/// deliberately weak digester to force collisions.
public struct KeyDigester: Sendable {
    let digest: @Sendable (UnsafeRawBufferPointer) -> UInt64

    /// A digester from a function of the encoded key bytes.
    public init(_ digest: @escaping @Sendable (UnsafeRawBufferPointer) -> UInt64) {
        self.digest = digest
    }

    /// FNV-1a over the bytes with a murmur3 finaliser (so the low bits used for slots are well mixed).
    /// The same in every run, unlike `Hasher`.
    public static let standard = KeyDigester { bytes in finalised(fnv1a(bytes)) }

    /// The FNV-1a offset basis: where `fnv1a` starts.
    public static let fnvOffsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// The FNV-1a prime that each byte is multiplied in with.
    public static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    /// FNV-1a over `bytes`, continuing from `hash` (to digest a key given in parts).
    @inlinable
    public static func fnv1a(_ bytes: UnsafeRawBufferPointer, continuing hash: UInt64 = fnvOffsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    /// murmur3's 64-bit finaliser, which spreads every bit of `hash` over the low bits (`MurmurHash3.finalised`).
    @inlinable
    public static func finalised(_ hash: UInt64) -> UInt64 { MurmurHash3.finalised(hash) }
}
