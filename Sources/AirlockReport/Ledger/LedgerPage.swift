import AirlockIO

/// The page of a migration ledger (see `ReportPage`): the chain's state, the runs as a timeline, which run read
/// what an earlier run wrote, and each run's inputs and outputs with their digests.
struct LedgerPage {
    let reading: LedgerReading

    var html: String {
        let sections: [(id: String, title: String, html: String)] = [
            ("summary", "Summary", summary),
            ("timeline", "Timeline", timeline),
            ("lineage", "Lineage", lineage),
            ("runs", "Runs", runs),
            ("chain", "Chain", chain),
        ]
        var body = "<header>\n<h1>Airlock migration ledger</h1>\n"
        body += PageFrame.paragraph(reading.path, class: "subtitle")
        body += banner + "</header>\n"
        for section in sections { body += PageFrame.section(section.id, section.title, section.html) }
        let footer =
            "Made by airlock from the ledger's lines alone. Times are UTC; digests are SHA-256, shortened to 12 digits "
            + "(the full digest is in each cell's title and in the ledger)."
        return PageFrame.document(title: "Airlock ledger", navigation: sections.map { ($0.id, $0.title) }, body: body, footer: footer)
    }

    private var banner: String {
        if let problem = reading.problem {
            return "<div class=\"banner bad\" role=\"alert\"><strong>Chain broken</strong> — \(HTMLText.escape(problem)); "
                + "see <a href=\"#chain\">Chain</a>.</div>\n"
        }
        guard let head = reading.head else { return "<div class=\"banner note\"><strong>Empty</strong> — the ledger holds no run.</div>\n" }
        return "<div class=\"banner good\"><strong>Chain intact</strong> — every line chains to the one before, from line 1 to line "
            + "\(reading.lines.count). Last line's SHA-256: <code>\(HTMLText.escape(head))</code>.</div>\n"
    }

    private var summary: String {
        let entries = reading.entries.map(\.entry)
        let failed = entries.filter { $0.exitCode != 0 }.count
        var out = PageFrame.cards(
            [
                ("runs", HTMLText.number(entries.count), nil), ("exit 0", HTMLText.number(entries.count - failed), "created"),
                ("failed", HTMLText.number(failed), failed > 0 ? "rejected" : nil),
                ("chain breaks", HTMLText.number(reading.breaks.count), reading.breaks.isEmpty ? nil : "error"),
            ], prefix: "ledger")
        var facts: [(String, String)] = []
        if let first = entries.first, let last = entries.last {
            facts.append(("first run", first.startedAt))
            facts.append(("last run", last.finishedAt))
        }
        let commands = Dictionary(grouping: entries, by: \.command).map { "\($0.key) \($0.value.count)" }.sorted()
        if !commands.isEmpty { facts.append(("verbs", commands.joined(separator: ", "))) }
        if let head = reading.head { facts.append(("last line's SHA-256", head)) }
        out += PageFrame.facts(facts)
        out += PageFrame.paragraph(
            "The chain shows a line changed, put in or removed anywhere but at the end; keep the last line's SHA-256 with the sign-off "
                + "to show later that nothing was removed from the end either.")
        return out
    }

    private var timeline: String {
        guard !reading.lines.isEmpty else { return PageFrame.paragraph("No run.", class: "none") }
        var table = ReportTable(
            id: "table-timeline", caption: "Runs in the order they were appended",
            columns: [
                .init("line", numeric: true), .init("started (UTC)"), .init("took"), .init("verb"), .init("exit", numeric: true),
                .init("outcome"), .init("counts"), .init("output folder"), .init("chain"),
            ])
        for line in reading.lines {
            let status = line.holds ? "<span class=\"ok\">✓</span>" : "<span class=\"bad\">✗</span>"
            guard let entry = line.entry else {
                table.add([
                    .number(line.number), .text(""), .text(""), .text(""), .text(""), .text(line.problem ?? "", class: "wide"), .text(""),
                    .text(""), .html(status),
                ])
                continue
            }
            let took = MigrationLedger.seconds(from: entry.startedAt, to: entry.finishedAt).map(HTMLText.duration) ?? ""
            let counts = entry.orderedCounts.map { "\($0.name) \(HTMLText.number($0.value))" }.joined(separator: ", ")
            table.add([
                .number(line.number), .text(entry.startedAt, class: "code"), .text(took),
                .html("<a href=\"#run-\(line.number)\">\(HTMLText.escape(entry.command))</a>"),
                .number(Int(entry.exitCode)), .text(entry.outcome, class: "wide"), .text(counts, class: "wide"),
                .text(entry.outputDirectory ?? ""), .html(status),
            ])
        }
        return table.html
    }

    private var lineage: String {
        let links = reading.lineage.keys.sorted().flatMap { reading.lineage[$0] ?? [] }
        guard !links.isEmpty else { return PageFrame.paragraph("No run read a file an earlier run wrote.", class: "none") }
        let commands = Dictionary(reading.entries.map { ($0.line, $0.entry.command) }, uniquingKeysWith: { first, _ in first })
        var table = ReportTable(
            id: "table-lineage", caption: "Inputs that are, byte for byte, an earlier run's output",
            columns: [
                .init("line", numeric: true), .init("verb"), .init("input"), .init("from line", numeric: true), .init("verb"),
                .init("output"),
            ])
        for link in links {
            table.add([
                .number(link.line), .text(commands[link.line] ?? ""), .text(link.inputRole), .number(link.sourceLine),
                .text(link.sourceCommand),
                .text(link.outputRole),
            ])
        }
        return table.html
    }

    private var runs: String {
        guard !reading.entries.isEmpty else { return PageFrame.paragraph("No run.", class: "none") }
        var out = ""
        for (number, entry) in reading.entries {
            out += "<h3 id=\"run-\(number)\">#\(number) \(HTMLText.escape(entry.command)) — \(HTMLText.escape(entry.startedAt))</h3>\n"
            out += PageFrame.facts([
                ("command line", LedgerReading.commandLine(entry.arguments)), ("working folder", entry.workingDirectory),
                ("by", "\(entry.user) on \(entry.host)"), ("tool", "\(entry.tool) \(entry.toolVersion)"),
                ("exit", "\(entry.exitCode): \(entry.outcome)"), ("finished", entry.finishedAt),
            ])
            let links = reading.lineage[number] ?? []
            var table = ReportTable(
                id: "table-run-\(number)", caption: "Files of line \(number)",
                columns: [
                    .init("file"), .init("role"), .init("path"), .init("bytes", numeric: true), .init("SHA-256"), .init("written by"),
                ])
            for (direction, file) in entry.inputs.map({ ("input", $0) }) + entry.outputs.map({ ("output", $0) }) {
                let source = direction == "input" ? links.first { $0.inputRole == file.role } : nil
                table.add([
                    .text(direction), .text(file.role), .text(file.path, class: "wide"),
                    file.bytes.map { .html(HTMLText.escape(HTMLText.bytes($0)), sortValue: "\($0)") } ?? .text("not read"),
                    .html("<code title=\"\(HTMLText.escape(file.sha256 ?? ""))\">\(HTMLText.escape(file.shortDigest))</code>"),
                    .text(source.map { "line \($0.sourceLine) (\($0.sourceCommand) \($0.outputRole))" } ?? ""),
                ])
            }
            out += table.html
        }
        return out
    }

    private var chain: String {
        guard !reading.lines.isEmpty else { return PageFrame.paragraph("No line.", class: "none") }
        var table = ReportTable(
            id: "table-chain", caption: "Each line's SHA-256 and the previous line's SHA-256 it holds",
            columns: [.init("line", numeric: true), .init("SHA-256"), .init("previous"), .init("status")])
        for line in reading.lines {
            let previous = line.entry?.previous
            table.add([
                .number(line.number),
                .html("<code title=\"\(HTMLText.escape(line.sha256))\">\(HTMLText.escape(String(line.sha256.prefix(12))))</code>"),
                .html(
                    "<code title=\"\(HTMLText.escape(previous ?? ""))\">\(HTMLText.escape(previous.map { String($0.prefix(12)) } ?? "none"))</code>"
                ),
                line.holds ? .html("<span class=\"ok\">holds</span>") : .text(line.problem ?? line.chainBreak ?? "", class: "bad"),
            ])
        }
        return table.html
    }
}
