/// How one signal of a pair compares (docs/match.md, "The model"): the levels a Fellegi–Sunter model weighs. A
/// signal one side lacks is `absent` and says nothing; the others are ordered from full agreement down.
public enum ComparisonLevel: UInt8, Sendable, CaseIterable, Comparable {
    /// One side lacks the value.
    case absent = 0
    /// The values are equal (after folding).
    case exact = 1
    /// Nearly equal: the similarity the signal's level states (a typo, a transposed letter, one digit off).
    case close = 2
    /// Alike in part (a name of which most words pair, a street of the same first letters).
    case weak = 3
    /// Different.
    case different = 4

    /// The levels a present value can take.
    public static let present: [ComparisonLevel] = [.exact, .close, .weak, .different]

    public static func < (lhs: ComparisonLevel, rhs: ComparisonLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}
