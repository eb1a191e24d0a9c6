import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockValidate

/// The page of a conversion's `report.json` (see `ReportPage`).
struct ConversionPage {
    let report: ConversionReport
    let rejectExamples: [String: [[String]]]
    let duration: Double?

    /// The outcomes of the accounting identity, in the order the chart stacks them.
    private static var outcomes: [(name: String, cssClass: String, value: (ConversionReport.Flow) -> Int)] {
        [
            ("created", "created", \.created), ("updated", "updated", \.updated), ("unchanged", "unchanged", \.unchanged),
            ("filtered", "filtered", \.filtered), ("rejected", "rejected", \.rejected),
        ]
    }

    /// Flow names in the bundled order, then any others by name (as the text summary lists them).
    var flowOrder: [String] { report.flowOrder }

    private static func holds(_ flow: ConversionReport.Flow) -> Bool {
        flow.read == flow.created + flow.updated + flow.unchanged + flow.filtered + flow.rejected
    }

    var html: String {
        let sections: [(id: String, title: String, html: String)] = [
            ("summary", "Summary", summary),
            ("before-import", "Before you import", beforeImport),
            ("next", "Next steps", nextSteps),
            ("run", "Run", run),
            ("flows", "Flows", flows),
            ("plan", "What the exports lack", planSection),
            ("identity", "Accounting identity", identity),
            ("filters", "Filtered records", filters),
            ("rejects", "Rejected records", rejects),
            ("drift", "Field drift of updated records", drift),
            ("generated", "Generated records", generated),
            ("validation", "Validation of the outputs", validation),
            ("warnings", "Warnings", warnings),
            ("not-run", "Flows not run", notRun),
        ]
        var body = "<header>\n<h1>Airlock conversion report\(report.refused ? " — refused" : "")</h1>\n"
        body += PageFrame.paragraph(
            "Company \(report.company) · \(report.tool) \(report.version)\(report.options.dryRun ? " · dry run: nothing written" : "")",
            class: "subtitle")
        body += banner + "</header>\n"
        for section in sections { body += PageFrame.section(section.id, section.title, section.html) }
        let footer =
            "Made by \(HTMLText.escape(report.tool)) \(HTMLText.escape(report.version)) from report.json. "
            + "Counts are records; the page does not depend on when it was made."
        return PageFrame.document(
            title: "Airlock conversion \(report.company)\(report.refused ? " (refused)" : "")",
            navigation: sections.map { ($0.id, $0.title) }, body: body, footer: footer)
    }

    // MARK: Sections

    /// The reference data the records name, by what the exports say of it (`ConversionPlan.beforeImport`).
    private var beforeImport: String {
        let groups = report.plan?.beforeImport ?? []
        guard !groups.isEmpty else {
            return PageFrame.paragraph("The records name no reference data in the targets.", class: "none")
        }
        var out = ""
        for status in [ImportPrerequisite.Status.missing, .unchecked, .held] {
            for system in ["F&O", "Sales"] {
                let matching = groups.filter { $0.status == status && $0.system == system }
                guard !matching.isEmpty else { continue }
                out += PageFrame.paragraph(ImportPrerequisite.heading(system: system, status: status))
                out +=
                    "<ul class=\"plain\">"
                    + matching.map { group in
                        "<li><strong>" + HTMLText.escape(group.target) + "</strong>: " + HTMLText.escape(group.valuesText) + " ("
                            + String(group.records) + " record" + (group.records == 1 ? "" : "s") + "; "
                            + HTMLText.escape(group.flows.joined(separator: ", ")) + ")</li>"
                    }.joined() + "</ul>\n"
            }
        }
        return out
    }

    /// What to do now, in order (`ConversionReport.nextSteps`).
    private var nextSteps: String {
        let steps = report.nextSteps
        guard !steps.isEmpty else { return PageFrame.paragraph("Nothing to do: a dry run writes no package.", class: "none") }
        return "<ol class=\"plain\">"
            + steps.map { step in
                "<li>" + HTMLText.escape(String(step.drop { $0 != " " }.dropFirst())) + "</li>"
            }.joined() + "</ol>\n"
    }

    private var banner: String {
        if report.refused {
            let errors = report.validation.values.reduce(0) { $0 + $1.errors }
            return
                "<div class=\"banner bad\" role=\"alert\" id=\"refused\"><strong>Refused</strong> — the output packages failed validation "
                + "(\(HTMLText.number(errors)) error\(errors == 1 ? "" : "s")); no package and no reject file was handed over, only this report. "
                + "See <a href=\"#validation\">Validation of the outputs</a>.</div>\n"
        }
        let broken = flowOrder.filter { report.flows[$0].map { !Self.holds($0) } ?? false }
        if !broken.isEmpty {
            return
                "<div class=\"banner bad\" role=\"alert\"><strong>Counts do not add up</strong> for \(HTMLText.escape(broken.joined(separator: ", "))); "
                + "see <a href=\"#identity\">Accounting identity</a>.</div>\n"
        }
        if report.totals.rejected > 0 {
            // A finished run that left records out: the packages hold the rest, nothing was refused.
            return
                "<div class=\"banner note\"><strong>Done, with rejects</strong> — the packages hold every other record; \(HTMLText.number(report.totals.rejected)) record\(report.totals.rejected == 1 ? " was" : "s were") "
                + "left out, each with its reasons in rejects/; see <a href=\"#rejects\">Rejected records</a>.</div>\n"
        }
        return "<div class=\"banner good\"><strong>Done</strong> — every record read was created, updated, unchanged or filtered.</div>\n"
    }

    private var summary: String {
        let totals = report.totals
        let allHold = report.flows.values.allSatisfy(Self.holds)
        let sum = totals.created + totals.updated + totals.unchanged + totals.filtered + totals.rejected
        var out = PageFrame.cards(
            [
                ("read", HTMLText.number(totals.read), nil), ("created", HTMLText.number(totals.created), "created"),
                ("updated", HTMLText.number(totals.updated), "updated"), ("unchanged", HTMLText.number(totals.unchanged), "unchanged"),
                ("filtered", HTMLText.number(totals.filtered), "filtered"), ("rejected", HTMLText.number(totals.rejected), "rejected"),
                ("written", HTMLText.number(totals.written), nil),
            ] + (report.generatedWritten > 0 ? [("added by rules", HTMLText.number(report.generatedWritten), nil)] : []) + [
                ("flows", "\(report.flows.count)", nil)
            ], prefix: "total")
        out +=
            "<p>Read \(HTMLText.number(totals.read)) = created \(HTMLText.number(totals.created)) + updated \(HTMLText.number(totals.updated)) "
            + "+ unchanged \(HTMLText.number(totals.unchanged)) + filtered \(HTMLText.number(totals.filtered)) + rejected \(HTMLText.number(totals.rejected)) "
            + (totals.read == sum && allHold ? "<span class=\"ok\">✓</span>" : "<span class=\"bad\">✗</span>") + "</p>\n"
        if let writtenLine = report.writtenLine { out += "<p>\(HTMLText.escape(writtenLine))</p>\n" }
        return out
    }

    private var run: String {
        let options = report.options
        var facts: [(String, String)] = [("tool", "\(report.tool) \(report.version)"), ("company", report.company)]
        facts.append(("duration", duration.map(HTMLText.duration) ?? "not recorded (report.json holds no times)"))
        facts.append(("F&O export", options.foPath))
        facts.append(("Sales export", options.salesPath))
        facts.append(("output folder", options.outputDirectory ?? "none (dry run)"))
        facts.append(("flows", options.only.map { "only " + $0.joined(separator: ", ") } ?? "all"))
        facts.append(("company option", options.company ?? "not given (the export's only company)"))
        facts.append(("templates", options.templatesDirectory ?? "bundled"))
        if let keymap = options.keymap { facts.append(("keymap (airlock match)", keymap)) }
        facts.append(("dry run", options.dryRun ? "yes" : "no"))
        facts.append(("full (write unchanged)", options.full ? "yes" : "no"))
        facts.append(("max rejects", options.maxRejects.map(HTMLText.number) ?? "no limit"))
        facts.append(("force", options.force ? "yes" : "no"))
        facts.append(("refused", report.refused ? "yes" : "no"))
        var out = PageFrame.facts(facts)
        var inputs = ReportTable(
            id: "table-inputs", caption: "Inputs",
            columns: [.init("input"), .init("path"), .init("bytes", numeric: true), .init("SHA-256")])
        for (name, digest) in report.inputs.sorted(by: { $0.key < $1.key }) {
            inputs.add([
                .text(name), .text(digest.path, class: "wide"),
                .html(HTMLText.escape(HTMLText.bytes(digest.bytes)), sortValue: "\(digest.bytes)"), .text(digest.sha256, class: "code"),
            ])
        }
        out += inputs.html
        if report.outputs.isEmpty {
            out += PageFrame.paragraph(
                report.refused ? "No output was handed over (refused)." : "No output files (dry run).", class: "none")
        } else {
            var outputs = ReportTable(
                id: "table-outputs", caption: "Outputs (relative to the output folder)",
                columns: [.init("file"), .init("bytes", numeric: true), .init("SHA-256")])
            for (name, digest) in report.outputs.sorted(by: { $0.key < $1.key }) {
                outputs.add([
                    .text(name), .html(HTMLText.escape(HTMLText.bytes(digest.bytes)), sortValue: "\(digest.bytes)"),
                    .text(digest.sha256, class: "code"),
                ])
            }
            out += outputs.html
        }
        return out
    }

    private var flows: String {
        let order = flowOrder
        guard !order.isEmpty else { return PageFrame.paragraph("No flow ran.", class: "none") }
        let legend = Self.outcomes.map { outcome in
            (name: outcome.name, cssClass: outcome.cssClass, total: report.flows.values.reduce(0) { $0 + outcome.value($1) })
        }
        let bars = order.compactMap { name -> ReportChart.StackedBar? in
            guard let flow = report.flows[name] else { return nil }
            return ReportChart.StackedBar(
                label: name,
                segments: Self.outcomes.map { ReportChart.Segment(name: $0.name, value: $0.value(flow), cssClass: $0.cssClass) },
                whole: flow.read, endText: "read \(HTMLText.number(flow.read))")
        }
        var out = ReportChart.stacked(
            id: "chart-flows", title: "Records per flow by outcome",
            description: "One bar per flow, its length the records read, split into created, updated, unchanged, filtered and rejected.",
            legend: legend, bars: bars)
        var table = ReportTable(
            id: "table-flows", caption: "Records per flow",
            columns: [
                .init("flow"), .init("direction"), .init("source → target"), .init("read", numeric: true), .init("created", numeric: true),
                .init("updated", numeric: true), .init("unchanged", numeric: true), .init("filtered", numeric: true),
                .init("rejected", numeric: true),
                .init("written", numeric: true), .init("identity"),
            ])
        for name in order {
            guard let flow = report.flows[name] else { continue }
            table.add([
                .text(name), .text(flow.direction), .text("\(flow.source) → \(flow.target)"),
                .number(flow.read), .number(flow.created), .number(flow.updated), .number(flow.unchanged), .number(flow.filtered),
                .number(flow.rejected),
                .number(flow.written), Self.holds(flow) ? .html("<span class=\"ok\">✓</span>") : .html("<span class=\"bad\">✗</span>"),
            ])
        }
        let totals = report.totals
        table.footer.append([
            .text("total"), .text(""), .text(""), .number(totals.read), .number(totals.created), .number(totals.updated),
            .number(totals.unchanged),
            .number(totals.filtered), .number(totals.rejected), .number(totals.written), .text(""),
        ])
        out += table.html
        return out
    }

    private var identity: String {
        var out = PageFrame.paragraph(
            "Every record a flow reads is created, updated, unchanged, filtered or rejected: exactly one of them.")
        var table = ReportTable(
            id: "table-identity", caption: "read = created + updated + unchanged + filtered + rejected",
            columns: [
                .init("flow"), .init("read", numeric: true), .init("created + updated + unchanged + filtered + rejected"),
                .init("sum", numeric: true), .init("holds"),
            ])
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            let sum = flow.created + flow.updated + flow.unchanged + flow.filtered + flow.rejected
            let parts = [flow.created, flow.updated, flow.unchanged, flow.filtered, flow.rejected].map(HTMLText.number).joined(
                separator: " + ")
            table.add([
                .text(name), .number(flow.read), .text(parts), .number(sum),
                Self.holds(flow)
                    ? .html("<span class=\"ok\">✓ holds</span>", sortValue: "1")
                    : .html("<span class=\"bad\">✗ off by \(HTMLText.number(flow.read - sum))</span>", sortValue: "0"),
            ])
        }
        out += table.html
        return out
    }

    private var filters: String {
        var table = ReportTable(
            id: "table-filters", caption: "Records each filter left out",
            columns: [.init("flow"), .init("filter"), .init("records", numeric: true)])
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (filter, count) in flow.filteredBy.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                table.add([.text(name), .text(filter), .number(count)])
            }
        }
        return table.rows.isEmpty ? PageFrame.paragraph("No record was filtered.", class: "none") : table.html
    }

    private var drift: String {
        var entries: [(flow: String, field: String, count: Int, updated: Int)] = []
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (field, count) in flow.updatedFields where count > 0 { entries.append((name, field, count, flow.updated)) }
        }
        let kept = keptValues
        guard !entries.isEmpty else { return PageFrame.paragraph("No record was updated, so no field changed.", class: "none") + kept }
        entries.sort { ($1.count, $0.flow, $0.field) < ($0.count, $1.flow, $1.field) }
        var out = PageFrame.paragraph(
            "For each updated record, the fields whose value differs from the target export; a record counts once per field that changed.")
        if report.options.keymap != nil {
            let master =
                report.options.master == "fo"
                ? "--master fo kept F&O's values where it holds some: the fields below are those F&O held empty."
                : "Each value below replaces the one F&O holds on a linked record; --master fo keeps F&O's values and fills only its empty fields (docs/match.md, \"Linking is updating\")."
            out += "<div class=\"banner note\"><strong>Linked records are updated</strong> (--keymap): \(HTMLText.escape(master))</div>\n"
        }
        let top = entries.prefix(20)
        out += ReportChart.bars(
            id: "chart-drift", title: "Fields that change most in updated records",
            description:
                "One bar per flow and field (the \(top.count) most frequent), its length the updated records in which the field differs.",
            bars: top.map { entry in
                ReportChart.Bar(
                    label: "\(entry.flow) · \(entry.field)", value: entry.count, cssClass: "updated", endText: HTMLText.number(entry.count),
                    tooltip:
                        "\(entry.flow) \(entry.field): \(HTMLText.number(entry.count)) of \(HTMLText.number(entry.updated)) updated records (\(HTMLText.percent(entry.count, of: entry.updated)))"
                )
            })
        if entries.count > top.count {
            out += PageFrame.paragraph(
                "The chart shows the \(top.count) most frequent of \(entries.count); the table lists all.", class: "none")
        }
        var table = ReportTable(
            id: "table-drift", caption: "Changed fields of updated records, most first",
            columns: [
                .init("flow"), .init("field"), .init("records", numeric: true), .init("of updated", numeric: true),
                .init("share", numeric: true), .init("example (the first record's)"),
            ])
        for entry in entries {
            let example = report.flows[entry.flow]?.fieldChanges[entry.field].map(\.example)
            table.add([
                .text(entry.flow), .text(entry.field, class: "code"), .number(entry.count), .number(entry.updated),
                .html(
                    HTMLText.percent(entry.count, of: entry.updated),
                    sortValue: entry.updated > 0 ? HTMLText.fixed(Double(entry.count) / Double(entry.updated), 6) : "0"),
                .text(example ?? "", class: "wide"),
            ])
        }
        out += table.html
        return out + kept
    }

    /// The values existing records kept instead of the run's: a template's create-only value, or the master's.
    private var keptValues: String {
        var table = ReportTable(
            id: "table-kept", caption: "Values existing records kept",
            columns: [.init("flow"), .init("field"), .init("records", numeric: true), .init("why")])
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (field, count) in flow.keptByMaster.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                table.add([
                    .text(name), .text(field, class: "code"), .number(count),
                    .text("the master side's value (--master \(report.options.master ?? ""))"),
                ])
            }
            for (field, count) in flow.keptValues.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
                table.add([.text(name), .text(field, class: "code"), .number(count), .text("the template's value is for new records")])
            }
        }
        return table.rows.isEmpty ? "" : table.html
    }

    private var generated: String {
        var table = ReportTable(
            id: "table-generated", caption: "Records rules added (outside the accounting identity)",
            columns: [
                .init("flow"), .init("kind"), .init("entity"), .init("created", numeric: true), .init("updated", numeric: true),
                .init("unchanged", numeric: true),
            ])
        for name in flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (kind, records) in flow.generated.sorted(by: { $0.key < $1.key }) {
                table.add([
                    .text(name), .text(kind), .text(records.entity), .number(records.created), .number(records.updated),
                    .number(records.unchanged),
                ])
            }
        }
        return table.rows.isEmpty ? PageFrame.paragraph("No rule generated records.", class: "none") : table.html
    }

    private var validation: String {
        guard !report.validation.isEmpty else {
            return PageFrame.paragraph(
                report.options.dryRun ? "Not validated: a dry run writes no package." : "No package was validated.", class: "none")
        }
        let packages = report.validation.keys.sorted()
        var out = ""
        var summary = ReportTable(
            id: "table-validation", caption: "validate on each package written",
            columns: [
                .init("package"), .init("errors", numeric: true), .init("warnings", numeric: true), .init("notices", numeric: true),
                .init("result"),
            ])
        for package in packages {
            guard let result = report.validation[package] else { continue }
            summary.add([
                .text(package), .number(result.errors), .number(result.warnings), .number(result.notices),
                result.errors == 0 ? .html("<span class=\"ok\">✓ no errors</span>") : .html("<span class=\"bad\">✗ refused</span>"),
            ])
        }
        out += summary.html
        let summaries = Dictionary(ValidationRules.all.map { ($0.id, $0.summary) }, uniquingKeysWith: { first, _ in first })
        var ruleIds = Set<String>()
        for result in report.validation.values { ruleIds.formUnion(result.rules.keys) }
        let ranked = ruleIds.map { rule in (rule, packages.reduce(0) { $0 + (report.validation[$1]?.rules[rule] ?? 0) }) }
            .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
        if ranked.isEmpty {
            out += PageFrame.paragraph("No finding.", class: "none")
        } else {
            var columns: [ReportTable.Column] = [.init("rule")]
            columns += packages.map { ReportTable.Column($0, numeric: true) }
            columns += [.init("total", numeric: true), .init("what it finds")]
            var table = ReportTable(
                id: "table-validation-rules", caption: "Findings by rule (errors, warnings and notices together)", columns: columns)
            for (rule, total) in ranked {
                var cells: [ReportTable.Cell] = [.text(rule, class: "code")]
                cells += packages.map { .number(report.validation[$0]?.rules[rule] ?? 0) }
                cells += [.number(total), .text(summaries[rule] ?? "", class: "wide")]
                table.add(cells)
            }
            out += table.html
        }
        for package in packages {
            guard let result = report.validation[package], !result.firstErrors.isEmpty else { continue }
            out += "<h3>\(HTMLText.escape(package)): first errors</h3>\n<ol class=\"plain\">"
            for error in result.firstErrors { out += "<li>\(HTMLText.escape(error))</li>" }
            out += "</ol>\n"
        }
        return out
    }

    private var warnings: String {
        guard !report.warnings.isEmpty else { return PageFrame.paragraph("No warning.", class: "none") }
        var table = ReportTable(
            id: "table-warnings", caption: "Warnings of the run", columns: [.init("#", numeric: true), .init("warning")])
        for (index, warning) in report.warnings.enumerated() { table.add([.number(index + 1), .text(warning, class: "wide")]) }
        return table.html
    }

    private var notRun: String {
        guard !report.flowsNotRun.isEmpty else { return PageFrame.paragraph("Every flow of the template set ran.", class: "none") }
        return
            "<p>Not run (<code>--only</code>): \(report.flowsNotRun.map { "<code>\(HTMLText.escape($0))</code>" }.joined(separator: ", "))</p>\n"
    }
}
