import AirlockIO
import AirlockModel

/// Writes `matches.html`: per entity, the counts, what the model estimated from the exports expects of the classes it
/// drew (precision, wrong links, recall), the distribution of each Sales record's best score against the thresholds,
/// and the pairs to review, those whose decision says most first (a probability nearest 50 %), each with its evidence
/// as a waterfall of weights in bits. One self-contained page (no script, no fetches).
enum MatchPage {
    /// How many pairs to review the page lists per entity (all are in `matches.csv`).
    static let reviewRowsShown = 500

    static func html(_ outcome: MatchOutcome, result: MatchReport) -> String {
        var page = HTMLText.pageStart(
            title: "Airlock match",
            style: """
                .bar{display:inline-block;height:.9em;background:#4a7ab8}.bar.review{background:#e0a030}
                .bar.sure{background:#3a9a50}.bar.none{background:#bbb}.small{color:#666;font-size:.9em}
                .w{display:inline-block;height:.7em}.w.for{background:#3a9a50}.w.against{background:#c0392b}

                """)
        page += """
            <h1>Airlock match</h1>
            <p>Legal entity \(HTMLText.escape(result.company.isEmpty ? "(none named)" : result.company)). Scores are match probabilities \
            in percent under a model estimated from these two exports (docs/match.md, "The model"). A pair is <b>sure</b> from \
            \(ScoreText.score(result.sureScore)) % when, of it and the next candidate, it is the one by at least \
            \(ScoreText.score(100 - result.ambiguityMargin)) %, and proposed for <b>review</b> from \(ScoreText.score(result.reviewScore)) %. \
            Decisions kept from a reviewed file: \(result.decisionsKept).</p>

            """
        page += "<table><tr><th>entity</th><th>Sales</th><th>F&amp;O</th><th>sure</th><th>review</th><th>linked</th>"
        page +=
            "<th>accepted</th><th>rejected</th><th>Sales unmatched</th><th>F&amp;O unmatched</th><th>duplicates (F&amp;O / Sales)</th></tr>\n"
        for counts in result.entities {
            let cells = [
                counts.salesRecords, counts.foRecords, counts.sure, counts.review, counts.linked, counts.accepted, counts.rejected,
                counts.salesUnmatched, counts.foUnmatched,
            ]
            page += "<tr><td>\(counts.entity)</td>" + cells.map { "<td class=n>\(HTMLText.number($0))</td>" }.joined()
            page += "<td class=n>\(HTMLText.number(counts.foDuplicates)) / \(HTMLText.number(counts.salesDuplicates))</td></tr>\n"
        }
        page += "</table>\n"
        page += expectations(result)
        for matches in outcome.matches {
            page += "<h2>\(matches.entity.rawValue)</h2>\n"
            page += distribution(matches.bestScores, result: result)
            // The decision that says most first: a pair nearest an even chance is the one the model knows least.
            let review = matches.proposals.filter { $0.matchClass == .review && $0.decision == nil }.sorted {
                let x = abs($0.score - 50)
                let y = abs($1.score - 50)
                return x != y ? x < y : $0.salesIndex < $1.salesIndex
            }
            page += "<h3>To review: \(HTMLText.number(review.count))</h3>\n"
            page +=
                "<p class=small>Nearest an even chance first: the model knows least of them. Pass the reviewed file with --reviewed: a decision settles its pair and the pairs of the records it names, nothing else.\(review.count > reviewRowsShown ? " The first \(reviewRowsShown) are shown; \(RunLayout.matchList) holds them all." : "")</p>\n"
            page += "<table><tr><th>score</th><th>Sales</th><th>F&amp;O</th><th>evidence (bits)</th><th>notes</th></tr>\n"
            let sales = outcome.sales(matches.entity)
            let fo = outcome.fo(matches.entity)
            for proposal in review.prefix(reviewRowsShown) {
                let evidence = outcome.evidence(matches.entity, sales: proposal.salesIndex, fo: proposal.foIndex)
                let s = sales[proposal.salesIndex]
                let f = fo[proposal.foIndex]
                page += "<tr><td class=n>\(ScoreText.score(proposal.score))</td>"
                let store = outcome.store
                page += "<td>\(HTMLText.escape(store.name(s)))<br><span class=small>\(HTMLText.escape(store.key(s)))</span></td>"
                page += "<td>\(HTMLText.escape(store.name(f)))<br><span class=small>\(HTMLText.escape(store.key(f)))</span></td>"
                page += "<td>\(waterfall(evidence))</td>"
                page += "<td>\(HTMLText.escape(proposal.notes.joined(separator: "; ")))</td></tr>\n"
            }
            page += "</table>\n"
        }
        page += "</body></html>\n"
        return page
    }

    /// What the model expects of the classes it drew, per entity.
    static func expectations(_ result: MatchReport) -> String {
        func share(_ value: Double?) -> String { value.map { String(format: "%.2f %%", $0 * 100) } ?? "—" }
        var html = "<h2>What the model expects</h2>\n<table><tr><th>entity</th><th>sure precision</th><th>wrong sure links</th>"
        html += "<th>found by sure</th><th>found by sure and review</th><th>share of candidates one record</th><th>estimate</th>"
        html += "<th>reviewed: sure accepted</th><th>review accepted</th></tr>\n"
        for counts in result.entities {
            guard let model = counts.model else { continue }
            html += "<tr><td>\(counts.entity)</td><td class=n>\(share(model.expectedSurePrecision))</td>"
            html += "<td class=n>\(String(format: "%.1f", model.expectedWrongSure))</td><td class=n>\(share(model.expectedSureRecall))</td>"
            html += "<td class=n>\(share(model.expectedReviewRecall))</td><td class=n>\(share(model.prior))</td>"
            html += "<td>\(HTMLText.escape(Self.convergence(model)))</td>"
            html += "<td class=n>\(share(model.reviewedSurePrecision))</td><td class=n>\(share(model.reviewedReviewPrecision))</td></tr>\n"
        }
        return html + "</table>\n<p class=small>Expected from the pairs' probabilities (the sure pairs' mean, the sum of their doubts; "
            + "found: over the sum of every Sales record's best probability): the model's own estimate. Reviewed: of the pairs a "
            + "reviewer decided (--reviewed), the share accepted, by the class the model gives them: what the decisions measure.</p>\n"
            + households(result)
    }

    /// The estimate's course in a steward's words: it settled, or it stopped at its limit still moving a little.
    static func convergence(_ model: MatchModelSummary) -> String {
        model.converged
            ? "settled after \(model.rounds) rounds: estimating again changes no weight"
            : "stopped at its limit of rounds (\(model.rounds)) while a weight still moved a little; the classes are those of the last "
                + "round, and the same exports give the same classes"
    }

    /// Per entity of persons, the households on each side and what the model expects of the sure pairs there.
    static func households(_ result: MatchReport) -> String {
        let rows = result.entities.compactMap { counts in counts.households.map { (counts.entity, $0) } }
        guard !rows.isEmpty else { return "" }
        func share(_ value: Double?) -> String { value.map { String(format: "%.2f %%", $0 * 100) } ?? "—" }
        var html = "<h2>Households</h2>\n<table><tr><th>entity</th><th>Sales households (persons)</th><th>F&amp;O households (persons)</th>"
        html += "<th>sure pairs in a household</th><th>their expected precision</th><th>expected wrong</th><th>held for review</th>"
        html += "<th>relatives not proposed</th></tr>\n"
        for (entity, households) in rows {
            html +=
                "<tr><td>\(entity)</td><td class=n>\(HTMLText.number(households.sales)) (\(HTMLText.number(households.salesPersons)))</td>"
            html += "<td class=n>\(HTMLText.number(households.fo)) (\(HTMLText.number(households.foPersons)))</td>"
            html += "<td class=n>\(HTMLText.number(households.sure))</td><td class=n>\(share(households.expectedSurePrecision))</td>"
            html += "<td class=n>\(String(format: "%.1f", households.expectedWrongSure))</td>"
            html += "<td class=n>\(HTMLText.number(households.heldForReview))</td>"
            html += "<td class=n>\(HTMLText.number(households.relativesNotProposed))</td></tr>\n"
        }
        return html + "</table>\n<p class=small>A household: persons of one side who share a family name and an address. Between them "
            + "the given name decides: another given name is a relative and is not proposed; none, or one only weakly alike, is never "
            + "linked without a reviewer (held for review); unless a birth date or an e-mail address agrees. unmatched.csv names "
            + "each Sales record left out and why.</p>\n"
    }

    /// A pair's evidence as a waterfall: each signal's weight as a bar for (green) or against (red) the pair.
    static func waterfall(_ evidence: [MatchEvidence]) -> String {
        evidence.map { item in
            let width = Int(min(60, abs(item.points) * 3).rounded())
            let label =
                "\(item.signal.rawValue)\(item.verdict == .partly ? "~" : "") \(item.points >= 0 ? "+" : "")\(ScoreText.score(item.points))"
            return "<span class=\"w \(item.points >= 0 ? "for" : "against")\" style=\"width:\(width)px\"></span> \(HTMLText.escape(label))"
        }
        .joined(separator: "<br>")
    }

    /// Bars of the Sales records by best score, in steps of 5.
    static func distribution(_ scores: [Double], result: MatchReport) -> String {
        var bins = [Int](repeating: 0, count: 21)
        for score in scores { bins[min(20, max(0, Int(score / 5)))] += 1 }
        let largest = max(1, bins.max() ?? 1)
        var html = "<table><tr><th>best score</th><th>Sales records</th><th></th></tr>\n"
        for (index, count) in bins.enumerated().reversed() {
            let low = Double(index * 5)
            let kind = low >= result.sureScore ? "sure" : low >= result.reviewScore ? "review" : "none"
            let label = index == 20 ? "100" : "\(index * 5)–\(index * 5 + 4)"
            let width = Int((Double(count) / Double(largest) * 300).rounded())
            html +=
                "<tr><td>\(label)</td><td class=n>\(count)</td><td><span class=\"bar \(kind)\" style=\"width:\(width)px\"></span></td></tr>\n"
        }
        return html + "</table>\n"
    }
}
