import Foundation

/// A record's street, house number, postcode and city say one thing: where it is. Where they agree, each part adds
/// what it adds (a street is found in many towns, a postcode holds many streets). Where no part a pair holds agrees
/// (each differs, or is only weakly alike: `Kerkstraat` and `Brugstraat`), the parts do not say four times that the
/// pair is apart: a company that moved, or two places, differ in all of them at once. Summed as four independent
/// pieces of evidence, a move weighs some 17 bits against the pair, more than an exact name and e-mail for it; so the
/// joint event weighs once, `log2(apartM / apartU)`, as estimated from the pairs (docs/match.md, "The model").
extension MatchModel {
    /// The parts of a place.
    public static let placeParts: [MatchSignal] = [.street, .houseNumber, .postcode, .city]

    /// How many parts of the place `vector` holds, and whether none of them agrees (two held at least; a weak
    /// likeness is no agreement, nor, where both hold a street, is the city or a postcode one character off).
    public static func place(_ vector: ComparisonVector) -> (held: Int, apart: Bool) {
        var held = 0
        var apart = true
        for part in placeParts {
            switch vector[part] {
            case .absent: continue
            case .weak, .different, .initial, .nickname, .phonetic: held += 1
            case .exact, .close:
                held += 1
                // Where the streets differ: a town holds many streets, and a postcode one digit off is a neighbouring
                // one as often as a typo: neither brings a place that moved within the town back.
                let withinTown = vector[.street] != .absent && (part == .city || (part == .postcode && vector[part] == .close))
                if !withinTown { apart = false }
            }
        }
        return (held, apart && held >= 2)
    }

    /// The weight in bits of a place none of whose parts agrees, for a pair of name group `group`.
    public func apartWeight(group: NameGroup) -> Double {
        let u = apartU[group] ?? apartU[.missing] ?? 0
        guard apartM > 0, u > 0 else { return 0 }
        return min(Self.weightLimit, max(-Self.weightLimit, log2(apartM / u)))
    }

    /// What to add to the sum of `vector`'s level weights so that a place none of whose parts agrees weighs once:
    /// the joint weight less the parts' own; 0 for any other place.
    public func placeCorrection(_ vector: ComparisonVector, group: NameGroup) -> Double {
        guard Self.place(vector).apart else { return 0 }
        let parts = Self.placeParts.reduce(0) { $0 + weight($1, vector[$1], group: group) }
        return apartWeight(group: group) - parts
    }
}
