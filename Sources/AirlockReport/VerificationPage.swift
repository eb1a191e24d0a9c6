import AirlockIO
import AirlockModel

/// The page of a verification's `verify.json` (see `ReportPage`): what landed per flow and entity (each entity on the
/// side it was sent to), the fields that drifted, the fields not proven, and the first rows of `missing.csv` and
/// `drifted.csv`.
struct VerificationPage {
    let report: VerificationReport
    /// `missing` and `drifted`: the first lines of each CSV (header first).
    let examples: [String: [[String]]]

    /// The parts of a bar of sent records: landed records proven and not, drifted, missing, not verified.
    private static var outcomes: [(name: String, cssClass: String, value: (VerificationCounts) -> Int)] {
        [
            ("landed", "created", \.proven), ("landed, not proven", "updated", \.unproven), ("drifted", "filtered", \.drifted),
            ("missing", "rejected", \.missing), ("not verified", "unchanged", \.notVerified),
        ]
    }

    var html: String {
        let sections: [(id: String, title: String, html: String)] = [
            ("summary", "Summary", summary),
            ("next", "Next steps", nextSteps),
            ("inputs", "Inputs", inputs),
            ("flows", "Flows and entities", flows),
            ("identity", "Accounting identity", identity),
            ("drift", "Drifted fields", drift),
            ("unproven", "Fields not proven", unproven),
            ("keys", "Registered keys", registeredKeys),
            ("missing", "Missing records", exampleSection("missing", file: RunLayout.missingList, empty: "No sent record is missing.")),
            ("drifted", "Drifted records", exampleSection("drifted", file: RunLayout.driftedList, empty: "No sent record drifted.")),
            ("warnings", "Warnings", warnings),
        ]
        var body = "<header>\n<h1>Airlock verification report</h1>\n"
        body += PageFrame.paragraph(
            "Company \(report.company) · run \(report.options.runDirectory) · \(report.tool) \(report.version)", class: "subtitle")
        body += banner + "</header>\n"
        for section in sections { body += PageFrame.section(section.id, section.title, section.html) }
        let footer =
            "Made by \(HTMLText.escape(report.tool)) \(HTMLText.escape(report.version)) from verify.json. "
            + "Counts are records; the page does not depend on when it was made."
        return PageFrame.document(
            title: "Airlock verification \(report.company)", navigation: sections.map { ($0.id, $0.title) }, body: body, footer: footer)
    }

    private var banner: String {
        let totals = report.totals
        if !report.flows.values.allSatisfy(\.counts.holds) {
            return
                "<div class=\"banner bad\" role=\"alert\"><strong>Counts do not add up</strong>; see <a href=\"#identity\">Accounting identity</a>.</div>\n"
        }
        if totals.missing > 0 {
            return
                "<div class=\"banner bad\" role=\"alert\"><strong>Missing</strong> — \(HTMLText.number(totals.missing)) of \(HTMLText.number(totals.sent)) sent records "
                + "are not in the exports; see <a href=\"#missing\">Missing records</a>.</div>\n"
        }
        if totals.drifted > 0 {
            return
                "<div class=\"banner note\"><strong>Drifted</strong> — \(HTMLText.number(totals.drifted)) sent records are there with other values; "
                + "see <a href=\"#drift\">Drifted fields</a>.</div>\n"
        }
        if totals.notVerified > 0 {
            return
                "<div class=\"banner note\"><strong>Not verified</strong> — \(HTMLText.number(totals.notVerified)) sent records were not checked "
                + "(no export of their side, or an export without their entity); see <a href=\"#inputs\">Inputs</a>.</div>\n"
        }
        let notProven = report.notProven.map(\.summary)
        if !notProven.isEmpty {
            return
                "<div class=\"banner note\"><strong>Landed, not proven</strong> — \(HTMLText.escape(notProven.joined(separator: "; "))): "
                + "the exports do not carry those fields, so they were not compared; see <a href=\"#next\">Next steps</a>.</div>\n"
        }
        return "<div class=\"banner good\"><strong>Landed</strong> — every record sent is in the exports with the values sent.</div>\n"
    }

    /// What to do now (`VerificationReport.nextSteps`).
    private var nextSteps: String {
        "<ol class=\"plain\">"
            + report.nextSteps.map { "<li>" + HTMLText.escape(String($0.drop { $0 != " " }.dropFirst())) + "</li>" }.joined()
            + "</ol>\n"
    }

    private var summary: String {
        let totals = report.totals
        var out = PageFrame.cards(
            [
                ("sent", HTMLText.number(totals.sent), nil), ("landed", HTMLText.number(totals.landed), "created"),
                ("of which not proven", HTMLText.number(totals.unproven), "updated"),
                ("drifted", HTMLText.number(totals.drifted), "filtered"), ("missing", HTMLText.number(totals.missing), "rejected"),
                ("not verified", HTMLText.number(totals.notVerified), nil),
            ], prefix: "total")
        out +=
            "<p>Sent \(HTMLText.number(totals.sent)) = landed \(HTMLText.number(totals.landed)) + drifted \(HTMLText.number(totals.drifted)) "
            + "+ missing \(HTMLText.number(totals.missing)) + not verified \(HTMLText.number(totals.notVerified)) "
            + (totals.holds ? "<span class=\"ok\">✓</span>" : "<span class=\"bad\">✗</span>") + "</p>\n"
        if totals.unproven > 0 {
            out += PageFrame.paragraph(
                "Of the \(HTMLText.number(totals.landed)) landed, \(HTMLText.number(totals.unproven)) were sent with values in fields the "
                    + "exports do not carry: found, but those fields are not proven.")
        }
        return out
    }

    private var inputs: String {
        var facts: [(String, String)] = [("run folder", report.options.runDirectory)]
        for side in ["fo", "sales"] {
            guard let info = report.sides[side] else { continue }
            let label = side == "fo" ? "F&O side" : "Sales side"
            facts.append(
                (label, (info.verified ? "verified against " + (info.export ?? "") : "not verified") + (info.note.map { " — " + $0 } ?? ""))
            )
        }
        facts.append(("F&O locale", report.options.foLocale ?? "the conversion's, else learnt from each date column"))
        facts.append(("drift fails the run", report.options.allowDrift ? "no (--allow-drift)" : "yes"))
        var out = PageFrame.facts(facts)
        var table = ReportTable(
            id: "table-inputs", caption: "Inputs",
            columns: [.init("input"), .init("path"), .init("bytes", numeric: true), .init("SHA-256")])
        for (name, digest) in report.inputs.sorted(by: { $0.key < $1.key }) {
            table.add([
                .text(name), .text(digest.path, class: "wide"),
                .html(HTMLText.escape(HTMLText.bytes(digest.bytes)), sortValue: "\(digest.bytes)"),
                .text(digest.sha256, class: "code"),
            ])
        }
        out += table.html
        return out
    }

    private var flows: String {
        let order = report.flowOrder
        guard !order.isEmpty else { return PageFrame.paragraph("The conversion ran no flow.", class: "none") }
        let legend = Self.outcomes.map { outcome in
            (name: outcome.name, cssClass: outcome.cssClass, total: outcome.value(report.totals))
        }
        let bars = order.compactMap { name -> ReportChart.StackedBar? in
            guard let flow = report.flows[name] else { return nil }
            return ReportChart.StackedBar(
                label: name,
                segments: Self.outcomes.map { ReportChart.Segment(name: $0.name, value: $0.value(flow.counts), cssClass: $0.cssClass) },
                whole: flow.counts.sent, endText: "sent \(HTMLText.number(flow.counts.sent))")
        }
        var out = ReportChart.stacked(
            id: "chart-flows", title: "Sent records per flow by outcome",
            description:
                "One bar per flow, its length the records sent, split into landed (proven), landed but not proven, drifted, missing and not verified.",
            legend: legend, bars: bars)
        var table = ReportTable(
            id: "table-flows", caption: "Sent records per flow and target entity",
            columns: [
                .init("flow"), .init("side"), .init("entity"), .init("export entity"), .init("sent", numeric: true),
                .init("landed", numeric: true), .init("not proven", numeric: true), .init("drifted", numeric: true),
                .init("missing", numeric: true), .init("not verified", numeric: true),
            ])
        for name in order {
            guard let flow = report.flows[name] else { continue }
            if flow.entities.isEmpty {
                table.add([.text(name), .text(flow.side), .text("(nothing sent)"), .text("")] + Self.cells(VerificationCounts()))
            }
            for (entityName, entity) in flow.entities.sorted(by: { $0.key < $1.key }) {
                table.add(
                    [.text(name), .text(entity.side), .text(entityName), .text(entity.exportEntity ?? "—")] + Self.cells(entity.counts))
            }
        }
        table.footer.append([.text("total"), .text(""), .text(""), .text("")] + Self.cells(report.totals))
        out += table.html
        return out
    }

    /// The counts of a row of the flows' table, in its columns' order.
    private static func cells(_ counts: VerificationCounts) -> [ReportTable.Cell] {
        [counts.sent, counts.landed, counts.unproven, counts.drifted, counts.missing, counts.notVerified].map { .number($0) }
    }

    private var identity: String {
        var out = PageFrame.paragraph(
            "Every record a flow sent landed, drifted, is missing, or was not verified: exactly one of them. "
                + "Records landed but not proven are some of those landed.")
        var table = ReportTable(
            id: "table-identity", caption: "sent = landed + drifted + missing + not verified",
            columns: [.init("flow"), .init("sent", numeric: true), .init("landed + drifted + missing + not verified"), .init("holds")])
        for name in report.flowOrder {
            guard let counts = report.flows[name]?.counts else { continue }
            let parts = [counts.landed, counts.drifted, counts.missing, counts.notVerified].map(HTMLText.number).joined(separator: " + ")
            table.add([
                .text(name), .number(counts.sent), .text(parts),
                counts.holds
                    ? .html("<span class=\"ok\">✓ holds</span>", sortValue: "1") : .html("<span class=\"bad\">✗</span>", sortValue: "0"),
            ])
        }
        out += table.html
        return out
    }

    private var drift: String {
        var entries: [(flow: String, entity: String, field: String, count: Int, drifted: Int)] = []
        for name in report.flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (entityName, entity) in flow.entities.sorted(by: { $0.key < $1.key }) {
                for (field, count) in entity.driftedFields.sorted(by: { $0.key < $1.key }) {
                    entries.append((name, entityName, field, count, entity.counts.drifted))
                }
            }
        }
        guard !entries.isEmpty else { return PageFrame.paragraph("No field drifted.", class: "none") }
        entries.sort { ($1.count, $0.flow, $0.entity, $0.field) < ($0.count, $1.flow, $1.entity, $1.field) }
        var out = PageFrame.paragraph(
            "For each drifted record, the fields sent whose value the export holds differently; a record counts once per such field.")
        let top = entries.prefix(20)
        out += ReportChart.bars(
            id: "chart-drift", title: "Fields that drifted most",
            description: "One bar per flow, entity and field (the \(top.count) most frequent), its length the drifted records.",
            bars: top.map { entry in
                ReportChart.Bar(
                    label: "\(entry.flow) · \(entry.field)", value: entry.count, cssClass: "filtered",
                    endText: HTMLText.number(entry.count),
                    tooltip:
                        "\(entry.flow) \(entry.entity) \(entry.field): \(HTMLText.number(entry.count)) of \(HTMLText.number(entry.drifted)) drifted records"
                )
            })
        var table = ReportTable(
            id: "table-drift", caption: "Drifted fields, most records first",
            columns: [.init("flow"), .init("entity"), .init("field"), .init("records", numeric: true), .init("of drifted", numeric: true)])
        for entry in entries {
            table.add([
                .text(entry.flow), .text(entry.entity), .text(entry.field, class: "code"), .number(entry.count), .number(entry.drifted),
            ])
        }
        out += table.html
        return out
    }

    /// The fields sent that the exports do not carry, per flow and entity, with the landed records sent with a value
    /// in each (not proven).
    private var unproven: String {
        var table = ReportTable(
            id: "table-unproven", caption: "Fields sent that the exports do not carry",
            columns: [
                .init("flow"), .init("side"), .init("entity"), .init("field"), .init("records not proven", numeric: true),
                .init("of landed", numeric: true),
            ])
        for name in report.flowOrder {
            guard let flow = report.flows[name] else { continue }
            for (entityName, entity) in flow.entities.sorted(by: { $0.key < $1.key }) {
                for (field, count) in entity.unprovenFields.sorted(by: { $0.key < $1.key }) {
                    table.add([
                        .text(name), .text(entity.side), .text(entityName), .text(field, class: "code"), .number(count),
                        .number(entity.counts.landed),
                    ])
                }
            }
        }
        guard !table.rows.isEmpty else { return PageFrame.paragraph("Every field sent was compared.", class: "none") }
        return PageFrame.paragraph(
            "Records found whose compared fields hold the values sent, but which were sent with a value in a field the export does "
                + "not carry: that value is not proven until the entity is exported with the field and verified again.")
            + table.html
    }

    /// The migration's key register looked for in the F&O export, per Sales entity.
    private var registeredKeys: String {
        guard let keys = report.registeredKeys else {
            return PageFrame.paragraph("No key register was read (none yet in this migration, or --no-ledger).", class: "none")
        }
        guard keys.checked else {
            return PageFrame.paragraph(
                "\(HTMLText.number(keys.registered)) keys of the key register \(HTMLText.escape(keys.register)) that F&O should hold were not looked for: no --fo export was given.",
                class: "none")
        }
        var table = ReportTable(
            id: "table-keys", caption: "Keys of \(keys.register) in the F&O export",
            columns: [
                .init("entity"), .init("F&O should hold", numeric: true), .init("found", numeric: true), .init("not found", numeric: true),
                .init("not checked", numeric: true), .init("not sent yet", numeric: true),
            ])
        for (entity, counts) in keys.entities.sorted(by: { $0.key < $1.key }) {
            table.add([
                .text(entity), .number(counts.registered), .number(counts.found), .number(counts.notFound), .number(counts.notChecked),
                .number(counts.notSent),
            ])
        }
        return PageFrame.paragraph(
            "Every key the migration's key register says F&O holds (a link's, or one a run sent) looked for in the F&O export; \(RunLayout.missingKeysList) lists those not found."
        ) + table.html
    }

    private func exampleSection(_ name: String, file: String, empty: String) -> String {
        guard let rows = examples[name], rows.count > 1, let header = rows.first else { return PageFrame.paragraph(empty, class: "none") }
        let total = name == "missing" ? report.totals.missing : report.totals.drifted
        var out = PageFrame.paragraph(
            "The first \(rows.count - 1) of \(HTMLText.number(total)) record\(total == 1 ? "" : "s") of \(file) (every row is in the file)."
        )
        var table = ReportTable(id: "table-\(name)-examples", caption: file, columns: header.map { .init($0) })
        table.cssClass = "examples"
        for row in rows.dropFirst() { table.add(row.map { .text(HTMLText.clip($0, 120)) }) }
        out += table.html
        return out
    }

    private var warnings: String {
        guard !report.warnings.isEmpty else { return PageFrame.paragraph("No warnings.", class: "none") }
        return "<ul class=\"plain\">" + report.warnings.map { "<li>\(HTMLText.escape($0))</li>" }.joined() + "</ul>\n"
    }
}
