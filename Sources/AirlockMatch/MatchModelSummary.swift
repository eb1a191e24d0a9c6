/// An entity's estimated model as `match.json` and the page state it (docs/match.md, "The model"): the prior, each
/// signal's levels with their `m`, `u` and weight in bits, and what the model expects of the classes it drew.
public struct MatchModelSummary: Sendable, Codable, Equatable {
    /// One level of one signal.
    public struct Level: Sendable, Codable, Equatable {
        public var signal: String
        public var level: String
        public var m: Double
        public var u: Double
        /// `log2(m / u)`, within the model's limit.
        public var weight: Double
        /// `u` and the weight among candidates whose names are alike, and among those whose names are not (signals
        /// other than the name).
        public var uAlike: Double?
        public var weightAlike: Double?
        public var uUnlike: Double?
        public var weightUnlike: Double?
        /// `u` and the weight among relatives: persons whose family names are alike and given names not.
        public var uRelative: Double?
        public var weightRelative: Double?
    }

    /// The share of candidate pairs that are one record; among relatives (persons of one family name with other given
    /// names) alone, where estimated (`MatchModel.relativePrior`).
    public var prior: Double
    public var relativePrior: Double?
    public var rounds: Int
    public var converged: Bool
    public var candidatePairs: Int
    public var randomPairs: Int
    public var levels: [Level]
    /// What the model expects: the share of `sure` pairs that are right, the wrong ones among them, and the share of
    /// all the Sales records that have a partner that `sure` and `sure` with `review` find (the sums of the pairs'
    /// probabilities; the expected partners are the sum of each Sales record's best probability).
    public var expectedSurePrecision: Double?
    public var expectedWrongSure: Double
    public var expectedSureRecall: Double?
    public var expectedReviewRecall: Double?
    /// What a reviewer's decisions (`--reviewed`) measure: of the decided pairs the model classes `sure`, and of those
    /// it classes `review`, the share accepted; nil where no such pair was decided.
    public var reviewedSurePrecision: Double?
    public var reviewedReviewPrecision: Double?
    public var decided = 0

    /// The summary of `model`, with the classes drawn: each proposal's class and probability (0 to 1), and each Sales
    /// record's best probability.
    public init(
        _ model: MatchModel, proposals: [(isSure: Bool, isReview: Bool, probability: Double)], best: [Double],
        decided: [(isSure: Bool, accepted: Bool)] = []
    ) {
        prior = model.prior
        relativePrior = model.relativePrior > 0 ? model.relativePrior : nil
        rounds = model.rounds
        converged = model.converged
        candidatePairs = model.candidatePairs
        randomPairs = model.randomPairs
        var levels: [Level] = []
        // Relatives are a group of persons' pairs only.
        let hasRelatives = model.m[.familyName] != nil
        for signal in MatchSignal.allCases {
            guard let m = model.m[signal], let u = model.u[signal] else { continue }
            for level in ComparisonLevel.present where Int(level.rawValue) < min(m.count, u.count) && m[Int(level.rawValue)] > 0 {
                let alike = model.uAlike[signal]?[Int(level.rawValue)]
                let unlike = model.uUnlike[signal]?[Int(level.rawValue)]
                let relative = hasRelatives ? model.uRelative[signal]?[Int(level.rawValue)] : nil
                levels.append(
                    Level(
                        signal: signal.rawValue, level: "\(level)", m: m[Int(level.rawValue)], u: u[Int(level.rawValue)],
                        weight: model.weight(signal, level), uAlike: alike,
                        weightAlike: alike == nil ? nil : model.weight(signal, level, group: .alike), uUnlike: unlike,
                        weightUnlike: unlike == nil ? nil : model.weight(signal, level, group: .unlike), uRelative: relative,
                        weightRelative: relative == nil ? nil : model.weight(signal, level, group: .relative)))
            }
        }
        // A place none of whose parts agrees, as one piece of evidence.
        if MatchModel.placeParts.contains(where: { model.m[$0] != nil }), let apartU = model.apartU[.missing] {
            let alike = model.apartU[.alike]
            let unlike = model.apartU[.unlike]
            let relative = hasRelatives ? model.apartU[.relative] : nil
            levels.append(
                Level(
                    signal: "place", level: "apart", m: model.apartM, u: apartU, weight: model.apartWeight(group: .missing), uAlike: alike,
                    weightAlike: alike == nil ? nil : model.apartWeight(group: .alike), uUnlike: unlike,
                    weightUnlike: unlike == nil ? nil : model.apartWeight(group: .unlike), uRelative: relative,
                    weightRelative: relative == nil ? nil : model.apartWeight(group: .relative)))
        }
        self.levels = levels
        let sure = proposals.filter(\.isSure).map(\.probability)
        let review = proposals.filter(\.isReview).map(\.probability)
        let expected = best.reduce(0, +)
        expectedSurePrecision = sure.isEmpty ? nil : sure.reduce(0, +) / Double(sure.count)
        expectedWrongSure = sure.reduce(0) { $0 + (1 - $1) }
        expectedSureRecall = expected > 0 ? min(1, sure.reduce(0, +) / expected) : nil
        expectedReviewRecall = expected > 0 ? min(1, (sure.reduce(0, +) + review.reduce(0, +)) / expected) : nil
        self.decided = decided.count
        func share(_ pairs: [(isSure: Bool, accepted: Bool)]) -> Double? {
            pairs.isEmpty ? nil : Double(pairs.filter(\.accepted).count) / Double(pairs.count)
        }
        reviewedSurePrecision = share(decided.filter(\.isSure))
        reviewedReviewPrecision = share(decided.filter { !$0.isSure })
    }
}
