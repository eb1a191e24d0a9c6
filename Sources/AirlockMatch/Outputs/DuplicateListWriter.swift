import AirlockIO

/// Writes `duplicates.csv`: pairs of records within one side that look like one and the same (F&O first, then
/// Sales; by entity, score and keys).
enum DuplicateListWriter {
    static let columns = [
        "side", "entity", "class", "score", "first_key", "first_name", "second_key", "second_name", "agrees", "disagrees",
    ]

    static func write(_ outcome: MatchOutcome, to path: String) throws {
        let writer = try CSVFileWriter(path: path, header: columns)
        for matches in outcome.matches {
            let entity = matches.entity
            for isSales in [false, true] {
                let records = isSales ? outcome.sales(entity) : outcome.fo(entity)
                let found = matches.duplicates.filter { $0.isSales == isSales }.sorted { a, b in
                    if a.score != b.score { return a.score > b.score }
                    if records[a.first].key != records[b.first].key { return records[a.first].key < records[b.first].key }
                    return records[a.second].key < records[b.second].key
                }
                for duplicate in found {
                    let first = records[duplicate.first]
                    let second = records[duplicate.second]
                    let evidence = outcome.duplicateEvidence(entity, duplicate)
                    try writer.writeRecord([
                        isSales ? "sales" : "fo", entity.rawValue, duplicate.matchClass.rawValue, ScoreText.score(duplicate.score),
                        first.key, first.name, second.key, second.name, evidence.agrees, evidence.disagrees,
                    ])
                }
            }
        }
        try writer.close()
    }
}
