import AirlockReport

/// Writes `matches.html`: per entity, the counts, the distribution of each Sales record's best score against the
/// thresholds, and the pairs to review with their evidence. One self-contained page (no script, no fetches).
enum MatchPage {
    /// How many pairs to review the page lists per entity (all are in `matches.csv`).
    static let reviewRowsShown = 500

    static func html(_ outcome: MatchOutcome, result: MatchingResult) -> String {
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Airlock match</title>
            <style>
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
            td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{background:#f3f3f3}
            td.n{text-align:right}.bar{display:inline-block;height:.9em;background:#4a7ab8}.bar.review{background:#e0a030}
            .bar.sure{background:#3a9a50}.bar.none{background:#bbb}.small{color:#666;font-size:.9em}
            </style></head><body>
            <h1>Airlock match</h1>
            <p>Legal entity \(HTMLText.escape(result.company.isEmpty ? "(none named)" : result.company)); a pair is <b>sure</b> from score \
            \(ScoreText.score(result.sureScore)) when it leads the next candidate by \(ScoreText.score(result.ambiguityMargin)) or more, and \
            proposed for <b>review</b> from \(ScoreText.score(result.reviewScore)). Decisions kept from a reviewed file: \(result.decisionsKept).</p>

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
        for matches in outcome.matches {
            page += "<h2>\(matches.entity.rawValue)</h2>\n"
            page += distribution(matches.bestScores, result: result)
            let review = matches.proposals.filter { $0.matchClass == .review && $0.decision == nil }.sorted {
                $0.score != $1.score ? $0.score > $1.score : $0.salesIndex < $1.salesIndex
            }
            page += "<h3>To review: \(HTMLText.number(review.count))</h3>\n"
            if review.count > reviewRowsShown {
                page += "<p class=small>The \(reviewRowsShown) highest are shown; matches.csv holds them all.</p>\n"
            }
            page += "<table><tr><th>score</th><th>Sales</th><th>F&amp;O</th><th>agrees</th><th>disagrees</th><th>notes</th></tr>\n"
            let sales = outcome.sales(matches.entity)
            let fo = outcome.fo(matches.entity)
            for proposal in review.prefix(reviewRowsShown) {
                let evidence = outcome.evidenceText(matches.entity, sales: proposal.salesIndex, fo: proposal.foIndex)
                let s = sales[proposal.salesIndex]
                let f = fo[proposal.foIndex]
                page += "<tr><td class=n>\(ScoreText.score(proposal.score))</td>"
                page += "<td>\(HTMLText.escape(s.name))<br><span class=small>\(HTMLText.escape(s.key))</span></td>"
                page += "<td>\(HTMLText.escape(f.name))<br><span class=small>\(HTMLText.escape(f.key))</span></td>"
                page += "<td>\(HTMLText.escape(evidence.agrees))</td><td>\(HTMLText.escape(evidence.disagrees))</td>"
                page += "<td>\(HTMLText.escape(proposal.notes.joined(separator: "; ")))</td></tr>\n"
            }
            page += "</table>\n"
        }
        page += "</body></html>\n"
        return page
    }

    /// Bars of the Sales records by best score, in steps of 5.
    static func distribution(_ scores: [Double], result: MatchingResult) -> String {
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
