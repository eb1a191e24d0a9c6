import AirlockIO
import AirlockModel
import AirlockReconcile

/// Writes `unmatched.csv`: the records of either side that no link names, with why (no candidate, a best score
/// below review, a pair waiting for review, a rejected pair), so the plan can count what a load would create.
enum UnmatchedListWriter {
    static let columns = ["side", "entity", "entity_name", "key", "name", "best_score", "reason"]

    /// Writes the list and returns per entity how many Sales and F&O records it holds.
    static func write(_ outcome: MatchOutcome, to path: String) throws -> [LinkedEntity: (sales: Int, fo: Int)] {
        let writer = try CSVFileWriter(path: path, header: columns)
        let store = outcome.store
        var counts: [LinkedEntity: (sales: Int, fo: Int)] = [:]
        for matches in outcome.matches {
            let entity = matches.entity
            let sales = outcome.sales(entity)
            let fo = outcome.fo(entity)
            var proposalOf: [Int: MatchProposal] = [:]
            var linkedFO: Set<Int> = []
            for proposal in matches.proposals {
                if proposal.decision != .reject || proposalOf[proposal.salesIndex] == nil { proposalOf[proposal.salesIndex] = proposal }
                if proposal.isLinked { linkedFO.insert(proposal.foIndex) }
            }
            var salesCount = 0
            for (index, record) in sales.enumerated() {
                let proposal = proposalOf[index]
                if proposal?.isLinked == true { continue }
                let best = matches.bestScores[index]
                let reason: String
                if let proposal {
                    reason = proposal.decision == .reject ? "rejected on review" : "to review: \(store.key(fo[proposal.foIndex]))"
                } else if let why = matches.unproposed[index] {
                    reason = why
                } else if best > 0 {
                    reason = "best candidate below the review score"
                } else {
                    reason = "no candidate shares a blocking key"
                }
                try writer.writeRecord([
                    "sales", entity.rawValue, store.label(record), store.key(record), store.name(record), ScoreText.score(best), reason,
                ])
                salesCount += 1
            }
            var foCount = 0
            for (index, record) in fo.enumerated() where !linkedFO.contains(index) {
                try writer.writeRecord([
                    "fo", entity.rawValue, store.label(record), store.key(record), store.name(record), "",
                    "no Sales record is linked to it",
                ])
                foCount += 1
            }
            counts[entity] = (salesCount, foCount)
        }
        try writer.close()
        return counts
    }
}
