import Foundation

/// Estimates a `MatchModel` from the exports themselves, as Fellegi and Sunter's model is fitted without labels
/// (docs/match.md, "The model"; the method of Splink and of fastLink):
/// - `u`, how often each level occurs among pairs that are not one record, is counted on random pairs of the two
///   sides: almost every random pair is two records;
/// - `m`, how often each level occurs among pairs that are one record, and the prior share of such pairs among the
///   candidates, by expectation-maximisation over the candidate pairs' comparison patterns, `u` held fixed;
/// - pairs a reviewer decided (`--reviewed`) take part as known: an accepted pair is one record, a rejected one is
///   not.
/// Patterns are counted, not pairs kept: a million candidate pairs make a few thousand patterns.
public enum MatchModelEstimator {
    /// The pseudo-count each level of a signal starts from, so that a level seen in none of the pairs is rare,
    /// not impossible.
    static let pseudoCount = 0.5
    /// The most rounds, and the change of every parameter under which the estimate has converged.
    static let maximumRounds = 200
    static let tolerance = 1e-7

    /// The model of pairs whose comparison patterns are `candidates` (pattern → pairs), with `random` the patterns
    /// of random pairs of the two sides, and `accepted` and `rejected` those of pairs a reviewer decided.
    public static func estimate(
        candidates: [ComparisonVector: Int], random: [ComparisonVector: Int], accepted: [ComparisonVector: Int] = [:],
        rejected: [ComparisonVector: Int] = [:], expectedMatches: Int? = nil, estimateU: Bool = true
    ) -> MatchModel {
        let levelCount = ComparisonLevel.allCases.count
        // The levels each signal takes in any pair seen.
        var takes: [MatchSignal: Set<Int>] = [:]
        for patterns in [candidates, random, accepted, rejected] {
            for vector in patterns.keys {
                for (signal, level) in vector.present { takes[signal, default: []].insert(Int(level.rawValue)) }
            }
        }
        var u: [MatchSignal: [Double]] = [:]
        var randomCounts: [MatchSignal: [Double]] = [:]
        for (vector, count) in random {
            for (signal, level) in vector.present {
                randomCounts[signal, default: Array(repeating: 0, count: levelCount)][Int(level.rawValue)] += Double(count)
            }
        }
        for (signal, levels) in takes {
            let counts = randomCounts[signal] ?? Array(repeating: 0, count: levelCount)
            let total = levels.reduce(0) { $0 + counts[$1] } + pseudoCount * Double(levels.count)
            u[signal] = (0..<levelCount).map { levels.contains($0) ? (counts[$0] + pseudoCount) / total : 0 }
        }
        // m starts where agreement is likely among one record's two copies: most of it on the exact level.
        var m: [MatchSignal: [Double]] = [:]
        for (signal, levels) in takes {
            let seed: [Double] = [0, 0.85, 0.08, 0.04, 0.03]
            let total = levels.reduce(0) { $0 + seed[$1] }
            m[signal] = (0..<levelCount).map { levels.contains($0) ? seed[$0] / total : 0 }
        }
        let candidateTotal = candidates.values.reduce(0, +)
        let expected = Double(expectedMatches ?? max(1, candidateTotal / 10))
        var model = MatchModel(m: m, u: u, prior: min(0.5, max(1e-6, expected / Double(max(1, candidateTotal)))))
        model.candidatePairs = candidateTotal
        model.randomPairs = random.values.reduce(0, +)
        let candidateList = Array(candidates).sorted { $0.key.bits < $1.key.bits }
        let acceptedList = Array(accepted).sorted { $0.key.bits < $1.key.bits }
        let rejectedTotal = Double(rejected.values.reduce(0, +))
        for round in 1...maximumRounds {
            var matchCounts: [MatchSignal: [Double]] = [:]
            var otherCounts: [MatchSignal: [Double]] = [:]
            var matches = 0.0
            func count(_ vector: ComparisonVector, _ weight: Double, into counts: inout [MatchSignal: [Double]]) {
                for (signal, level) in vector.present {
                    counts[signal, default: Array(repeating: 0, count: levelCount)][Int(level.rawValue)] += weight
                }
            }
            for (vector, pairs) in candidateList {
                let posterior = model.probability(bits: model.bits(vector))
                matches += posterior * Double(pairs)
                count(vector, posterior * Double(pairs), into: &matchCounts)
                count(vector, (1 - posterior) * Double(pairs), into: &otherCounts)
            }
            for (vector, pairs) in acceptedList {
                matches += Double(pairs)
                count(vector, Double(pairs), into: &matchCounts)
            }
            for (vector, pairs) in rejected { count(vector, Double(pairs), into: &otherCounts) }
            var next = model
            var change = 0.0
            for (signal, levels) in takes {
                let counts = matchCounts[signal] ?? Array(repeating: 0, count: levelCount)
                let total = levels.reduce(0) { $0 + counts[$1] } + pseudoCount * Double(levels.count)
                let estimate = (0..<levelCount).map { levels.contains($0) ? (counts[$0] + pseudoCount) / total : 0 }
                for level in levels { change = max(change, abs(estimate[level] - (model.m[signal]?[level] ?? 0))) }
                next.m[signal] = estimate
                if estimateU {
                    let other = otherCounts[signal] ?? Array(repeating: 0, count: levelCount)
                    let otherTotal = levels.reduce(0) { $0 + other[$1] } + pseudoCount * Double(levels.count)
                    next.u[signal] = (0..<levelCount).map { levels.contains($0) ? (other[$0] + pseudoCount) / otherTotal : 0 }
                }
            }
            let pairs = Double(candidateTotal + acceptedList.reduce(0) { $0 + $1.value }) + rejectedTotal
            next.prior = min(1 - 1e-9, max(1e-9, matches / max(1, pairs)))
            change = max(change, abs(next.prior - model.prior))
            model = next
            model.rounds = round
            if change < tolerance {
                model.converged = true
                break
            }
        }
        return model
    }
}
