import AirlockIO
import AirlockModel

/// Writes `matches.csv` (`MatchListColumns`): per entity, the sure pairs, then those to review, each by score
/// (highest first) and Sales GUID.
enum MatchListWriter {
    static func write(_ outcome: MatchOutcome, to path: String) throws {
        let writer = try CSVFileWriter(path: path, header: MatchListColumns.all)
        let store = outcome.store
        for matches in outcome.matches {
            let entity = matches.entity
            let sales = outcome.sales(entity)
            let fo = outcome.fo(entity)
            let ordered = matches.proposals.sorted { a, b in
                let rankA = a.matchClass.map { $0 == .sure ? 0 : 1 } ?? 2
                let rankB = b.matchClass.map { $0 == .sure ? 0 : 1 } ?? 2
                if rankA != rankB { return rankA < rankB }
                if a.score != b.score { return a.score > b.score }
                return store.precedes(.key, sales[a.salesIndex], sales[b.salesIndex])
            }
            for proposal in ordered {
                let s = sales[proposal.salesIndex]
                let f = fo[proposal.foIndex]
                let evidence = outcome.evidenceText(entity, sales: proposal.salesIndex, fo: proposal.foIndex)
                try writer.writeRecord([
                    entity.rawValue, proposal.matchClass?.rawValue ?? "", ScoreText.score(proposal.score),
                    proposal.decision?.rawValue ?? "", store.key(s), store.name(s), store.label(f), store.key(f), store.name(f),
                    evidence.agrees, evidence.disagrees,
                    proposal.notes.joined(separator: "; "),
                ])
            }
        }
        try writer.close()
    }
}
