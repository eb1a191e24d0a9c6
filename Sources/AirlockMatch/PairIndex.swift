/// Two records' indexes held as one number (the first in the high 32 bits): a candidate pair (a Sales record and an
/// F&O record, or two records of one side), sorted by its first record and then its second, hashed and stored as
/// cheaply as one `UInt64`.
public struct PairIndex: Sendable, Hashable, Comparable {
    /// The two indexes, the first in the high half.
    public let packed: UInt64

    /// The pair of record `first` and record `second` (each below 2³²).
    @inline(__always)
    public init(_ first: Int, _ second: Int) {
        packed = UInt64(truncatingIfNeeded: first) << 32 | UInt64(truncatingIfNeeded: second) & 0xFFFF_FFFF
    }

    /// The pair of two records of one side, the lower index first, so that `(a, b)` and `(b, a)` are one pair.
    @inline(__always)
    public static func unordered(_ a: Int, _ b: Int) -> PairIndex { PairIndex(min(a, b), max(a, b)) }

    /// The first record's index.
    @inline(__always)
    public var first: Int { Int(packed >> 32) }

    /// The second record's index.
    @inline(__always)
    public var second: Int { Int(packed & 0xFFFF_FFFF) }

    @inline(__always)
    public static func < (lhs: PairIndex, rhs: PairIndex) -> Bool { lhs.packed < rhs.packed }
}
