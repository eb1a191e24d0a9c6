/// The readable summary `airlock verify` prints.
extension VerificationReport {
    /// One line per flow and target entity (sent, landed, drifted, missing, not verified), totals, the sides, the
    /// most drifted fields and the warnings.
    public func text() -> String {
        var lines: [String] = ["Verification of \(options.runDirectory) for company \(company)"]
        let header = ["flow", "side", "entity", "sent", "landed", "drifted", "missing", "not verified"]
        var rows: [[String]] = [header]
        for name in flowOrder {
            guard let flow = flows[name] else { continue }
            if flow.entities.isEmpty { rows.append([name, flow.side, "-", "0", "0", "0", "0", "0"]) }
            for (entityName, entity) in flow.entities.sorted(by: { $0.key < $1.key }) {
                let counts = entity.counts
                rows.append([
                    name, flow.side, entityName, "\(counts.sent)", "\(counts.landed)", "\(counts.drifted)", "\(counts.missing)",
                    "\(counts.notVerified)",
                ])
            }
        }
        rows.append([
            "total", "", "", "\(totals.sent)", "\(totals.landed)", "\(totals.drifted)", "\(totals.missing)", "\(totals.notVerified)",
        ])
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
        for warning in warnings { lines.append("warning: \(warning)") }
        lines.append("Verdict: \(verdict)")
        lines.append("")
        lines.append("Next steps:")
        lines += nextSteps.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
