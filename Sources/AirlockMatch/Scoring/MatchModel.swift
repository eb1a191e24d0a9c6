import Foundation

/// A Fellegi–Sunter model of one entity's pairs (docs/match.md, "The model"): per signal and level, how likely the
/// level is among pairs that are one record (`m`) and among pairs that are not (`u`), and how many of the candidate
/// pairs are one record (`prior`). A level's weight is `log2(m / u)`, in bits: what it says for (positive) or
/// against (negative) the pair; a pair's match probability follows from the prior's odds and the sum of its
/// weights. The numbers are estimated from the exports themselves (`MatchModelEstimator`), never set by hand.
public struct MatchModel: Sendable, Equatable {
    /// `m[signal][level]`, `u[signal][level]`: the probabilities of each present level (`ComparisonLevel.present`,
    /// indexed by its raw value), each signal's summing to 1 over the levels it takes.
    public var m: [MatchSignal: [Double]]
    public var u: [MatchSignal: [Double]]
    /// The share of the candidate pairs that are one record.
    public var prior: Double
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

    /// The weight of `level` of `signal` in bits; 0 for `absent`.
    public func weight(_ signal: MatchSignal, _ level: ComparisonLevel) -> Double {
        guard level != .absent, let m = m[signal]?[Int(level.rawValue)], let u = u[signal]?[Int(level.rawValue)], m > 0, u > 0 else {
            return 0
        }
        return min(Self.weightLimit, max(-Self.weightLimit, log2(m / u)))
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

    /// The sum of the weights of `vector`.
    public func bits(_ vector: ComparisonVector) -> Double {
        vector.present.reduce(0) { $0 + weight($1.signal, $1.level) }
    }
}
