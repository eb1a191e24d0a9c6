/// A 128-bit digest of a record's compared values (a MurmurHash3 x64 128-bit hash): what `diff`'s key index keeps of
/// an old record, and `verify` of a sent one, instead of its values, so that a change is missed only when two
/// different sets of values share a digest (how likely that is depends on what was hashed: see `RecordDigester` and
/// `verify`'s `FieldDigester`).
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
