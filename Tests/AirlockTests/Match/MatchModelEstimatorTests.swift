import Testing

@testable import AirlockMatch

/// The model is estimated from the pairs themselves: drawn from a known model, the estimate finds it again; a
/// reviewer's decisions take part as known pairs.
@Suite struct MatchModelEstimatorTests {
    /// Pairs drawn from a model of five signals whose true m and u are known, each independent of the others in
    /// either class.
    static func patterns(matches: Int, others: Int, seed: UInt64) -> (candidates: [ComparisonVector: Int], random: [ComparisonVector: Int])
    {
        var state = seed
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let signals: [MatchSignal] = [.name, .postcode, .city, .email, .phone]
        let m: [Double] = [0.9, 0.85, 0.8, 0.7, 0.75]
        let u: [Double] = [0.02, 0.1, 0.3, 0.01, 0.02]
        func draw(_ agree: [Double]) -> ComparisonVector {
            var vector = ComparisonVector()
            for (index, signal) in signals.enumerated() { vector[signal] = uniform() < agree[index] ? .exact : .different }
            return vector
        }
        var candidates: [ComparisonVector: Int] = [:]
        for _ in 0..<matches { candidates[draw(m), default: 0] += 1 }
        for _ in 0..<others { candidates[draw(u), default: 0] += 1 }
        var random: [ComparisonVector: Int] = [:]
        for _ in 0..<50_000 { random[draw(u), default: 0] += 1 }
        return (candidates, random)
    }

    @Test func theEstimateFindsTheModelThePairsWereDrawnFrom() {
        let (candidates, random) = Self.patterns(matches: 2_000, others: 8_000, seed: 7)
        let model = MatchModelEstimator.estimate(candidates: candidates, random: random)
        #expect(model.converged)
        #expect(abs(model.prior - 0.2) < 0.02, "\(model.prior)")
        let exact = Int(ComparisonLevel.exact.rawValue)
        for (signal, m, u) in [
            (MatchSignal.name, 0.9, 0.02), (.postcode, 0.85, 0.1), (.city, 0.8, 0.3), (.email, 0.7, 0.01), (.phone, 0.75, 0.02),
        ] {
            #expect(abs((model.m[signal]?[exact] ?? 0) - m) < 0.05, "m of \(signal): \(model.m[signal] ?? [])")
            #expect(abs((model.u[signal]?[exact] ?? 0) - u) < 0.02, "u of \(signal)")
            // Independent of the name in this world: the u among alike names is the u of random pairs.
            if signal != .name { #expect(abs((model.uAlike[signal]?[exact] ?? 0) - u) < 0.05, "u among alike names of \(signal)") }
            #expect(model.weight(signal, .exact) > 0 && model.weight(signal, .different) < 0)
        }
    }

    /// A few dozen candidates (a small product list): the estimate still learns what agreement says, and takes most of
    /// them for one record, instead of spreading `u` among alike names evenly over the levels until no signal weighs
    /// anything and the prior falls to nothing.
    @Test(arguments: [1, 2, 3, 4, 5]) func aFewPairsAreEnough(seed: UInt64) {
        let (candidates, random) = Self.patterns(matches: 18, others: 10, seed: seed)
        let model = MatchModelEstimator.estimate(candidates: candidates, random: random)
        #expect(model.prior > 0.3, "\(model.prior)")
        for signal in [MatchSignal.postcode, .email, .phone] {
            #expect(model.weight(signal, .exact, group: .alike) > 1, "\(signal) among alike names: \(model.uAlike[signal] ?? [])")
        }
    }

    /// One record in ten moved: its street, house number, postcode and city all differ at once. The model learns how
    /// often a record's place is apart, and weighs a place apart once, not four times.
    @Test func aPlaceApartWeighsOnce() {
        var state: UInt64 = 17
        func uniform() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let parts = MatchModel.placeParts
        func draw(match: Bool) -> ComparisonVector {
            var vector = ComparisonVector()
            vector[.name] = uniform() < (match ? 0.9 : 0.02) ? .exact : .different
            vector[.email] = uniform() < (match ? 0.8 : 0.01) ? .exact : .different
            let moved = match && uniform() < 0.1
            for part in parts { vector[part] = !moved && uniform() < (match ? 0.95 : 0.05) ? .exact : .different }
            return vector
        }
        var candidates: [ComparisonVector: Int] = [:]
        for _ in 0..<3_000 { candidates[draw(match: true), default: 0] += 1 }
        for _ in 0..<7_000 { candidates[draw(match: false), default: 0] += 1 }
        var random: [ComparisonVector: Int] = [:]
        for _ in 0..<50_000 { random[draw(match: false), default: 0] += 1 }
        let model = MatchModelEstimator.estimate(candidates: candidates, random: random)
        // Of the matches, 10 % moved and (0.05)^4 more hold no part alike by chance.
        #expect(abs(model.apartM - 0.1) < 0.03, "\(model.apartM)")
        var moved = ComparisonVector()
        moved[.name] = .exact
        moved[.email] = .exact
        for part in parts { moved[part] = .different }
        let apart = model.apartWeight(group: .alike)
        let separately = parts.reduce(0) { $0 + model.weight($1, .different, group: .alike) }
        #expect(apart > separately + 5, "apart \(apart) bits, the parts together \(separately)")
        #expect(abs(model.bits(moved) - (model.weight(.name, .exact) + model.weight(.email, .exact, group: .alike) + apart)) < 1e-9)
        // A moved record with its name and e-mail is still one record.
        #expect(model.probability(bits: model.bits(moved)) > 0.9)
        // A place that agrees in one part is not apart.
        var partly = moved
        partly[.postcode] = .exact
        #expect(!MatchModel.place(partly).apart)
        #expect(model.placeCorrection(partly, group: .alike) == 0)
        // Unless that part is the city, or a postcode one character off, where the streets differ: a move within a town.
        var withinTown = moved
        withinTown[.city] = .exact
        withinTown[.postcode] = .close
        #expect(MatchModel.place(withinTown).apart)
        withinTown[.street] = .absent
        #expect(!MatchModel.place(withinTown).apart, "without a street, the city agreeing is agreement")
    }

    @Test func aReviewersDecisionsArePairsOfKnownKind() {
        let (candidates, random) = Self.patterns(matches: 200, others: 9_800, seed: 3)
        var looksAlike = ComparisonVector()
        looksAlike[.name] = .exact
        looksAlike[.postcode] = .different
        looksAlike[.city] = .different
        let plain = MatchModelEstimator.estimate(candidates: candidates, random: random)
        let rejected = MatchModelEstimator.estimate(candidates: candidates, random: random, rejected: [looksAlike: 500])
        let accepted = MatchModelEstimator.estimate(candidates: candidates, random: random, accepted: [looksAlike: 500])
        let bits = { (model: MatchModel) in model.bits(looksAlike) }
        #expect(bits(rejected) < bits(plain) && bits(plain) < bits(accepted))
    }

    @Test func equalPatternsGiveAnEqualModel() {
        let (candidates, random) = Self.patterns(matches: 500, others: 5_000, seed: 11)
        #expect(
            MatchModelEstimator.estimate(candidates: candidates, random: random)
                == MatchModelEstimator.estimate(candidates: candidates, random: random))
    }
}
