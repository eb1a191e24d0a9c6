/// A pair's comparison: each signal's level (`ComparisonLevel`), three bits a signal in one word, so that the
/// patterns of millions of candidate pairs are counted, not kept as records.
public struct ComparisonVector: Sendable, Hashable {
    /// Signal `i` (its position in `MatchSignal.allCases`) in bits `3i`…`3i+2`.
    public var bits: UInt64 = 0

    /// The bits a level takes.
    static let levelBits: UInt64 = 3
    static let levelMask: UInt64 = 0x7

    public init(bits: UInt64 = 0) { self.bits = bits }

    /// The level of `signal`.
    public subscript(signal: MatchSignal) -> ComparisonLevel {
        get { ComparisonLevel(rawValue: UInt8((bits >> Self.shift(signal)) & Self.levelMask)) ?? .absent }
        set {
            let shift = Self.shift(signal)
            bits = (bits & ~(Self.levelMask << shift)) | (UInt64(newValue.rawValue) << shift)
        }
    }

    /// The signals that are not absent, with their levels, in `MatchSignal.allCases` order.
    public var present: [(signal: MatchSignal, level: ComparisonLevel)] {
        MatchSignal.allCases.compactMap { signal in
            let level = self[signal]
            return level == .absent ? nil : (signal, level)
        }
    }

    static func shift(_ signal: MatchSignal) -> UInt64 { UInt64(signal.index) * levelBits }
}
