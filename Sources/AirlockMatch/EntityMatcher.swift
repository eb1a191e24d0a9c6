import AirlockIO
import AirlockModel
import AirlockReconcile
import Foundation

/// Matches one entity: blocking keys for every record, candidate pairs compared signal by signal, the entity's model
/// estimated from those comparisons and from random pairs (`MatchModelEstimator`), scores, then per Sales record the
/// best F&O candidate classified by the thresholds, and pairs within each side listed as duplicates.
struct EntityMatcher: Sendable {
    var entity: MatchEntity
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

    /// The household a pair's records live in, when the given name must decide between its members: the larger of the
    /// two records' households (`MatchRecord.householdSize`: its side's persons of that family name at that address),
    /// where the family names agree, the given names do not, nothing of the person's own agrees (`ownSignals`) and a
    /// household holds others; nil otherwise. Where neither side has another person of the name at the address, a
    /// given name misspelt beyond `close` is left to the model's weights.
    static func household(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> UInt8? {
        guard vector[.familyName].isNameAgreement, !vector[.givenName].isNameAgreement, !hasOwnAgreement(vector) else { return nil }
        let household = max(sales.householdSize, fo.householdSize)
        return household > 1 ? household : nil
    }

    /// Why a pair of persons is not proposed at all, or nil: another given name (not one misspelt) beside the same
    /// family name in a household is a relative.
    static func relativeInHousehold(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> String? {
        guard vector[.givenName] == .different, let household = household(vector, sales, fo) else { return nil }
        return "its best candidate has another given name, and \(household) persons of that family name share the address: a relative"
    }

    /// Why a pair of persons is held for review, or nil: no given name on one side, or one only weakly alike, in a
    /// household: the given name does not tell its members apart.
    static func familyNotPerson(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> String? {
        guard let household = household(vector, sales, fo) else { return nil }
        return vector[.givenName] == .absent
            ? "no given name to tell the \(household) of this family name at this address apart"
            : "a given name only weakly alike, and \(household) of this family name at this address: a relative, or a typo?"
    }

    /// Whether two persons share a family name and have other given names, nothing of their own agreeing.
    static func relatives(_ vector: ComparisonVector) -> Bool {
        vector[.familyName].isNameAgreement && vector[.givenName] != .absent && !vector[.givenName].isNameAgreement
            && !hasOwnAgreement(vector)
    }

    /// Whether a person's full name is rare: no other record of either side holds it (`MatchRecord.fullNameCount`).
    static func isRareFullName(_ sales: MatchRecord, _ fo: MatchRecord) -> Bool {
        sales.fullNameCount == 1 && fo.fullNameCount == 1
    }

    /// Whether two persons' given and family names are both exactly one another's.
    static func isSameFullName(_ vector: ComparisonVector) -> Bool {
        vector[.givenName] == .exact && vector[.familyName] == .exact
    }

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

    /// Why two persons whose given and family names both differ are not linked without a reviewer, or nil: only
    /// what is a person's own (a birth date, an e-mail address, a phone) says they are one; a shared address or
    /// company says they live or work together.
    static func strangers(_ vector: ComparisonVector) -> String? {
        guard vector[.givenName] != .absent, vector[.familyName] != .absent, !vector[.givenName].isNameAgreement,
            !vector[.familyName].isNameAgreement
        else { return nil }
        guard !hasOwnAgreement(vector) else { return nil }
        return "another given name and another family name: only the address or company agrees"
    }

    /// What is a person's own, not a household's or a company's: a birth date, an e-mail address, the key, a tax
    /// number (a phone is often the office's or the home's). One of them agreeing says two records are one person where the names leave it open.
    static let ownSignals: [MatchSignal] = [.birthDate, .email, .key, .taxNumber]

    /// Whether one of `ownSignals` agrees exactly.
    static func hasOwnAgreement(_ vector: ComparisonVector) -> Bool {
        ownSignals.contains { vector[$0] == .exact }
    }

    /// How many bits a best candidate must be ahead of the runner-up to be clearly the one: of the two, it is the
    /// record with probability at least `100 - margin` percent.
    static func bitsAhead(margin: Double) -> Double {
        let share = min(99.9999, max(0.0001, 100 - margin)) / 100
        return log2(share / (1 - share))
    }

    /// The matches, keeping `decisions` (already checked against the records).
    func run(decisions: [MatchDecision]) throws -> EntityMatches {
        let store = scorer.store
        // Indexes by key, for the reviewed decisions only.
        let foIndex =
            decisions.isEmpty ? [:] : Dictionary(fo.enumerated().map { (store.key($1), $0) }, uniquingKeysWith: { first, _ in first })
        let salesIndex =
            decisions.isEmpty ? [:] : Dictionary(sales.enumerated().map { (store.key($1), $0) }, uniquingKeysWith: { first, _ in first })
        var rejected: Set<UInt64> = []
        var rejectedSales: Set<Int> = []
        var accepted: [Int: (fo: Int, decision: MatchDecision)] = [:]
        for decision in decisions {
            guard let s = salesIndex[decision.salesKey], let f = foIndex[decision.foKey] else { continue }
            switch decision.verdict {
            case .reject:
                rejected.insert(UInt64(s) << 32 | UInt64(f))
                rejectedSales.insert(s)
            case .accept: accepted[s] = (f, decision)
            }
        }

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
        let ranked = try rank(candidates.pairs, vectors: vectors, scorer: scorer, rejected: rejected)
        let (comparisons, keysTooCommon) = (candidates.pairs.count, candidates.keysTooCommon)
        // Ranked, the pairs and their comparisons are let go before the duplicates are looked for.
        candidates.pairs = []
        vectors = []
        let foDuplicates = try duplicates(fo, isSales: false, scorer: scorer)
        let salesDuplicates = try duplicates(sales, isSales: true, scorer: scorer)
        let foDuplicatePairs = Set(foDuplicates.map { UInt64($0.first) << 32 | UInt64($0.second) })
        func areDuplicates(_ a: Int, _ b: Int) -> Bool { foDuplicatePairs.contains(UInt64(min(a, b)) << 32 | UInt64(max(a, b))) }
        var bestScores = [Double](repeating: 0, count: sales.count)
        for s in sales.indices { bestScores[s] = ranked.list(s).first?.score ?? 0 }
        let assignment = LinkAssignment(salesRecords: sales.count, fixed: accepted.mapValues(\.fo)) { s in
            ranked.list(s).map { ($0.fo, $0.bits) }
        }
        let margin = Self.bitsAhead(margin: options.ambiguityMargin)
        // Whether another Sales record than `s` holds `f` clearly: its weight on `f` ahead of `s`'s by the margin.
        func clearlyHeld(_ f: Int, against s: Int, bits: Double) -> (holder: Int, clearly: Bool)? {
            guard let holder = assignment.holder[f], holder != s else { return nil }
            if accepted[holder] != nil { return (holder, true) }
            let held = ranked.list(holder).first { $0.fo == f }?.bits ?? bits
            return (holder, held - bits >= margin)
        }
        // Whether a pair may be proposed at all: something beyond the name agrees, or (a person) the full name.
        func proposable(_ vector: ComparisonVector, _ s: Int, _ f: Int) -> Bool {
            entity == .products || Self.hasCorroboration(vector, model: scorer.model)
                || (Self.isSameFullName(vector) && Self.isRareFullName(sales[s], fo[f]))
        }
        var proposals: [MatchProposal] = []
        var heldInHouseholds = 0
        var relativesLeftOut = 0
        // Why a Sales record whose best candidate scores at least review is not proposed.
        var unproposed: [Int: String] = [:]
        for s in sales.indices {
            let list = ranked.list(s)
            if let (f, decision) = accepted[s] {
                var proposal = MatchProposal(salesIndex: s, foIndex: f, score: scorer.score(sales[s], fo[f]), matchClass: nil)
                proposal.matchClass = classOf(proposal.score)
                proposal.decision = .accept
                proposal.notes.append("accepted on review (line \(decision.line))")
                if let best = list.first, best.fo != f {
                    proposal.notes.append("matching proposes \(store.key(fo[best.fo])) (\(ScoreText.score(best.score)))")
                }
                proposals.append(proposal)
                continue
            }
            guard var chosen = list.first else { continue }
            var notes: [String] = []
            // One link per record: where another Sales record holds this one's best clearly, its next candidate is
            // proposed. Where none is left to propose, or the other holds it by a little, the best is proposed for
            // review beside the record that holds it (`resolveSharedTargets`): a duplicate to merge, or a choice.
            if let held = clearlyHeld(chosen.fo, against: s, bits: chosen.bits), held.clearly {
                let given = assignment.given[s]
                if given >= 0, let next = list.first(where: { $0.fo == given }), next.score >= options.reviewScore,
                    proposable(scorer.compare(sales[s], fo[next.fo]), s, next.fo)
                {
                    notes.append(
                        "\(store.key(fo[chosen.fo])) is linked to Sales \(store.key(sales[held.holder])), which it matches better")
                    chosen = next
                }
            }
            guard chosen.score >= options.reviewScore else { continue }
            // A company or a person is never linked on a name alone: namesakes are common, and nothing else says they
            // are one (a product's name and unit are all two catalogues share). On the project's generated pair, such
            // proposals were right for 41 of 9,700 contacts. A person's full name, both parts exact, and rare enough
            // to score, is proposed for review: a person who moved, or a namesake.
            let vector = scorer.compare(sales[s], fo[chosen.fo])
            let corroborated = entity == .products || Self.hasCorroboration(vector, model: scorer.model)
            guard proposable(vector, s, chosen.fo) else {
                unproposed[s] = "only the name agrees: nothing else says its best candidate is the same"
                continue
            }
            if let reason = Self.relativeInHousehold(vector, sales[s], fo[chosen.fo]) {
                unproposed[s] = reason
                relativesLeftOut += 1
                continue
            }
            var proposal = MatchProposal(salesIndex: s, foIndex: chosen.fo, score: chosen.score, matchClass: classOf(chosen.score))
            proposal.notes = notes
            if !corroborated {
                proposal.matchClass = .review
                proposal.notes.append("the same full name and no address, phone, e-mail or birth date in common: moved, or a namesake")
            }
            // One family, not one person: another given name beside the same family name is a relative or a spouse,
            // however much else agrees (a household shares its address); without a given name, a household's members
            // cannot be told apart. Never linked without a reviewer.
            if proposal.matchClass == .sure, let reason = Self.familyNotPerson(vector, sales[s], fo[chosen.fo]) ?? Self.strangers(vector) {
                proposal.matchClass = .review
                proposal.notes.append(reason)
                if vector[.familyName].isNameAgreement { heldInHouseholds += 1 }
            }
            // Clearly ahead: of the two, the chosen one is the one by at least 100 - margin percent (its weight ahead
            // by log2((100 - margin) / margin) bits), whatever both their probabilities. A candidate another Sales
            // record holds clearly is not in the running.
            if let runnerUp = list.first(where: { candidate in
                candidate.fo != chosen.fo && !areDuplicates(candidate.fo, chosen.fo)
                    && clearlyHeld(candidate.fo, against: s, bits: candidate.bits)?.clearly != true
            }), chosen.bits - runnerUp.bits < margin, runnerUp.score >= options.reviewScore {
                if proposal.matchClass == .sure { proposal.matchClass = .review }
                proposal.notes.append("\(store.key(fo[runnerUp.fo])) scores \(ScoreText.score(runnerUp.score)) too")
            }
            if rejectedSales.contains(s) { proposal.notes.append("a rejected pair is left out") }
            proposals.append(proposal)
        }
        resolveSharedTargets(&proposals, holder: assignment.holder)
        // A rejection stays in the list, so that the next review still has it.
        for decision in decisions where decision.verdict == .reject {
            guard let s = salesIndex[decision.salesKey], let f = foIndex[decision.foKey] else { continue }
            var proposal = MatchProposal(salesIndex: s, foIndex: f, score: scorer.score(sales[s], fo[f]), matchClass: nil)
            proposal.matchClass = classOf(proposal.score)
            proposal.decision = .reject
            proposal.notes.append("rejected on review (line \(decision.line))")
            proposals.append(proposal)
        }
        var households: MatchHouseholds?
        if entity == .contacts {
            let sure = proposals.filter { $0.decision == nil && $0.matchClass == .sure }.map { ($0.salesIndex, $0.foIndex, $0.score / 100) }
            households = MatchHouseholds(sales: sales, fo: fo, sure: sure, held: heldInHouseholds, relatives: relativesLeftOut)
        }
        return EntityMatches(
            entity: entity, proposals: proposals, duplicates: foDuplicates + salesDuplicates, bestScores: bestScores,
            comparisons: comparisons, keysTooCommon: keysTooCommon, model: model, households: households, unproposed: unproposed)
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
    func compare(_ pairs: [UInt64]) throws -> [ComparisonVector] {
        let chunks = Self.chunks(of: pairs)
        let parts = try ParallelMap.map(chunks.count) { chunk -> [ComparisonVector] in
            scorer.store.withView { store in
                pairs[chunks[chunk]].map { pair in scorer.compare(sales[Int(pair >> 32)], fo[Int(pair & 0xFFFF_FFFF)], in: store) }
            }
        }
        return parts.flatMap { $0 }
    }

    /// The comparison patterns of random pairs of the two sides (every pair when there are at most `randomPairs`),
    /// drawn from a generator seeded by the sides' sizes: equal inputs draw equal pairs.
    func randomPatterns() throws -> [ComparisonVector: Int] {
        let total = sales.count * fo.count
        guard total > 0 else { return [:] }
        var pairs: [UInt64] = []
        if total <= Self.randomPairs {
            pairs.reserveCapacity(total)
            for s in sales.indices { for f in fo.indices { pairs.append(UInt64(s) << 32 | UInt64(f)) } }
        } else {
            var state = 0x9E37_79B9_7F4A_7C15 ^ UInt64(sales.count) << 32 ^ UInt64(fo.count)
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
                pairs.append((next() % UInt64(sales.count)) << 32 | (next() % UInt64(fo.count)))
            }
            pairs.sort()
        }
        var patterns: [ComparisonVector: Int] = [:]
        for vector in try compare(pairs) { patterns[vector, default: 0] += 1 }
        return patterns
    }

    /// Per Sales record, its best candidates (at most `candidatesKept`), best first; rejected pairs left out.
    func rank(_ pairs: [UInt64], vectors: [ComparisonVector], scorer: MatchScorer, rejected: Set<UInt64>) throws -> RankedCandidates {
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
                let s = Int(pair >> 32)
                let f = Int(pair & 0xFFFF_FFFF)
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
                pairs[chunks[chunk]].map { scorer.compare(records[Int($0 >> 32)], records[Int($0 & 0xFFFF_FFFF)], in: store) }
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
                let a = Int(pair >> 32)
                let b = Int(pair & 0xFFFF_FFFF)
                let vector = vectors[chunk][offset]
                // Two companies or persons of one side that share nothing but a name are namesakes, not a duplicate.
                guard entity == .products || Self.hasCorroboration(vector, model: scorer.model) else { continue }
                // Two persons of one family or one address are two people, unless something of their own agrees.
                // Within one side there is no other record to tell them apart by: another given name is another person.
                if entity == .contacts, Self.relatives(vector) || Self.strangers(vector) != nil { continue }
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
    static func chunks(of pairs: [UInt64], count: Int = 64) -> [Range<Int>] {
        guard !pairs.isEmpty else { return [] }
        let size = max(1, pairs.count / count)
        var ranges: [Range<Int>] = []
        var start = 0
        while start < pairs.count {
            var end = min(pairs.count, start + size)
            while end < pairs.count && pairs[end] >> 32 == pairs[end - 1] >> 32 { end += 1 }
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
