import AirlockIO
import AirlockModel
import AirlockValidate

/// The page of a `ValidationReport` (see `ReportPage`): counts, findings per rule and per entity, examples.
/// It is made from the report's groups (bounded by entities × rules), never from the full list of findings.
struct ValidationPage {
    let report: ValidationReport
    let duration: Double?

    private var kindName: String {
        switch report.kind {
        case "fo": return "Finance and Operations data package"
        case "cmt": return "Configuration Migration package (Sales)"
        default: return report.kind
        }
    }

    /// Groups in a fixed order: errors first, then most findings, then rule and entity.
    private var orderedGroups: [ValidationGroup] {
        report.groups.sorted {
            ($0.severity, -$0.count, $0.rule, $0.entity ?? "") < ($1.severity, -$1.count, $1.rule, $1.entity ?? "")
        }
    }

    /// Per rule: severity (the worst seen), findings, entities.
    private var rules: [(rule: String, severity: ValidationSeverity, count: Int, entities: [String])] {
        var byRule: [String: (severity: ValidationSeverity, count: Int, entities: Set<String>)] = [:]
        for group in report.groups {
            var entry = byRule[group.rule] ?? (group.severity, 0, [])
            entry.severity = min(entry.severity, group.severity)
            entry.count += group.count
            entry.entities.insert(group.entity ?? "(package)")
            byRule[group.rule] = entry
        }
        return byRule.map { ($0.key, $0.value.severity, $0.value.count, $0.value.entities.sorted()) }
            .sorted { ($0.severity, -$0.count, $0.rule) < ($1.severity, -$1.count, $1.rule) }
    }

    var html: String {
        let sections: [(id: String, title: String, html: String)] = [
            ("summary", "Summary", summary),
            ("run", "Run", run),
            ("rules", "Findings by rule", byRule),
            ("groups", "Findings by entity and rule", byGroup),
            ("examples", "Examples", examples),
        ]
        var body = "<header>\n<h1>Airlock validation report</h1>\n"
        body += PageFrame.paragraph("\(report.path) · \(kindName)", class: "subtitle")
        if report.errors > 0 {
            body +=
                "<div class=\"banner bad\" role=\"alert\"><strong>\(HTMLText.number(report.errors)) error\(report.errors == 1 ? "" : "s")</strong> — "
                + "the target would reject records or the package; fix them before the import.</div>\n"
        } else {
            body +=
                "<div class=\"banner good\"><strong>No errors</strong> — \(HTMLText.number(report.warnings)) warning\(report.warnings == 1 ? "" : "s")"
                + (report.notices > 0 ? ", \(HTMLText.number(report.notices)) notice\(report.notices == 1 ? "" : "s")" : "") + ".</div>\n"
        }
        body += "</header>\n"
        for section in sections { body += PageFrame.section(section.id, section.title, section.html) }
        let footer =
            "Made by airlock \(HTMLText.escape(AirlockVersion.current)) from the findings of airlock validate. The page does not depend on when it was made."
        return PageFrame.document(
            title: "Airlock validation \(report.path)", navigation: sections.map { ($0.id, $0.title) }, body: body, footer: footer)
    }

    private var summary: String {
        let entities = Set(report.groups.map { $0.entity ?? "(package)" })
        var out = PageFrame.cards(
            [
                ("errors", HTMLText.number(report.errors), "error"), ("warnings", HTMLText.number(report.warnings), "warning"),
                ("notices", HTMLText.number(report.notices), "notice"), ("rules", "\(rules.count)", nil),
                ("entities", "\(entities.count)", nil),
            ], prefix: "total")
        let grouped = report.groups.reduce(0) { $0 + $1.count }
        let total = report.errors + report.warnings + report.notices
        if grouped < total {
            out += PageFrame.paragraph(
                "The tables count \(HTMLText.number(grouped)) of the \(HTMLText.number(total)) findings: only those were listed (--max-findings).",
                class: "none")
        }
        return out
    }

    private var run: String {
        var facts: [(String, String)] = [("package", report.path), ("kind", kindName), ("tool", "airlock \(AirlockVersion.current)")]
        facts.append(("duration", duration.map(HTMLText.duration) ?? "not recorded"))
        facts.append(
            (
                "findings listed",
                "\(HTMLText.number(report.findings.count))\(report.truncated ? " (truncated: raise --max-findings to list more)" : "")"
            ))
        return PageFrame.facts(facts)
    }

    private var byRule: String {
        let rules = rules
        guard !rules.isEmpty else { return PageFrame.paragraph("No finding.", class: "none") }
        let summaries = Dictionary(ValidationRules.all.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
        let total = rules.reduce(0) { $0 + $1.count }
        var out = ReportChart.bars(
            id: "chart-rules", title: "Findings by rule",
            description: "One bar per rule, its length the findings; red for errors, amber for warnings.",
            bars: rules.prefix(30).map { rule in
                ReportChart.Bar(
                    label: rule.rule, value: rule.count, cssClass: rule.severity.rawValue, endText: HTMLText.number(rule.count),
                    tooltip:
                        "\(rule.rule) (\(rule.severity.rawValue)): \(HTMLText.number(rule.count)) findings (\(HTMLText.percent(rule.count, of: total))) in \(rule.entities.joined(separator: ", "))"
                )
            })
        var table = ReportTable(
            id: "table-rules", caption: "Findings by rule, errors first",
            columns: [
                .init("rule"), .init("severity"), .init("findings", numeric: true), .init("entities"), .init("what it finds"),
            ])
        for rule in rules {
            table.add([
                .text(rule.rule, class: "code"), .text(rule.severity.rawValue, class: "sev-\(rule.severity.rawValue)"), .number(rule.count),
                .text(rule.entities.joined(separator: ", ")), .text(summaries[rule.rule] ?? "", class: "wide"),
            ])
        }
        out += table.html
        return out
    }

    private var byGroup: String {
        guard !report.groups.isEmpty else { return PageFrame.paragraph("No finding.", class: "none") }
        var table = ReportTable(
            id: "table-groups", caption: "Findings by entity and rule",
            columns: [
                .init("entity"), .init("rule"), .init("severity"), .init("findings", numeric: true),
            ])
        for group in orderedGroups {
            table.add([
                .text(group.entity ?? "(package)"), .text(group.rule, class: "code"),
                .text(group.severity.rawValue, class: "sev-\(group.severity.rawValue)"),
                .number(group.count),
            ])
        }
        return table.html
    }

    private var examples: String {
        guard !report.groups.isEmpty else { return PageFrame.paragraph("No finding.", class: "none") }
        var table = ReportTable(
            id: "table-examples", caption: "The first findings of each entity and rule",
            columns: [
                .init("rule"), .init("severity"), .init("entity"), .init("file"), .init("line", numeric: true), .init("record"),
                .init("field"), .init("value"), .init("message"),
            ])
        for group in orderedGroups {
            for example in group.examples {
                table.add([
                    .text(example.rule, class: "code"), .text(example.severity.rawValue, class: "sev-\(example.severity.rawValue)"),
                    .text(example.entity ?? ""),
                    .text(example.file ?? ""), example.line.map { .number($0) } ?? .html("", sortValue: "0"), .text(example.record ?? ""),
                    .text(example.field ?? ""),
                    .text(example.value.map { HTMLText.clip($0, 120) } ?? "", class: "code"),
                    .text(HTMLText.clip(example.message, 400), class: "wide"),
                ])
            }
        }
        return table.html
    }
}
