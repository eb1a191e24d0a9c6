import AirlockIO
import AirlockModel

/// Writes `duplicates.csv`: pairs of records within one side that look like one and the same (F&O first, then
/// Sales; by entity, score and keys).
enum DuplicateListWriter {
    static let columns = [
        "side", "entity", "class", "score", "first_key", "first_name", "second_key", "second_name", "agrees", "disagrees",
    ]

    static func write(_ outcome: MatchOutcome, to path: String) throws {
        let writer = try CSVFileWriter(path: path, header: columns)
        let store = outcome.store
        for matches in outcome.matches {
            let entity = matches.entity
            for isSales in [false, true] {
                let records = isSales ? outcome.sales(entity) : outcome.fo(entity)
                let found = matches.duplicates.filter { $0.isSales == isSales }.sorted { a, b in
                    if a.score != b.score { return a.score > b.score }
                    if store.precedes(.key, records[a.first], records[b.first]) { return true }
                    if store.precedes(.key, records[b.first], records[a.first]) { return false }
                    return store.precedes(.key, records[a.second], records[b.second])
                }
                for duplicate in found {
                    let first = records[duplicate.first]
                    let second = records[duplicate.second]
                    let evidence = outcome.duplicateEvidence(entity, duplicate)
                    try writer.writeRecord([
                        isSales ? "sales" : "fo", entity.rawValue, duplicate.matchClass.rawValue, ScoreText.score(duplicate.score),
                        store.key(first), store.name(first), store.key(second), store.name(second), evidence.agrees, evidence.disagrees,
                    ])
                }
            }
        }
        try writer.close()
    }
}
