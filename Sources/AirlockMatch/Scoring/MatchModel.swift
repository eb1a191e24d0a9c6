import Foundation

/// A Fellegi–Sunter model of one entity's pairs (docs/match.md, "The model"): per signal and level, how likely the
/// level is among pairs that are one record (`m`) and among pairs that are not (`u`), and how many of the candidate
/// pairs are one record (`prior`). A level's weight is `log2(m / u)`, in bits: what it says for (positive) or
/// against (negative) the pair; a pair's match probability follows from the prior's odds and the sum of its
/// weights. The numbers are estimated from the exports themselves (`MatchModelEstimator`), never set by hand.
///
/// Two candidate records that are not one are seldom alike by chance: whose names are alike are sister companies
/// sharing a domain and a postcode, or namesakes; whose names are not were paired for sharing a company or an address
/// (colleagues, neighbours); whose family names are alike and given names not are relatives, often of one household.
/// So the other signals' `u` is held four times: `uAlike` among candidates whose names are alike, `uUnlike` among
/// those whose names are not, `uRelative` among relatives, `u` (random pairs) where a name is missing: agreeing on a domain
/// says less when the names already agree, and a colleague's shared company says nothing of being the same person.
public struct MatchModel: Sendable, Equatable {
    /// `m[signal][level]`, `u[signal][level]`: the probabilities of each present level (`ComparisonLevel.present`,
    /// indexed by its raw value), each signal's summing to 1 over the levels it takes.
    public var m: [MatchSignal: [Double]]
    public var u: [MatchSignal: [Double]]
    /// `u` of the signals other than the name, among candidates whose names are alike (exact or close), and among
    /// those whose names are not (weak or different); a signal they lack takes `u`.
    public var uAlike: [MatchSignal: [Double]] = [:]
    public var uUnlike: [MatchSignal: [Double]] = [:]

    /// `u` of the signals other than the names among candidates whose family names are alike and whose given names are
    /// not: relatives, who share a family name and, in a household, an address (`NameGroup.relative`).
    public var uRelative: [MatchSignal: [Double]] = [:]

    /// Which `u` a pair's signals other than the name take, by its names' levels.
    public enum NameGroup: Sendable, CaseIterable {
        case missing, alike, unlike
        /// A person's family names alike and given names not: a relative, a spouse, a namesake's family.
        case relative

        /// The group of `vector`: a person's by the given and family names, anything else's by its name.
        public init(_ vector: ComparisonVector) {
            let family = vector[.familyName]
            let given = vector[.givenName]
            if family != .absent || given != .absent {
                if family == .absent {
                    self = given.isNameAgreement ? .alike : .unlike
                } else if !family.isNameAgreement {
                    self = .unlike
                } else {
                    // With another given name, the same family name says "of one family", not "one person".
                    self = given == .absent || given.isNameAgreement ? .alike : .relative
                }
                return
            }
            switch vector[.name] {
            case .absent: self = .missing
            case .exact, .close: self = .alike
            default: self = .unlike
            }
        }

        /// The group's position in tables held per group.
        var index: Int {
            switch self {
            case .missing: 0
            case .alike: 1
            case .unlike: 2
            case .relative: 3
            }
        }
    }
    /// The share of the candidate pairs that are one record.
    public var prior: Double
    /// Among pairs holding two parts of the place at least (`placeParts`), the share none of whose parts agrees: among
    /// pairs that are one record (`apartM`: the record moved) and among pairs that are not (`apartU`, by name group;
    /// `missing` the random pairs'). See `placeCorrection`.
    public var apartM = 0.05
    public var apartU: [NameGroup: Double] = [:]
    /// The expectation-maximisation rounds the estimate took, and whether it converged.
    public var rounds = 0
    public var converged = false
    /// The random pairs `u` was counted on, and the candidate pairs `m` was estimated on.
    public var randomPairs = 0
    public var candidatePairs = 0

    /// The most a single level says either way, in bits: a level never seen among the random pairs would otherwise
    /// be taken for certainty.
    public static let weightLimit = 20.0

    public init(m: [MatchSignal: [Double]], u: [MatchSignal: [Double]], prior: Double) {
        self.m = m
        self.u = u
        self.prior = prior
    }

    /// Among relatives (`NameGroup.relative`), the share of candidate pairs that are one record, estimated over them
    /// alone; 0 until estimated. The family name's agreement weighs `log2` of its odds against the prior's there: what
    /// the same family name says where the given names differ is how often such pairs are one person in these exports
    /// (a household's members in one, a given name replaced by a typist in another), not how rare the name is.
    public var relativePrior = 0.0

    /// The weight of `level` of `signal` in bits, for a pair of name group `group`; 0 for `absent`.
    public func weight(_ signal: MatchSignal, _ level: ComparisonLevel, group: NameGroup = .missing) -> Double {
        if signal == .familyName, group == .relative, relativePrior > 0, level.isNameAgreement {
            let odds = { (share: Double) in log2(share / (1 - share)) }
            return min(Self.weightLimit, max(-Self.weightLimit, odds(relativePrior) - odds(prior)))
        }
        let at = Int(level.rawValue)
        // A table shorter than the levels (a model written with the four levels most signals take) lacks the rest.
        guard level != .absent, let table = uTable(signal, group), let ms = m[signal], at < table.count, at < ms.count else { return 0 }
        let (m, u) = (ms[at], table[at])
        guard m > 0, u > 0 else { return 0 }
        return min(Self.weightLimit, max(-Self.weightLimit, log2(m / u)))
    }

    /// The `u` of `signal` for a pair of name group `group`.
    public func uTable(_ signal: MatchSignal, _ group: NameGroup) -> [Double]? {
        guard !MatchSignal.names.contains(signal) else { return u[signal] }
        switch group {
        case .missing: return u[signal]
        case .alike: return uAlike[signal] ?? u[signal]
        case .unlike: return uUnlike[signal] ?? u[signal]
        case .relative: return uRelative[signal] ?? uUnlike[signal] ?? u[signal]
        }
    }

    /// The match probability of a pair whose weights sum to `bits`, under the prior.
    public func probability(bits: Double) -> Double {
        let priorBits = log2(prior / (1 - prior))
        let total = priorBits + bits
        if total > 60 { return 1 }
        if total < -60 { return 0 }
        let odds = pow(2, total)
        return odds / (1 + odds)
    }

    /// The sum of the weights of `vector`, its place taken as one (`placeCorrection`).
    public func bits(_ vector: ComparisonVector) -> Double {
        let group = NameGroup(vector)
        return vector.present.reduce(0) { $0 + weight($1.signal, $1.level, group: group) } + placeCorrection(vector, group: group)
    }
}
