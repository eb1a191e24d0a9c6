import AirlockNormalize

/// How one signal of a pair compares (docs/match.md, "The model"): the levels a Fellegi–Sunter model weighs. A
/// signal one side lacks is `absent` and says nothing. Most signals take `exact`, `close`, `weak` and `different`; a
/// person's given name also takes `initial`, `nickname` and `phonetic`, its family name `phonetic`. What a level
/// weighs is estimated per signal: the raw values only name the levels, they do not order them.
public enum ComparisonLevel: UInt8, Sendable, CaseIterable {
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
    /// A given name written as its initial (`K.` and `Kimberly`).
    case initial = 5
    /// A given name and its nickname or diminutive (`Bob` and `Robert`), or two of one name's (`Bob` and `Rob`).
    case nickname = 6
    /// Names that sound alike (the same Soundex code) and are not close in spelling (`Catherine`, `Kathryn`).
    case phonetic = 7

    /// The levels a present value can take.
    public static let present: [ComparisonLevel] = [.exact, .close, .weak, .different, .initial, .nickname, .phonetic]

    /// How many values a level is held in (`ComparisonVector`): 3 bits.
    static let count = 8

    /// Whether the level says a person's name part is the same name (spelt, shortened or heard another way).
    var isNameAgreement: Bool { self != .absent && self != .different && self != .weak }
}
