import AirlockIO

extension LedgerReading {
    /// The timeline for a terminal: the chain's state, then each run with its time, verb, exit code, outcome,
    /// counts, and its inputs and outputs with shortened digests, an input that an earlier run wrote naming that run.
    public func text() -> String {
        let runs = entries.count
        var out = "Migration ledger \(path): \(runs) run\(runs == 1 ? "" : "s")"
        if lines.count != runs { out += " (\(lines.count) lines)" }
        out += "\n"
        if let head {
            out +=
                isIntact
                ? "Chain: intact from line 1 to line \(lines.count)."
                : "Chain: BROKEN at line \(breaks.map { String($0.number) }.joined(separator: ", "))."
            out += " Last line's SHA-256: \(head)\n"
        } else {
            out += "The ledger holds no run.\n"
        }
        for line in lines {
            out += "\n"
            guard let entry = line.entry else {
                out += "#\(line.number)  \(line.problem ?? "not a ledger entry")\n"
                if let chainBreak = line.chainBreak { out += "    chain BROKEN: \(chainBreak)\n" }
                continue
            }
            out += "#\(line.number)  \(entry.startedAt)  \(entry.command)  exit \(entry.exitCode)  \(entry.outcome)"
            if let seconds = MigrationLedger.seconds(from: entry.startedAt, to: entry.finishedAt) {
                out += "  (\(HTMLText.duration(seconds)))"
            }
            out += "\n    \(Self.commandLine(entry.arguments))\n"
            let counts = entry.orderedCounts
            if !counts.isEmpty { out += "    counts: " + counts.map { "\($0.name) \($0.value)" }.joined(separator: ", ") + "\n" }
            let files = entry.inputs.map { ("in ", $0) } + entry.outputs.map { ("out", $0) }
            let roleWidth = files.map(\.1.role.count).max() ?? 0
            let pathWidth = files.map(\.1.path.count).max() ?? 0
            let links = lineage[line.number] ?? []
            for (direction, file) in files {
                out += "    \(direction)  " + Self.padded(file.role, roleWidth) + "  " + Self.padded(file.path, pathWidth) + "  "
                out += file.sha256 == nil ? "not read" : "\(file.shortDigest)  \(HTMLText.number(file.bytes ?? 0)) bytes"
                if direction == "in ", let link = links.first(where: { $0.inputRole == file.role }) {
                    out += "  = #\(link.sourceLine) \(link.sourceCommand) \(link.outputRole)"
                }
                out += "\n"
            }
            if let chainBreak = line.chainBreak { out += "    chain BROKEN: \(chainBreak)\n" }
        }
        return out
    }

    /// Why `airlock report` fails on the ledger (one line), or nil when its chain holds.
    public var problem: String? {
        guard let first = breaks.first else { return nil }
        let reason = first.problem ?? first.chainBreak ?? ""
        let more = breaks.count > 1 ? " (and \(breaks.count - 1) more line\(breaks.count == 2 ? "" : "s"))" : ""
        return "the ledger's chain is broken at line \(first.number): \(reason)\(more)"
    }

    /// The arguments as one line a shell would read back: an argument with spaces or quotes in single quotes.
    static func commandLine(_ arguments: [String]) -> String {
        arguments.map { argument in
            let plain = !argument.isEmpty && argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=,:@+%".contains($0) }
            return plain ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }.joined(separator: " ")
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
