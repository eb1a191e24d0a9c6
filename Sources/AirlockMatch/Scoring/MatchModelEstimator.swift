import Foundation

/// Estimates a `MatchModel` from the exports themselves, as Fellegi and Sunter's model is fitted without labels
/// (docs/match.md, "The model"; the method of Splink):
/// - `u`, how often each level occurs among pairs that are not one record, is counted on random pairs of the two
///   sides: almost every random pair is two records;
/// - `m`, how often each level occurs among pairs that are one record, by expectation-maximisation in two sessions,
///   each over the candidate pairs that agree on what the other session learns, and weighing only the signals that
///   agreement does not bias: pairs with alike names learn every other signal's `m`, and its `u` among such pairs
///   (`uAlike`: their non-matches are namesakes and sister companies, which share domains and postcodes more often than
///   random pairs do); pairs that share a postcode, a street, a company or a product number learn the name's `m` (their
///   non-matches are neighbours and colleagues, as random in their names as random pairs, whose `u` holds); persons
///   placed by their address, their given and family names' `u` estimated among those pairs with their `m`;
/// - among relatives (a person's family name alike, the given name not), the other signals' `u` and the relatives' own
///   prior (`MatchModel.relativePrior`);
/// - the prior share of one-record pairs among the candidates, every other number held;
/// - labelled pairs (`accepted`, `rejected`) take part as known where a caller passes them: an accepted pair is one
///   record, a rejected one is not. `airlock match` passes none: a reviewer's decisions settle their own records and
///   do not re-weigh the model (docs/match.md, "Reviewing").
/// Patterns are counted, not pairs kept: a million candidate pairs make a few thousand patterns.
public enum MatchModelEstimator {
    /// The pseudo-count each level of a signal starts from, so that a level seen in none of the pairs is rare,
    /// not impossible.
    static let pseudoCount = 0.5
    /// How many pairs' worth the random pairs' `u` weighs in a session's estimate of `u` among alike or unlike names:
    /// a few such pairs then move it little, where alone (with the pseudo-count) they would spread it evenly over the
    /// levels and leave every signal weighing nothing (a few dozen products, say).
    static let randomPairsWeight = 50.0
    /// The most rounds of a session, and the change of every parameter under which it has converged.
    static let maximumRounds = 200
    static let tolerance = 1e-7

    /// The signals of a place or an organisation: shared by neighbours and colleagues, who are not one record.
    static let placeSignals: Set<MatchSignal> = [.postcode, .street, .houseNumber, .city, .country, .company, .domain, .phone]

    /// The model of pairs whose comparison patterns are `candidates` (pattern → pairs), with `random` the patterns
    /// of random pairs of the two sides, and `accepted` and `rejected` those of pairs a reviewer decided;
    /// `expectedMatches` seeds the prior (the smaller side's records).
    public static func estimate(
        candidates: [ComparisonVector: Int], random: [ComparisonVector: Int], accepted: [ComparisonVector: Int] = [:],
        rejected: [ComparisonVector: Int] = [:], expectedMatches: Int? = nil
    ) -> MatchModel {
        let levelCount = ComparisonLevel.count
        // The levels each signal takes in any pair seen.
        var seen: [MatchSignal: Set<Int>] = [:]
        for patterns in [candidates, random, accepted, rejected] {
            for vector in patterns.keys {
                for (signal, level) in vector.present { seen[signal, default: []].insert(Int(level.rawValue)) }
            }
        }
        // In order: a sum over a set's elements would run in another order in another process.
        let takes = seen.mapValues { $0.sorted() }
        var u: [MatchSignal: [Double]] = [:]
        var randomCounts: [MatchSignal: [Double]] = [:]
        // In a fixed order: sums of doubles in another order differ in their last bits, and equal inputs must give
        // equal outputs.
        for (vector, count) in random.sorted(by: { $0.key.bits < $1.key.bits }) {
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
            // absent, exact, close, weak, different, initial, nickname, phonetic.
            let seed: [Double] = [0, 0.85, 0.08, 0.04, 0.03, 0.03, 0.03, 0.03]
            let total = levels.reduce(0) { $0 + seed[$1] }
            m[signal] = (0..<levelCount).map { levels.contains($0) ? seed[$0] / total : 0 }
        }
        let candidateTotal = candidates.values.reduce(0, +)
        let expected = Double(expectedMatches ?? max(1, candidateTotal / 10))
        var model = MatchModel(m: m, u: u, prior: min(0.5, max(1e-6, expected / Double(max(1, candidateTotal)))))
        model.uAlike = u.filter { !MatchSignal.names.contains($0.key) }
        model.uUnlike = model.uAlike
        model.uRelative = model.uAlike
        // A place none of whose parts agrees, among the random pairs holding two parts at least.
        var held = 0.0
        var apart = 0.0
        for (vector, count) in random.sorted(by: { $0.key.bits < $1.key.bits }) {
            let place = MatchModel.place(vector)
            guard place.held >= 2 else { continue }
            held += Double(count)
            if place.apart { apart += Double(count) }
        }
        let apartU = (apart + pseudoCount) / (held + 2 * pseudoCount)
        model.apartU = Dictionary(uniqueKeysWithValues: MatchModel.NameGroup.allCases.map { ($0, apartU) })
        model.candidatePairs = candidateTotal
        model.randomPairs = random.values.reduce(0, +)
        let signals = Set(takes.keys)
        model.converged = true

        let alike: (ComparisonVector) -> Bool = { MatchModel.NameGroup($0) == .alike }
        let unlike: (ComparisonVector) -> Bool = { MatchModel.NameGroup($0) == .unlike }
        let relative: (ComparisonVector) -> Bool = { MatchModel.NameGroup($0) == .relative }
        // Persons are placed by their address: a town's people share its postcode (a simulated town's, one for all),
        // so pairs sharing one are no sample of one-record pairs.
        let persons = signals.contains(.givenName) || signals.contains(.familyName)
        let placed: (ComparisonVector) -> Bool = {
            if persons {
                return $0[.company] == .exact || ($0[.street] == .exact && $0[.houseNumber] != .different)
            }
            return $0[.postcode] == .exact || $0[.street] == .exact || $0[.company] == .exact || $0[.number] == .exact
        }
        func subset(_ keep: (ComparisonVector) -> Bool, _ patterns: [ComparisonVector: Int]) -> [ComparisonVector: Int] {
            patterns.filter { keep($0.key) }
        }
        // Session 1: alike names; every other signal's m, and its u among such pairs.
        let others = signals.subtracting(MatchSignal.names)
        session(
            &model, takes: takes, candidates: subset(alike, candidates), accepted: subset(alike, accepted),
            rejected: subset(alike, rejected), estimating: others, weighing: others, estimatingU: .alike)
        // Session 2: a shared place, company or product number; the names' m, weighed with what is the record's own.
        let own = signals.subtracting(placeSignals).subtracting([.number])
        // A person's names among pairs at one address are not as random pairs' are: relatives share a family name
        // there. Their `u` among these pairs is estimated with their `m` (the model keeps the random pairs' `u`), or the
        // session takes a household for one person whose given name is misspelt.
        session(
            &model, takes: takes, candidates: subset(placed, candidates), accepted: subset(placed, accepted),
            rejected: subset(placed, rejected), estimating: signals.intersection(MatchSignal.names), weighing: own,
            localU: signals.intersection([.givenName, .familyName]))
        // Session 3: names that are not alike (colleagues and neighbours); the other signals' u among them, every m held
        // and every signal weighed.
        session(
            &model, takes: takes, candidates: subset(unlike, candidates), accepted: subset(unlike, accepted),
            rejected: subset(unlike, rejected), estimating: [], weighing: own, estimatingU: .unlike)
        // Session 3b: a person's family names alike and given names not (relatives, a household at one address); the
        // other signals' u among them, and their own prior (`MatchModel.relativePrior`): how often such a pair is one
        // person here, judged on every signal but the family name, whose agreement is what makes them relatives. The
        // place is weighed too: where relatives are not one household (FEBRL's typists replacing given names), a
        // shared address is what says they are one person; where they are, the u it learns says it is not.
        let priorBefore = model.prior
        let relatives = subset(relative, candidates)
        session(
            &model, takes: takes, candidates: relatives, accepted: subset(relative, accepted), rejected: subset(relative, rejected),
            estimating: [], weighing: signals.subtracting([.familyName, .name]), estimatingU: .relative)
        if !relatives.isEmpty { model.relativePrior = model.prior }
        model.prior = priorBefore
        // The prior, over every candidate, with every level's m and u as estimated.
        session(&model, takes: takes, candidates: candidates, accepted: accepted, rejected: rejected, estimating: [], weighing: signals)
        return model
    }

    /// One session of expectation-maximisation: over `candidates` (and the decided pairs), each pair's posterior from
    /// the prior and the `weighing` signals' weights; `m` of the `estimating` signals and the prior re-estimated from
    /// the posteriors until nothing changes by `tolerance`. The prior a session estimates is its pairs'; the last
    /// session's, over every candidate, is the model's.
    static func session(
        _ model: inout MatchModel, takes: [MatchSignal: [Int]], candidates: [ComparisonVector: Int],
        accepted: [ComparisonVector: Int], rejected: [ComparisonVector: Int], estimating: Set<MatchSignal>, weighing: Set<MatchSignal>,
        estimatingU group: MatchModel.NameGroup? = nil, localU: Set<MatchSignal> = []
    ) {
        let total = candidates.values.reduce(0, +)
        guard total > 0 else { return }
        let levelCount = ComparisonLevel.count
        let candidateList = Array(candidates).sorted { $0.key.bits < $1.key.bits }
        let acceptedList = Array(accepted).sorted { $0.key.bits < $1.key.bits }
        let decidedTotal = Double(accepted.values.reduce(0, +) + rejected.values.reduce(0, +))
        // The `u` of the `localU` signals among this session's pairs, estimated with their `m` and weighed in its
        // posteriors only: the model keeps the random pairs' `u` of them.
        var sessionU: [MatchSignal: [Double]] = [:]
        for signal in localU { sessionU[signal] = model.u[signal] }
        func weight(_ signal: MatchSignal, _ level: ComparisonLevel, group: MatchModel.NameGroup) -> Double {
            guard let local = sessionU[signal] else { return model.weight(signal, level, group: group) }
            let m = model.m[signal]?[Int(level.rawValue)] ?? 0
            let u = local[Int(level.rawValue)]
            guard m > 0, u > 0 else { return 0 }
            return min(MatchModel.weightLimit, max(-MatchModel.weightLimit, log2(m / u)))
        }
        func bits(_ vector: ComparisonVector) -> Double {
            let group = MatchModel.NameGroup(vector)
            let sum = vector.present.reduce(0) { weighing.contains($1.signal) ? $0 + weight($1.signal, $1.level, group: group) : $0 }
            // The place as one, where the session weighs every part the pair holds.
            let placeWeighed = MatchModel.placeParts.allSatisfy { vector[$0] == .absent || weighing.contains($0) }
            return placeWeighed ? sum + model.placeCorrection(vector, group: group) : sum
        }
        // Whether the session estimates the place's joint `m` (with the parts' `m`).
        let estimatesPlace = !estimating.isDisjoint(with: MatchModel.placeParts)
        // The signals whose u the session estimates: all but the names.
        let uSignals = group == nil ? [] : Set(takes.keys).subtracting(MatchSignal.names)
        let countedOthers = uSignals.union(localU)
        let rejectedList = Array(rejected).sorted { $0.key.bits < $1.key.bits }
        for round in 1...maximumRounds {
            var matchCounts: [MatchSignal: [Double]] = [:]
            var otherCounts: [MatchSignal: [Double]] = [:]
            var matches = 0.0
            // Pairs holding two parts of the place at least, and those among them none of whose parts agrees: the
            // matches' (posterior-weighted) and the others'.
            var placeMatches = (held: 0.0, apart: 0.0)
            var placeOthers = (held: 0.0, apart: 0.0)
            func countPlace(_ vector: ComparisonVector, _ weight: Double, into counts: inout (held: Double, apart: Double)) {
                let place = MatchModel.place(vector)
                guard place.held >= 2 else { return }
                counts.held += weight
                if place.apart { counts.apart += weight }
            }
            func count(
                _ vector: ComparisonVector, _ weight: Double, of signals: Set<MatchSignal>, into counts: inout [MatchSignal: [Double]]
            ) {
                for (signal, level) in vector.present where signals.contains(signal) {
                    counts[signal, default: Array(repeating: 0, count: levelCount)][Int(level.rawValue)] += weight
                }
            }
            for (vector, pairs) in candidateList {
                let posterior = model.probability(bits: bits(vector))
                matches += posterior * Double(pairs)
                count(vector, posterior * Double(pairs), of: estimating, into: &matchCounts)
                if estimatesPlace { countPlace(vector, posterior * Double(pairs), into: &placeMatches) }
                if !countedOthers.isEmpty { count(vector, (1 - posterior) * Double(pairs), of: countedOthers, into: &otherCounts) }
                if group != nil { countPlace(vector, (1 - posterior) * Double(pairs), into: &placeOthers) }
            }
            for (vector, pairs) in acceptedList {
                matches += Double(pairs)
                count(vector, Double(pairs), of: estimating, into: &matchCounts)
                if estimatesPlace { countPlace(vector, Double(pairs), into: &placeMatches) }
            }
            for (vector, pairs) in rejectedList {
                if !countedOthers.isEmpty { count(vector, Double(pairs), of: countedOthers, into: &otherCounts) }
                if group != nil { countPlace(vector, Double(pairs), into: &placeOthers) }
            }
            var change = 0.0
            if estimatesPlace {
                let apartM = (placeMatches.apart + pseudoCount) / (placeMatches.held + 2 * pseudoCount)
                change = max(change, abs(apartM - model.apartM))
                model.apartM = apartM
            }
            if let group {
                let random = model.apartU[.missing] ?? 0
                let apartU = (placeOthers.apart + randomPairsWeight * random) / (placeOthers.held + randomPairsWeight)
                change = max(change, abs(apartU - (model.apartU[group] ?? random)))
                model.apartU[group] = apartU
            }
            for signal in estimating {
                guard let levels = takes[signal] else { continue }
                let counts = matchCounts[signal] ?? Array(repeating: 0, count: levelCount)
                let sum = levels.reduce(0) { $0 + counts[$1] } + pseudoCount * Double(levels.count)
                let estimate = (0..<levelCount).map { levels.contains($0) ? (counts[$0] + pseudoCount) / sum : 0 }
                for level in levels { change = max(change, abs(estimate[level] - (model.m[signal]?[level] ?? 0))) }
                model.m[signal] = estimate
            }
            for signal in uSignals {
                guard let levels = takes[signal], let group else { continue }
                let other = otherCounts[signal] ?? Array(repeating: 0, count: levelCount)
                let random = model.u[signal] ?? Array(repeating: 0, count: levelCount)
                let otherSum = levels.reduce(0) { $0 + other[$1] } + randomPairsWeight
                let u = (0..<levelCount).map { levels.contains($0) ? (other[$0] + randomPairsWeight * random[$0]) / otherSum : 0 }
                for level in levels { change = max(change, abs(u[level] - (model.uTable(signal, group)?[level] ?? 0))) }
                switch group {
                case .alike: model.uAlike[signal] = u
                case .relative: model.uRelative[signal] = u
                case .unlike, .missing: model.uUnlike[signal] = u
                }
            }
            for signal in localU {
                guard let levels = takes[signal] else { continue }
                let other = otherCounts[signal] ?? Array(repeating: 0, count: levelCount)
                let sum = levels.reduce(0) { $0 + other[$1] } + pseudoCount * Double(levels.count)
                let u = (0..<levelCount).map { levels.contains($0) ? (other[$0] + pseudoCount) / sum : 0 }
                for level in levels { change = max(change, abs(u[level] - (sessionU[signal]?[level] ?? 0))) }
                sessionU[signal] = u
            }
            let prior = min(1 - 1e-9, max(1e-9, matches / (Double(total) + decidedTotal)))
            change = max(change, abs(prior - model.prior))
            model.prior = prior
            model.rounds += 1
            if change < tolerance { return }
            if round == maximumRounds { model.converged = false }
        }
    }
}
