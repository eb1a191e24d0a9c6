import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockValidate

/// The page's rejected records: reasons ranked by records, then per flow the first rows of its reject file.
extension ConversionPage {
    var rejects: String {
        let ranked = rankedReasons()
        guard !ranked.isEmpty else { return PageFrame.paragraph("No record was rejected.", class: "none") }
        return reasonChart(ranked) + reasonTable(ranked) + rejectFileTable() + rejectFileExamples()
    }

    /// Reject reasons with their records and the flows that gave them (each with its records), ranked.
    private typealias RankedReasons = [(key: String, value: (count: Int, flows: [(String, Int)]))]

    /// Reasons ranked by records (most first, then by name), with the flows that gave them.
    private func rankedReasons() -> RankedReasons {
        var byReason: [String: (count: Int, flows: [(String, Int)])] = [:]
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (reason, count) in flow.rejectedByReason.sorted(by: { $0.key < $1.key }) where count > 0 {
                byReason[reason, default: (0, [])].count += count
                byReason[reason, default: (0, [])].flows.append((name, count))
            }
        }
        return byReason.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
    }

    /// One bar per reject reason, its length the records rejected for it.
    private func reasonChart(_ ranked: RankedReasons) -> String {
        let total = ranked.reduce(0) { $0 + $1.value.count }
        return ReportChart.bars(
            id: "chart-reasons", title: "Rejected records by reason",
            description: "One bar per reject reason, its length the records rejected for it.",
            bars: ranked.map { reason, value in
                ReportChart.Bar(
                    label: reason, value: value.count, cssClass: "rejected", endText: HTMLText.number(value.count),
                    tooltip:
                        "\(reason): \(HTMLText.number(value.count)) records (\(HTMLText.percent(value.count, of: total))) in \(value.flows.map { "\($0.0) \(HTMLText.number($0.1))" }.joined(separator: ", "))"
                )
            })
    }

    /// The reject reasons, most records first, each with its share, its flows and an example message.
    private func reasonTable(_ ranked: RankedReasons) -> String {
        let total = ranked.reduce(0) { $0 + $1.value.count }
        var table = ReportTable(
            id: "table-reasons", caption: "Reject reasons, most records first",
            columns: [
                .init("reason"), .init("records", numeric: true), .init("share", numeric: true), .init("flows"), .init("example"),
            ])
        for (reason, value) in ranked {
            let example =
                value.flows.lazy.compactMap { flow, _ in exampleMessage(flow: flow, reason: reason).map { "\(flow): \($0)" } }.first ?? ""
            table.add([
                .text(reason), .number(value.count), .html(HTMLText.percent(value.count, of: total), sortValue: "\(value.count)"),
                .text(value.flows.map { "\($0.0) \(HTMLText.number($0.1))" }.joined(separator: ", ")),
                .text(HTMLText.clip(example, 240), class: "wide"),
            ])
        }
        return table.html
    }

    /// The reject files per flow, with the flow's records rejected by reason.
    private func rejectFileTable() -> String {
        var files = ReportTable(
            id: "table-reject-files", caption: "Reject files per flow",
            columns: [.init("flow"), .init("rejected", numeric: true), .init("reasons"), .init("file")])
        for name in flowOrder {
            guard let flow = report.flows[name], flow.rejected > 0 else { continue }
            let reasons = flow.rejectedByReason.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map {
                "\($0.key) \(HTMLText.number($0.value))"
            }.joined(separator: ", ")
            files.add([.text(name), .number(flow.rejected), .text(reasons), .text(flow.rejectFile ?? "(not written)", class: "code")])
        }
        return files.html
    }

    /// The first lines of each reject file, where the page is made next to the rejects folder.
    private func rejectFileExamples() -> String {
        var out = ""
        let shown =
            flowOrder.filter { (rejectExamples[$0]?.count ?? 0) > 1 }
            + rejectExamples.keys.filter { !report.flows.keys.contains($0) && (rejectExamples[$0]?.count ?? 0) > 1 }.sorted()
        if shown.isEmpty {
            out += PageFrame.paragraph(
                "The first lines of each reject file are shown here when the page is made next to the rejects folder (airlock report REPORT.json).",
                class: "none")
        }
        for name in shown {
            guard let lines = rejectExamples[name], let header = lines.first else { continue }
            let rows = lines.dropFirst()
            let rejected = report.flows[name]?.rejected ?? rows.count
            out +=
                "<h3 id=\"rejects-\(HTMLText.slug(name))\">\(HTMLText.escape(name)): \(rows.count == rejected ? "the" : "the first \(rows.count) of") "
                + "\(HTMLText.number(rejected)) rejected record\(rejected == 1 ? "" : "s")</h3>\n"
            let width = min(max(header.count, rows.map(\.count).max() ?? 0), 40)
            var columns = (0..<width).map { ReportTable.Column($0 < header.count ? header[$0] : "column \($0 + 1)") }
            columns.insert(ReportTable.Column("#", numeric: true), at: 0)
            var table = ReportTable(id: "table-rejects-\(HTMLText.slug(name))", caption: "\(name): rejects/\(name).csv", columns: columns)
            table.cssClass = "examples"
            for (index, row) in rows.enumerated() {
                var cells: [ReportTable.Cell] = [.number(index + 1)]
                for column in 0..<width {
                    cells.append(.text(column < row.count ? HTMLText.clip(row[column], 160) : "", class: column == 2 ? "wide" : nil))
                }
                table.add(cells)
            }
            out += table.html
        }
        return out
    }

    /// The message of the first example row of `flow` rejected for `reason` (reject files start with reason,
    /// field, message).
    func exampleMessage(flow: String, reason: String) -> String? {
        guard let lines = rejectExamples[flow] else { return nil }
        for row in lines.dropFirst() where row.count >= 3 && row[0] == reason {
            return row[1].isEmpty ? row[2] : "\(row[1]): \(row[2])"
        }
        return nil
    }
}
