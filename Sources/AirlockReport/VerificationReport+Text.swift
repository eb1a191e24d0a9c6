/// The readable summary `airlock verify` prints.
extension VerificationReport {
    /// One line per flow and target entity (the side the entity was sent to; sent, landed, of those unproven,
    /// drifted, missing, not verified), totals, the sides, the most drifted fields, the warnings and the verdict
    /// with what was not proven.
    public func text() -> String {
        var lines: [String] = ["Verification of \(options.runDirectory) for company \(company)"]
        let header = ["flow", "side", "entity", "sent", "landed", "unproven", "drifted", "missing", "not verified"]
        var rows: [[String]] = [header]
        for name in flowOrder {
            guard let flow = flows[name] else { continue }
            if flow.entities.isEmpty { rows.append([name, flow.side, "-", "0", "0", "0", "0", "0", "0"]) }
            for (entityName, entity) in flow.entities.sorted(by: { $0.key < $1.key }) {
                rows.append([name, entity.side, entityName] + Self.cells(entity.counts))
            }
        }
        rows.append(["total", "", ""] + Self.cells(totals))
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            lines.append(
                row.enumerated().map { index, cell in
                    index < 3
                        ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                        : String(repeating: " ", count: widths[index] - cell.count) + cell
                }.joined(separator: "  "))
        }
        for name in flowOrder {
            guard let flow = flows[name], !flow.driftedFields.isEmpty else { continue }
            let fields = flow.driftedFields.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) \($0.value)" }
            lines.append("  \(name) drifted: \(fields.joined(separator: ", "))")
        }
        for side in ["fo", "sales"] {
            guard let info = sides[side], let note = info.note else { continue }
            lines.append("\(side == "fo" ? "F&O" : "Sales"): \(note)")
        }
        if let keys = registeredKeys { lines.append(keys.text) }
        for warning in warnings { lines.append("warning: \(warning)") }
        lines.append("Verdict: \(verdictText)")
        lines.append("")
        lines.append("Next steps:")
        lines += nextSteps.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    /// The verdict in words: `unproven` as `landed, ` and what was not proven (`83 records with fields not proven
    /// (contact: msdynce_contactnumber)`); another verdict followed by what was not proven, if anything.
    public var verdictText: String {
        let reasons = notProven.map(\.summary)
        guard !reasons.isEmpty else { return verdict }
        return (verdict == "unproven" ? "landed, " : verdict + "; ") + reasons.joined(separator: "; ")
    }

    /// The counts of a row of the table, in its columns' order.
    private static func cells(_ counts: VerificationCounts) -> [String] {
        [counts.sent, counts.landed, counts.unproven, counts.drifted, counts.missing, counts.notVerified].map { "\($0)" }
    }
}
