import AirlockModel

/// Per Sales record, the F&O record matching proposes and its class (docs/match.md, "Thresholds and classes", "One
/// link per record", "Households"): a reviewer's accepted pair as it is; else its best candidate, or its next where
/// another Sales record holds the best clearly (`LinkAssignment`), proposed only where something beyond the name
/// agrees, `sure` only where nothing holds it back (a close rival, a household, strangers at one address, a name alone).
struct ProposalMaker {
    let matcher: EntityMatcher
    let scorer: MatchScorer
    let ranked: RankedCandidates
    let accepted: [Int: (fo: Int, decision: MatchDecision)]
    let rejectedSales: Set<Int>
    /// Pairs of F&O records that are duplicates of each other (`min << 32 | max`).
    let foDuplicatePairs: Set<PairIndex>
    /// The weight-ordered assignment of every Sales record's candidates.
    let assignment: LinkAssignment
    /// How many bits ahead a candidate is clearly the one (`EntityMatcher.bitsAhead`).
    let margin: Double

    /// Why a Sales record whose best candidate scores at least review is not proposed, by Sales index.
    private(set) var unproposed: [Int: String] = [:]
    /// Pairs held for review because a household's given names do not tell its members apart, and Sales records left
    /// out because their best candidate is a relative (`MatchHouseholds`).
    private(set) var heldInHouseholds = 0
    private(set) var relativesLeftOut = 0

    init(
        matcher: EntityMatcher, scorer: MatchScorer, ranked: RankedCandidates, accepted: [Int: (fo: Int, decision: MatchDecision)],
        rejectedSales: Set<Int>, foDuplicatePairs: Set<PairIndex>
    ) {
        self.matcher = matcher
        self.scorer = scorer
        self.ranked = ranked
        self.accepted = accepted
        self.rejectedSales = rejectedSales
        self.foDuplicatePairs = foDuplicatePairs
        assignment = LinkAssignment(salesRecords: matcher.sales.count, fixed: accepted.mapValues(\.fo)) { s in
            ranked.list(s).map { ($0.fo, $0.bits) }
        }
        margin = EntityMatcher.bitsAhead(margin: matcher.options.ambiguityMargin)
    }

    /// Every Sales record's proposal, in Sales order.
    mutating func make() -> [MatchProposal] {
        matcher.sales.indices.compactMap { proposal(for: $0) }
    }

    /// Sales record `s`'s proposal, or nil (with why in `unproposed` where its best scores at least review).
    mutating func proposal(for s: Int) -> MatchProposal? {
        let (sales, fo, store, options) = (matcher.sales, matcher.fo, scorer.store, matcher.options)
        let list = ranked.list(s)
        if let (f, decision) = accepted[s] {
            var proposal = MatchProposal(salesIndex: s, foIndex: f, score: scorer.score(sales[s], fo[f]), matchClass: nil)
            proposal.matchClass = matcher.classOf(proposal.score)
            proposal.decision = .accept
            proposal.notes.append("accepted on review (line \(decision.line))")
            if let best = list.first, best.fo != f {
                proposal.notes.append("matching proposes \(store.key(fo[best.fo])) (\(ScoreText.score(best.score)))")
            }
            return proposal
        }
        guard var chosen = list.first else { return nil }
        var notes: [String] = []
        // One link per record: where another Sales record holds this one's best clearly, its next candidate is
        // proposed. Where none is left to propose, or the other holds it by a little, the best is proposed for review
        // beside the record that holds it (`EntityMatcher.resolveSharedTargets`): a duplicate to merge, or a choice.
        if let held = clearlyHeld(chosen.fo, against: s, bits: chosen.bits), held.clearly {
            let given = assignment.given[s]
            if given >= 0, let next = list.first(where: { $0.fo == given }), next.score >= options.reviewScore,
                proposable(scorer.compare(sales[s], fo[next.fo]), s, next.fo)
            {
                notes.append("\(store.key(fo[chosen.fo])) is linked to Sales \(store.key(sales[held.holder])), which it matches better")
                chosen = next
            }
        }
        guard chosen.score >= options.reviewScore else { return nil }
        // A company or a person is never linked on a name alone: namesakes are common, and nothing else says they are
        // one (a product's name and unit are all two catalogues share). On the project's generated pair, such
        // proposals were right for 41 of 9,700 contacts. A person's rare full name, both parts exact, is proposed for
        // review: a person who moved, or a namesake.
        let vector = scorer.compare(sales[s], fo[chosen.fo])
        guard proposable(vector, s, chosen.fo) else {
            unproposed[s] = "only the name agrees: nothing else says its best candidate is the same"
            return nil
        }
        if let reason = PersonRules.relativeInHousehold(vector, sales[s], fo[chosen.fo]) {
            unproposed[s] = reason
            relativesLeftOut += 1
            return nil
        }
        var proposal = MatchProposal(salesIndex: s, foIndex: chosen.fo, score: chosen.score, matchClass: matcher.classOf(chosen.score))
        proposal.notes = notes
        if matcher.entity != .products && !EntityMatcher.hasCorroboration(vector, model: scorer.model) {
            proposal.matchClass = .review
            proposal.notes.append("the same full name and no address, phone, e-mail or birth date in common: moved, or a namesake")
        }
        // One family, not one person: without a given name, or with one only weakly alike, a household's members
        // cannot be told apart; two persons whose names both differ only live or work together. Never linked without
        // a reviewer.
        if proposal.matchClass == .sure,
            let reason = PersonRules.familyNotPerson(vector, sales[s], fo[chosen.fo]) ?? PersonRules.strangers(vector)
        {
            proposal.matchClass = .review
            proposal.notes.append(reason)
            if vector[.familyName].isNameAgreement { heldInHouseholds += 1 }
        }
        // Clearly ahead: of the two, the chosen one is the one by at least 100 - margin percent (its weight ahead by
        // log2((100 - margin) / margin) bits), whatever both their probabilities. A candidate another Sales record
        // holds clearly is not in the running.
        if let runnerUp = list.first(where: { candidate in
            candidate.fo != chosen.fo && !areDuplicates(candidate.fo, chosen.fo)
                && clearlyHeld(candidate.fo, against: s, bits: candidate.bits)?.clearly != true
        }), chosen.bits - runnerUp.bits < margin, runnerUp.score >= options.reviewScore {
            if proposal.matchClass == .sure { proposal.matchClass = .review }
            proposal.notes.append("\(store.key(fo[runnerUp.fo])) scores \(ScoreText.score(runnerUp.score)) too")
        }
        if rejectedSales.contains(s) { proposal.notes.append("a rejected pair is left out") }
        return proposal
    }

    /// The Sales record other than `s` that holds `f`, and whether clearly: its weight on `f` ahead of `s`'s (`bits`)
    /// by the margin, or its pair accepted on review.
    func clearlyHeld(_ f: Int, against s: Int, bits: Double) -> (holder: Int, clearly: Bool)? {
        guard let holder = assignment.holder[f], holder != s else { return nil }
        if accepted[holder] != nil { return (holder, true) }
        let held = ranked.bits(holder, on: f) ?? bits
        return (holder, held - bits >= margin)
    }

    /// Whether a pair may be proposed at all: something beyond the name agrees, or (a person) the full name, rare.
    func proposable(_ vector: ComparisonVector, _ s: Int, _ f: Int) -> Bool {
        matcher.entity == .products || EntityMatcher.hasCorroboration(vector, model: scorer.model)
            || (PersonRules.isSameFullName(vector) && PersonRules.isRareFullName(matcher.sales[s], matcher.fo[f]))
    }

    /// Whether two F&O records are duplicates of each other.
    func areDuplicates(_ a: Int, _ b: Int) -> Bool {
        foDuplicatePairs.contains(PairIndex.unordered(a, b))
    }
}
