import AirlockIO
import AirlockModel
import AirlockReconcile

/// Reads the decisions of a reviewed `matches.csv` and checks them against the exports: every decided row names
/// a known entity, a Sales record and an F&O record that the exports hold, one decision per pair, and at most one
/// accepted F&O record per Sales record and one accepted Sales record per F&O record.
public enum MatchDecisionReader {
    /// The decisions of `path` (rows whose `decision` is empty are proposals, not decisions).
    /// - Throws: `AirlockError(.usage)` with file, line and column for a changed header, an unknown decision,
    ///   entity or key, two decisions for one record.
    /// - Parameter codePage: the file's code page when it has no byte-order mark (`--reviewed-encoding`); nil: UTF-8.
    public static func read(_ path: String, inputs: MatchInputs, codePage: SingleByteCodePage? = nil) throws -> [MatchDecision] {
        let table = try ReviewedTable(
            path: path, columns: MatchListColumns.all, what: "reviewed file", codePage: codePage,
            hint: codePage == nil
                ? "a file Excel saved as \"CSV (Comma delimited)\" is in the Windows code page of its language: give --reviewed-encoding windows-1252 (Western Europe, the Americas) or the one it was saved in (\(SingleByteCodePage.names)), or save it as \"CSV UTF-8\""
                : nil)
        var decisions: [MatchDecision] = []
        var byPair: [String: Int] = [:]
        var acceptedSales: [String: MatchDecision] = [:]
        var acceptedFO: [String: MatchDecision] = [:]
        var foKeys: [LinkedEntity: Set<String>] = [:]
        var salesKeys: [LinkedEntity: Set<String>] = [:]
        for (entity, records) in inputs.fo { foKeys[entity] = Set(records.map { inputs.store.key($0) }) }
        for (entity, records) in inputs.sales { salesKeys[entity] = Set(records.map { inputs.store.key($0) }) }
        for (line, values) in table.rows {
            func at(_ column: Int, _ field: String) -> SourceLocation {
                SourceLocation(file: path, line: line, column: column + 1, field: field)
            }
            let verdictText = ReviewedTable.field(values, MatchListColumns.decision).lowercased()
            if verdictText.isEmpty { continue }
            guard let verdict = verdict(verdictText) else {
                throw AirlockError(
                    .usage, "decision \"\(verdictText)\" is neither accept nor reject (leave it empty to decide later)",
                    at: at(MatchListColumns.decision, "decision"))
            }
            let entityText = ReviewedTable.field(values, MatchListColumns.entity)
            guard let entity = LinkedEntity(rawValue: entityText.lowercased()), inputs.sales[entity] != nil else {
                throw AirlockError(
                    .usage,
                    "entity \"\(entityText)\" is not one this run matches (\(inputs.sales.keys.sorted().map(\.rawValue).joined(separator: ", ")))",
                    at: at(MatchListColumns.entity, "entity"))
            }
            let salesKey = ReviewedTable.field(values, MatchListColumns.salesID).lowercased()
            guard salesKeys[entity]?.contains(salesKey) == true else {
                throw AirlockError(
                    .usage, "the Sales export holds no \(entity.salesEntity) \(salesKey.isEmpty ? "(sales_id is empty)" : salesKey)",
                    at: at(MatchListColumns.salesID, "sales_id"))
            }
            let foKey = ReviewedTable.field(values, MatchListColumns.foKey)
            guard foKeys[entity]?.contains(foKey) == true else {
                throw AirlockError(
                    .usage,
                    "the F&O export holds no \(entity.rawValue) record \(foKey.isEmpty ? "(fo_key is empty)" : foKey)\(inputs.company.isEmpty ? "" : " in \(inputs.company)")",
                    at: at(MatchListColumns.foKey, "fo_key"))
            }
            let decision = MatchDecision(entity: entity, verdict: verdict, salesKey: salesKey, foKey: foKey, line: line)
            let pair = entity.rawValue + "\u{0}" + salesKey + "\u{0}" + foKey
            if let earlier = byPair[pair] {
                throw AirlockError(
                    .usage,
                    "two decisions for the pair of Sales \(entity.salesEntity) \(salesKey) and F&O \(foKey): lines \(earlier) and \(line); keep one",
                    at: at(MatchListColumns.decision, "decision"))
            }
            byPair[pair] = line
            if verdict == .accept {
                let sales = entity.rawValue + "\u{0}" + salesKey
                if let earlier = acceptedSales[sales] {
                    throw AirlockError(
                        .usage,
                        "two F&O records are accepted for Sales \(entity.salesEntity) \(salesKey): \(earlier.foKey) (line \(earlier.line)) and \(foKey); a record links to one",
                        at: at(MatchListColumns.foKey, "fo_key"))
                }
                acceptedSales[sales] = decision
                if let earlier = acceptedFO[entity.rawValue + "\u{0}" + foKey] {
                    throw AirlockError(
                        .usage,
                        "F&O \(foKey) is accepted for two Sales records, \(earlier.salesKey) (line \(earlier.line)) and \(salesKey): a record links to one; reject one (and merge the Sales duplicate)",
                        at: at(MatchListColumns.foKey, "fo_key"))
                }
                acceptedFO[entity.rawValue + "\u{0}" + foKey] = decision
            }
            decisions.append(decision)
        }
        return decisions
    }

    static func verdict(_ text: String) -> MatchDecision.Verdict? {
        switch text {
        case "accept", "accepted", "yes", "y": .accept
        case "reject", "rejected", "no", "n": .reject
        default: nil
        }
    }
}
