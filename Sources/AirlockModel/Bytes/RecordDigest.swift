/// A 128-bit digest of a record's compared values (their MurmurHash3 x64 128-bit hash): what `diff`'s key index
/// keeps of an old record, and `verify` of a sent one, instead of its values. Two records with different values share
/// a digest with probability about 2⁻¹²⁸, so a change is missed only then.
public struct RecordDigest: Hashable, Sendable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The MurmurHash3 (x64, 128-bit) digest of `bytes`.
    public init(of bytes: UnsafeRawBufferPointer) {
        let hash = MurmurHash3.hash128(bytes)
        self.init(high: hash.h1, low: hash.h2)
    }
}
