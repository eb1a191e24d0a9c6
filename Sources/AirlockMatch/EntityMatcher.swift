import AirlockIO
import AirlockModel
import AirlockReconcile
import Foundation

/// Matches one entity: blocking keys for every record, candidate pairs compared signal by signal, the entity's model
/// estimated from those comparisons and from random pairs (`MatchModelEstimator`), scores, then per Sales record the
/// best F&O candidate classified by the thresholds, and pairs within each side listed as duplicates.
struct EntityMatcher: Sendable {
    var entity: LinkedEntity
    var fo: [MatchRecord]
    var sales: [MatchRecord]
    var scorer: MatchScorer
    var options: MatchingOptions

    /// How many of a Sales record's best candidates are kept to find the runner-up that is not a duplicate of the best.
    static let candidatesKept = 4
    /// The random pairs `u` is counted on, at most (all pairs when there are fewer).
    static let randomPairs = 250_000

    /// The signals that say a pair is one record beyond its name: a `sure` link needs one of them to agree (exact or
    /// close). A city, a country, a legal form, a house number or a unit is shared by too many records to count.
    static let corroborating: [MatchSignal] = [
        .key, .taxNumber, .email, .domain, .phone, .company, .postcode, .street, .number, .birthDate, .middleName,
    ]

    /// The least a corroborating signal's agreement must weigh in the entity's model against random pairs, in bits: a
    /// postcode every record of a town shares agrees and says nothing.
    static let corroborationBits = 0.5

    /// Whether a pair agrees on a corroborating signal (exact or close) that says something in `model` (nil: any).
    static func hasCorroboration(_ vector: ComparisonVector, model: MatchModel? = nil) -> Bool {
        corroborating.contains { signal in
            let level = vector[signal]
            guard level == .exact || level == .close else { return false }
            guard let model else { return true }
            // Against random pairs: how rare the agreement is at all, whatever the names.
            return model.weight(signal, level, group: .missing) >= corroborationBits
        }
    }

    /// How many bits a best candidate must be ahead of the runner-up to be clearly the one: of the two, it is the
    /// record with probability at least `100 - margin` percent.
    static func bitsAhead(margin: Double) -> Double {
        let share = min(99.9999, max(0.0001, 100 - margin)) / 100
        return log2(share / (1 - share))
    }

    /// The matches, keeping `decisions` (already checked against the records): the candidate pairs compared, the
    /// entity's model estimated from them, the pairs ranked, the duplicates within each side found, then the
    /// proposals made, a rejected pair kept in the list (`rejectedProposals`) and, for persons, the households counted.
    func run(decisions: [MatchDecision]) throws -> EntityMatches {
        let reviewed = ReviewedPairs(decisions, matcher: self)
        // The keys are let go once the pairs are made, and made again for the duplicates within each side later:
        // at a million records, the keys and the pairs of every kind are more than memory need hold at once.
        var salesKeys = try keys(of: sales, isSales: true)
        var foKeys = try keys(of: fo, isSales: false)
        var candidates = CandidatePairs.between(&salesKeys, &foKeys, maxPairsPerKey: options.maxPairsPerKey)
        var vectors = try compare(candidates.pairs)
        var patterns: [ComparisonVector: Int] = [:]
        for vector in vectors { patterns[vector, default: 0] += 1 }
        // The model is the exports' alone: a reviewer's decisions settle their own records (and those whose candidates
        // they hold), not the weights every other pair is scored with. Re-estimated with them, a review of 97 pairs
        // moved 94 undecided pairs, and rejecting those moved more (docs/match.md, "Reviewing").
        let model = MatchModelEstimator.estimate(
            candidates: patterns, random: try randomPatterns(), expectedMatches: min(sales.count, fo.count))
        var scorer = scorer
        scorer.model = model
        let ranked = try rank(candidates.pairs, vectors: vectors, scorer: scorer, rejected: reviewed.rejected)
        let (comparisons, keysTooCommon) = (candidates.pairs.count, candidates.keysTooCommon)
        // Ranked, the pairs and their comparisons are let go before the duplicates are looked for.
        candidates.pairs = []
        vectors = []
        let foDuplicates = try duplicates(fo, isSales: false, scorer: scorer)
        let salesDuplicates = try duplicates(sales, isSales: true, scorer: scorer)
        var bestScores = [Double](repeating: 0, count: sales.count)
        for s in sales.indices { bestScores[s] = ranked.list(s).first?.score ?? 0 }
        var maker = ProposalMaker(
            matcher: self, scorer: scorer, ranked: ranked, accepted: reviewed.accepted, rejectedSales: reviewed.rejectedSales,
            foDuplicatePairs: Set(foDuplicates.map { PairIndex($0.first, $0.second) }))
        var proposals = maker.make()
        resolveSharedTargets(&proposals, holder: maker.assignment.holder)
        proposals += rejectedProposals(decisions, reviewed: reviewed, scorer: scorer)
        var households: MatchHouseholds?
        if entity == .contacts {
            let sure = proposals.filter { $0.decision == nil && $0.matchClass == .sure }.map { ($0.salesIndex, $0.foIndex, $0.score / 100) }
            households = MatchHouseholds(sales: sales, fo: fo, sure: sure, held: maker.heldInHouseholds, relatives: maker.relativesLeftOut)
        }
        return EntityMatches(
            entity: entity, proposals: proposals, duplicates: foDuplicates + salesDuplicates, bestScores: bestScores,
            comparisons: comparisons, keysTooCommon: keysTooCommon, model: model, households: households, unproposed: maker.unproposed)
    }

    /// The pairs a reviewer decided, by the records' indexes: the rejected pairs and their Sales records, and the
    /// accepted pair of each Sales record with its decision. A decision whose records are not both here is left out.
    private struct ReviewedPairs {
        /// Key → index, of the records decisions name (empty without decisions).
        var salesIndex: [String: Int]
        var foIndex: [String: Int]
        /// Rejected pairs, Sales index in the high 32 bits.
        var rejected: Set<PairIndex> = []
        var rejectedSales: Set<Int> = []
        var accepted: [Int: (fo: Int, decision: MatchDecision)] = [:]

        init(_ decisions: [MatchDecision], matcher: EntityMatcher) {
            let store = matcher.scorer.store
            // Indexes by key, for the reviewed decisions only.
            foIndex =
                decisions.isEmpty
                ? [:] : Dictionary(matcher.fo.enumerated().map { (store.key($1), $0) }, uniquingKeysWith: { first, _ in first })
            salesIndex =
                decisions.isEmpty
                ? [:] : Dictionary(matcher.sales.enumerated().map { (store.key($1), $0) }, uniquingKeysWith: { first, _ in first })
            for decision in decisions {
                guard let s = salesIndex[decision.salesKey], let f = foIndex[decision.foKey] else { continue }
                switch decision.verdict {
                case .reject:
                    rejected.insert(PairIndex(s, f))
                    rejectedSales.insert(s)
                case .accept: accepted[s] = (f, decision)
                }
            }
        }
    }

    /// The rejected pairs as proposals, scored and noted: a rejection stays in the list, so that the next review still
    /// has it.
    private func rejectedProposals(_ decisions: [MatchDecision], reviewed: ReviewedPairs, scorer: MatchScorer) -> [MatchProposal] {
        var proposals: [MatchProposal] = []
        for decision in decisions where decision.verdict == .reject {
            guard let s = reviewed.salesIndex[decision.salesKey], let f = reviewed.foIndex[decision.foKey] else { continue }
            var proposal = MatchProposal(salesIndex: s, foIndex: f, score: scorer.score(sales[s], fo[f]), matchClass: nil)
            proposal.matchClass = classOf(proposal.score)
            proposal.decision = .reject
            proposal.notes.append("rejected on review (line \(decision.line))")
            proposals.append(proposal)
        }
        return proposals
    }

    func classOf(_ score: Double) -> MatchClass? {
        score >= options.sureScore ? .sure : score >= options.reviewScore ? .review : nil
    }

    /// One F&O record is linked to at most one Sales record: where several propose it, an accepted one keeps it, else
    /// the one the assignment gave it to (`holder`), else the highest score (then the first Sales record); the others
    /// become `review`, with a note.
    func resolveSharedTargets(_ proposals: inout [MatchProposal], holder: [Int: Int] = [:]) {
        var byTarget: [Int: [Int]] = [:]
        for (index, proposal) in proposals.enumerated() where proposal.decision != .reject {
            byTarget[proposal.foIndex, default: []].append(index)
        }
        for (target, indexes) in byTarget where indexes.count > 1 {
            let keeper = indexes.max { a, b in
                let x = proposals[a]
                let y = proposals[b]
                if (x.decision == .accept) != (y.decision == .accept) { return y.decision == .accept }
                let holds = holder[target]
                if (x.salesIndex == holds) != (y.salesIndex == holds) { return y.salesIndex == holds }
                if x.score != y.score { return x.score < y.score }
                return x.salesIndex > y.salesIndex
            }
            for index in indexes where index != keeper {
                guard let keeper else { continue }
                if proposals[index].matchClass == .sure { proposals[index].matchClass = .review }
                proposals[index].notes.append(
                    "\(scorer.store.key(fo[target])) is also proposed for Sales \(scorer.store.key(sales[proposals[keeper].salesIndex])) (\(ScoreText.score(proposals[keeper].score)))"
                )
            }
        }
    }

    /// Each candidate pair compared signal by signal, in the order of `pairs`.
    func compare(_ pairs: [PairIndex]) throws -> [ComparisonVector] {
        let chunks = Self.chunks(of: pairs)
        let parts = try ParallelMap.map(chunks.count) { chunk -> [ComparisonVector] in
            scorer.store.withView { store in
                pairs[chunks[chunk]].map { pair in scorer.compare(sales[pair.first], fo[pair.second], in: store) }
            }
        }
        return parts.flatMap { $0 }
    }

    /// The comparison patterns of random pairs of the two sides (every pair when there are at most `randomPairs`),
    /// drawn from a generator seeded by the sides' sizes: equal inputs draw equal pairs.
    func randomPatterns() throws -> [ComparisonVector: Int] {
        let total = sales.count * fo.count
        guard total > 0 else { return [:] }
        var pairs: [PairIndex] = []
        if total <= Self.randomPairs {
            pairs.reserveCapacity(total)
            for s in sales.indices { for f in fo.indices { pairs.append(PairIndex(s, f)) } }
        } else {
            var state = 0x9E37_79B9_7F4A_7C15 ^ PairIndex(sales.count, fo.count).packed
            func next() -> UInt64 {
                // SplitMix64.
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            pairs.reserveCapacity(Self.randomPairs)
            for _ in 0..<Self.randomPairs {
                pairs.append(PairIndex(Int(next() % UInt64(sales.count)), Int(next() % UInt64(fo.count))))
            }
            pairs.sort()
        }
        var patterns: [ComparisonVector: Int] = [:]
        for vector in try compare(pairs) { patterns[vector, default: 0] += 1 }
        return patterns
    }

    /// Per Sales record, its best candidates (at most `candidatesKept`), best first; rejected pairs left out.
    func rank(_ pairs: [PairIndex], vectors: [ComparisonVector], scorer: MatchScorer, rejected: Set<PairIndex>) throws -> RankedCandidates {
        let chunks = Self.chunks(of: pairs)
        let parts = try ParallelMap.map(chunks.count) { chunk -> [(Int, [(fo: Int, bits: Double)])] in
            var result: [(Int, [(fo: Int, bits: Double)])] = []
            var current = -1
            var list: [(fo: Int, bits: Double)] = []
            func flush() {
                if current >= 0 && !list.isEmpty { result.append((current, list)) }
                list = []
            }
            for index in chunks[chunk] {
                let pair = pairs[index]
                let (s, f) = (pair.first, pair.second)
                if s != current {
                    flush()
                    current = s
                }
                if !rejected.isEmpty && rejected.contains(pair) { continue }
                let bits = scorer.bits(vectors[index], sales[s], fo[f])
                // Best first, by weight (probabilities near certainty are all 100); equal weights in export order.
                var position = list.count
                while position > 0 && (list[position - 1].bits < bits || (list[position - 1].bits == bits && list[position - 1].fo > f)) {
                    position -= 1
                }
                if position < Self.candidatesKept {
                    list.insert((f, bits), at: position)
                    if list.count > Self.candidatesKept { list.removeLast() }
                }
            }
            flush()
            return result
        }
        var ranked = RankedCandidates(salesRecords: sales.count, kept: Self.candidatesKept, model: scorer.model)
        for part in parts { for (s, list) in part { ranked.set(s, list) } }
        return ranked
    }

    /// Pairs of records of one side scoring at least the review score.
    /// The model's levels and weights hold for two records of one side; its prior, the share of candidates that are
    /// one record, is estimated again over the side's own candidate pairs, of which far fewer are.
    func duplicates(_ records: [MatchRecord], isSales: Bool, scorer: MatchScorer) throws -> [MatchDuplicate] {
        var keys = try keys(of: records, isSales: isSales)
        let pairs = CandidatePairs.within(&keys, maxPairsPerKey: options.maxPairsPerKey).pairs
        let chunks = Self.chunks(of: pairs)
        let vectors = try ParallelMap.map(chunks.count) { chunk -> [ComparisonVector] in
            scorer.store.withView { store in
                pairs[chunks[chunk]].map { scorer.compare(records[$0.first], records[$0.second], in: store) }
            }
        }
        var patterns: [ComparisonVector: Int] = [:]
        for part in vectors { for vector in part { patterns[vector, default: 0] += 1 } }
        var within = scorer
        if var model = within.model {
            MatchModelEstimator.session(
                &model, takes: [:], candidates: patterns, accepted: [:], rejected: [:], estimating: [], weighing: Set(MatchSignal.allCases))
            within.model = model
        }
        let scorer = within
        let parts = try ParallelMap.map(chunks.count) { chunk -> [MatchDuplicate] in
            var found: [MatchDuplicate] = []
            for (offset, pair) in pairs[chunks[chunk]].enumerated() {
                let (a, b) = (pair.first, pair.second)
                let vector = vectors[chunk][offset]
                // Two companies or persons of one side that share nothing but a name are namesakes, not a duplicate.
                guard entity == .products || Self.hasCorroboration(vector, model: scorer.model) else { continue }
                // Two persons of one family or one address are two people, unless something of their own agrees.
                // Within one side there is no other record to tell them apart by: another given name is another person.
                if entity == .contacts, PersonRules.relatives(vector) || PersonRules.strangers(vector) != nil { continue }
                let score = 100 * (scorer.model?.probability(bits: scorer.bits(vector, records[a], records[b])) ?? 0)
                if let matchClass = classOf(score) {
                    found.append(MatchDuplicate(isSales: isSales, first: a, second: b, score: score, matchClass: matchClass))
                }
            }
            return found
        }
        return parts.flatMap { $0 }
    }

    /// Ranges of `pairs` of about equal size that do not split one left record's pairs.
    static func chunks(of pairs: [PairIndex], count: Int = 64) -> [Range<Int>] {
        guard !pairs.isEmpty else { return [] }
        let size = max(1, pairs.count / count)
        var ranges: [Range<Int>] = []
        var start = 0
        while start < pairs.count {
            var end = min(pairs.count, start + size)
            while end < pairs.count && pairs[end].first == pairs[end - 1].first { end += 1 }
            ranges.append(start..<end)
            start = end
        }
        return ranges
    }

    /// Every record's blocking keys, computed in parallel, sorted.
    func keys(of records: [MatchRecord], isSales: Bool) throws -> CandidatePairs.Keys {
        let size = 8_192
        let (entity, scorer) = (entity, scorer)
        var parts = try ParallelMap.map((records.count + size - 1) / size) { part -> CandidatePairs.Keys in
            scorer.store.withView { store in
                var keys: CandidatePairs.Keys = []
                var recordKeys: [UInt64] = []
                var scratch: [UInt8] = []
                for index in (part * size)..<min(records.count, (part + 1) * size) {
                    recordKeys.removeAll(keepingCapacity: true)
                    BlockingKeys.append(
                        records[index], entity: entity, isSales: isSales, store: store, accountLinks: scorer.accountLinks, to: &recordKeys,
                        scratch: &scratch)
                    for key in recordKeys { keys.append((key, UInt32(index))) }
                }
                return CandidatePairs.sortedUnique(keys)
            }
        }
        return CandidatePairs.merged(&parts)
    }
}
