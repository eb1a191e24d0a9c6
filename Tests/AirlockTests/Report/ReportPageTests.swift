import AirlockKit
import Foundation
import Testing

/// `report.html`: what the page shows, that it escapes everything, needs nothing from outside and is the
/// same bytes for the same report.
struct ReportPageTests {
    @Test func theConversionPageShowsEveryFlowAndItsCounts() throws {
        var report = try ReportPageSupport.samplesReport()
        // The samples convert with the one warning their world designs; the page shows one it is given too.
        #expect(report.warnings.count == 1)
        report.warnings.insert("flow accounts: the Sales export's account has no fax: PRIMARYCONTACTFAX left empty", at: 0)
        let html = ReportPage.html(conversion: report)
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.hasSuffix("</html>\n"))
        for name in ConvertFixture.flowNames {
            let flow = try #require(report.flows[name])
            // The flows table: the name, then direction, source → target, then the counts in order.
            let row =
                "<th scope=\"row\">\(name)</th><td>\(flow.direction)</td><td>\(flow.source) → \(flow.target)</td>"
                + ReportPageSupport.flowCells(flow)
            #expect(html.contains(row), "the row of \(name)")
            // The chart: a bar per flow, with its read count.
            #expect(html.contains(">\(name)</text>"), "the chart label of \(name)")
        }
        let totals = report.totals
        for (name, value) in [
            ("read", totals.read), ("created", totals.created), ("updated", totals.updated), ("unchanged", totals.unchanged),
            ("filtered", totals.filtered), ("rejected", totals.rejected), ("written", totals.written),
        ] {
            #expect(html.contains("<dd id=\"total-\(name)\">\(ReportPageSupport.grouped(value))</dd>"), "total \(name)")
        }
        // The accounting identity holds for every flow of the samples.
        #expect(ReportPageSupport.occurrences(of: "✓ holds", in: html) == ConvertFixture.flowNames.count)
        #expect(!html.contains("✗"))
        // Field drift, generated records, warnings and the run's options and inputs.
        let drifting = try #require(report.flows["accounts"]?.updatedFields.keys.sorted().first)
        #expect(html.contains(drifting))
        #expect(html.contains("priceListItems") && html.contains("productpricelevel"))
        #expect(html.contains(escaped(report.warnings[0])))
        #expect(html.contains(try #require(report.inputs["fo"]).sha256))
        #expect(html.contains("not recorded"), "no duration was given")
        #expect(!html.contains("id=\"refused\""))
    }

    @Test func everyValueFromTheReportIsEscaped() throws {
        var report = try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales,
            out: try Fixture.scratchDirectory("airlock-report-page") + "/out"
        ).report
        let hostile = "flow<\"'&>"
        var flow = try #require(report.flows["products"])
        flow.rejectedByReason = ["<img src=x onerror=alert(1)>": 2]
        flow.updatedFields = ["</svg><script>evil()</script>": 3]
        flow.filteredBy = ["a&b": 1]
        flow.source = "<b>source</b>"
        flow.rejectFile = "rejects/<x>.csv"
        report.flows[hostile] = flow
        report.company = "<b>Contoso & \"Sons\"</b>"
        report.warnings.append("<script>alert('x')</script>")
        report.flowsNotRun = ["</code><script>notRun()</script>"]
        report.inputs["fo"]?.path = "/tmp/a&b<c>.zip"
        report.options.templatesDirectory = "<templates>"
        report.validation[RunLayout.foPackage]?.rules["<rule onclick=x()>"] = 1
        report.validation[RunLayout.foPackage]?.firstErrors.append("</ol><script>bad()</script>")
        report.outputs["<output>"] = report.outputs[RunLayout.foPackage]
        let examples: [String: [[String]]] = [
            hostile: [
                ["reason", "field", "message", "<th>"],
                ["<img src=x>", "f", "</td></tr></table><script>y()</script>", "nul \u{0} and \u{1B}[31m"],
            ]
        ]
        let html = ReportPage.html(conversion: report, rejectExamples: examples)
        #expect(ReportPageSupport.occurrences(of: "<script", in: html) == 1, "only the page's own script")
        for raw in ["<img", "<b>", "</svg><script>", "<rule", "<templates>", "<output>", "<x>", "<th>", "\u{0}", "\u{1B}"] {
            #expect(!html.contains(raw), "\(raw) is escaped")
        }
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(html.contains("flow&lt;&quot;&#39;&amp;&gt;"))
        #expect(html.contains("&lt;b&gt;Contoso &amp; &quot;Sons&quot;&lt;/b&gt;"))
        #expect(html.contains("/tmp/a&amp;b&lt;c&gt;.zip"))
        let counts = try ReportPageSupport.elementCounts(html)
        #expect(counts["script"] == 1)
        #expect(counts["img"] == nil && counts["b"] == nil)
    }

    @Test func theSameReportGivesTheSameBytes() throws {
        let run = try ReportPageSupport.defectsRun()
        let examples = ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder)
        let first = ReportPage.html(conversion: run.report, rejectExamples: examples)
        #expect(ReportPage.html(conversion: run.report, rejectExamples: examples) == first)
        // Decoded from report.json, with dictionaries built in another order: the same page.
        var decoded = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: run.out + "/" + RunLayout.conversionReport)))
        #expect(decoded == run.report)
        var flows: [String: ConversionReport.Flow] = [:]
        for name in decoded.flows.keys.sorted().reversed() { flows[name] = decoded.flows[name] }
        decoded.flows = flows
        #expect(
            ReportPage.html(conversion: decoded, rejectExamples: ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder))
                == first)
        // A duration is shown only when given.
        let timed = ReportPage.html(conversion: run.report, rejectExamples: examples, duration: 83.25)
        #expect(timed.contains("1 min 23.2 s") || timed.contains("1 min 23.3 s"))
    }

    @Test func thePageNeedsNothingFromOutside() throws {
        let run = try ReportPageSupport.defectsRun()
        let samples = ReportPage.html(conversion: try ReportPageSupport.samplesReport())
        let validation = ReportPage.html(
            validation: try PackageValidator.validate(path: ConvertFixture.sampleFO, catalog: SchemaCatalogLoader.bundled()))
        // Not even a namespace URL (inline SVG in HTML needs no xmlns).
        for html in [samples, validation] { #expect(!html.contains("http:") && !html.contains("https:")) }
        // The reject examples show data (a website column holds https://…), as text only.
        let withExamples = ReportPage.html(
            conversion: run.report, rejectExamples: ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder))
        #expect(withExamples.contains(">https://www.example.com/"))
        for html in [samples, validation, withExamples] {
            for reference in ["=\"http", "=\"//", "src=", "url(", "@import", "<link", "<iframe", "<img", "<object", "<embed", "xmlns"] {
                #expect(!html.contains(reference), "no \(reference)")
            }
            // Links stay inside the page.
            for part in html.components(separatedBy: "href=\"").dropFirst() { #expect(part.hasPrefix("#"), "\(part.prefix(40))") }
            #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        }
    }

    @Test func thePageIsWellFormed() throws {
        let run = try ReportPageSupport.defectsRun()
        let html = ReportPage.html(
            conversion: run.report, rejectExamples: ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder))
        let counts = try ReportPageSupport.elementCounts(html)
        #expect(counts["html"] == 1 && counts["head"] == 1 && counts["body"] == 1 && counts["main"] == 1)
        #expect(counts["svg"] == 3, "flows, reject reasons and field drift")
        #expect(ReportPageSupport.occurrences(of: "<svg ", in: html) == ReportPageSupport.occurrences(of: "</svg>", in: html))
        #expect(ReportPageSupport.occurrences(of: "<table ", in: html) == ReportPageSupport.occurrences(of: "</table>", in: html))
        // Every chart has an accessible name and every bar a title.
        #expect(ReportPageSupport.occurrences(of: "role=\"img\" aria-labelledby=", in: html) == 3)
        #expect((counts["title"] ?? 0) > 3 * run.report.flows.count)
        // Sections the brief asks for.
        for id in ["summary", "run", "flows", "identity", "filters", "rejects", "drift", "generated", "validation", "warnings", "not-run"] {
            #expect(html.contains("<section id=\"\(id)\""), "\(id)")
        }
        // Reasons ranked, with examples from the reject files.
        let reasons = run.report.flows.values.reduce(into: [String: Int]()) { sums, flow in
            for (reason, count) in flow.rejectedByReason { sums[reason, default: 0] += count }
        }
        let ranked = reasons.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map(\.key)
        let positions = ranked.map { html.range(of: "<th scope=\"row\">\($0)</th>")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "most records first")
        #expect(html.contains("id=\"table-rejects-accounts\""))
        #expect(html.contains("ACC-10000"), "a rejected account's key from rejects/accounts.csv")
    }

    @Test func aBrokenIdentityAndARefusalAreShownProminently() throws {
        var report = try ReportPageSupport.samplesReport()
        report.flows["accounts"]?.read += 1
        let broken = ReportPage.html(conversion: report)
        #expect(broken.contains("✗ off by 1"))
        #expect(broken.contains("Counts do not add up</strong> for accounts"))

        // A real refusal: an environment where F&O would refuse every customer.
        let folder = try Fixture.scratchDirectory("airlock-report-refused")
        try TestSchemas.mandatoryCustomerFieldExtension.write(toFile: folder + "/env.yaml", atomically: true, encoding: .utf8)
        let options = ConversionOptions(
            foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: folder + "/out")
        let failure = try #require(throws: ConversionFailure.self) {
            try Converter.run(options, catalog: SchemaCatalogLoader.load(extensions: [folder + "/env.yaml"]))
        }
        let html = ReportPage.html(conversion: failure.report)
        #expect(html.contains("<title>Airlock conversion USMF (refused)</title>"))
        #expect(html.contains("<div class=\"banner bad\" role=\"alert\" id=\"refused\"><strong>Refused</strong>"))
        #expect(html.contains(ValidationRules.foFieldMandatoryMissing.id))
        // A finished run with rejects is done, not refused: no alert, and the banner says the packages hold the rest.
        var withRejects = try ReportPageSupport.samplesReport()
        withRejects.totals.counts.rejectedByReason["missing-key"] = 3
        let done = ReportPage.html(conversion: withRejects)
        #expect(done.contains("<div class=\"banner note\"><strong>Done, with rejects</strong> — the packages hold every other record"))
        #expect(!done.contains("role=\"alert\"") && !done.contains("<strong>Rejected</strong>"))
        #expect(html.contains("ZZEXTERNALID"), "the first errors are listed")
        _ = try ReportPageSupport.elementCounts(html)
    }

    @Test func thePageSizeDependsOnFlowsNotRecords() throws {
        let report = try ReportPageSupport.samplesReport()
        var huge = report
        for name in huge.flows.keys {
            guard var flow = huge.flows[name] else { continue }
            for keyPath in [\RecordCounts.read, \.created, \.updated, \.unchanged, \.filtered] { flow.counts[keyPath: keyPath] *= 100_000 }
            flow.rejectedByReason = flow.rejectedByReason.mapValues { $0 * 100_000 }
            flow.written *= 100_000
            flow.updatedFields = flow.updatedFields.mapValues { $0 * 100_000 }
            flow.filteredBy = flow.filteredBy.mapValues { $0 * 100_000 }
            huge.flows[name] = flow
        }
        for keyPath in [\RecordCounts.read, \.created, \.updated, \.unchanged, \.filtered] {
            huge.totals.counts[keyPath: keyPath] *= 100_000
        }
        huge.totals.rejectedByReason = huge.totals.rejectedByReason.mapValues { $0 * 100_000 }
        huge.totals.written *= 100_000
        let small = ReportPage.html(conversion: report)
        let started = Date()
        let big = ReportPage.html(conversion: huge)
        let seconds = Date().timeIntervalSince(started)
        #expect(huge.totals.read > 1_000_000)
        // Longer numbers only: a few bytes per count.
        #expect(big.utf8.count - small.utf8.count < 8_000, "\(small.utf8.count) → \(big.utf8.count) bytes")
        #expect(big.utf8.count < 120_000)
        #expect(seconds < 1, "rendered in \(seconds) s")
        _ = try ReportPageSupport.elementCounts(big)
    }

    @Test func theValidationPageGroupsFindingsByRule() throws {
        let collector = FindingCollector()
        let custom = ValidationRule("x.<rule>", .warning, "a rule & its <summary>")
        for line in 2...6 {
            collector.add(
                ValidationFinding(
                    rule: ValidationRules.foValueEnum, entity: "<Entity & Co>", file: "a&b.csv", line: line, record: "\"USMF\" / 'k'",
                    field: "<F>",
                    value: "<script>v()</script>", message: "not a symbol of <enum> & more"))
        }
        collector.add(ValidationFinding(rule: custom, message: "package-level <problem>"))
        let report = ValidationReport(kind: "fo", path: "/tmp/<pkg>.zip", collector: collector)
        let html = ReportPage.html(validation: report, duration: 1.25)
        #expect(html.contains("<dd id=\"total-errors\">5</dd>"))
        #expect(html.contains("<dd id=\"total-warnings\">1</dd>"))
        #expect(html.contains(">fo.value.enum</th>"))
        #expect(html.contains(escaped(ValidationRules.foValueEnum.summary)))
        #expect(html.contains("x.&lt;rule&gt;"))
        #expect(html.contains("&lt;Entity &amp; Co&gt;"))
        #expect(html.contains("(package)"))
        #expect(html.contains("1.2 s") || html.contains("1.3 s"))
        #expect(ReportPageSupport.occurrences(of: "<script", in: html) == 1)
        #expect(!html.contains("<F>") && !html.contains("<pkg>"))
        // The examples are the group's first three, not every finding.
        #expect(ReportPageSupport.occurrences(of: "not a symbol of &lt;enum&gt;", in: html) == 3)
        let counts = try ReportPageSupport.elementCounts(html)
        #expect(counts["svg"] == 1)
        #expect(ReportPage.html(validation: report, duration: 1.25) == html)

        // No findings: a clean page.
        let clean = ReportPage.html(validation: ValidationReport(kind: "cmt", path: "p.zip", collector: FindingCollector()))
        #expect(clean.contains("<strong>No errors</strong>"))
        _ = try ReportPageSupport.elementCounts(clean)
    }

    @Test func savedReportsDecodeByKind() throws {
        let report = try ReportPageSupport.samplesReport()
        guard case .conversion(let decoded) = try ReportDocument.decode(report.jsonData(), file: "report.json") else {
            Issue.record("a conversion report")
            return
        }
        #expect(decoded == report)

        let validation = try PackageValidator.validate(path: ConvertFixture.sampleFO, catalog: SchemaCatalogLoader.bundled())
        guard case .validation(let read) = try ReportDocument.decode(Data(validation.jsonText().utf8), file: "v.json") else {
            Issue.record("a validation report")
            return
        }
        #expect(read.errors == validation.errors && read.warnings == validation.warnings && read.path == validation.path)
        #expect(read.groups.map(\.rule) == validation.groups.map(\.rule))

        for garbage in [
            "not json", "[1, 2]", "{\"foo\": 1}", "{\"flows\": 3}",
            "{\"kind\": \"fo\", \"errors\": \"x\", \"warnings\": 0, \"findings\": []}",
        ] {
            let error = try #require(throws: AirlockError.self) { try ReportDocument.decode(Data(garbage.utf8), file: "/tmp/x/saved.json") }
            #expect(error.code == .usage)
            #expect(error.description.hasPrefix("/tmp/x/saved.json: not a report"), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func rejectExamplesAreTheFirstRowsOfEachRejectFile() throws {
        let run = try ReportPageSupport.defectsRun()
        let folder = run.out + "/" + RunLayout.rejectsFolder
        let examples = ReportPage.rejectExamples(in: folder)
        let expectedFlows = run.report.flows.filter { $0.value.rejected > 0 }.map(\.key).sorted()
        #expect(examples.keys.sorted() == expectedFlows)
        for (flow, lines) in examples {
            #expect(lines.first?.prefix(3) == ["reason", "field", "message"], "\(flow): the header, without a BOM")
            #expect(lines.count == 1 + min(ReportPage.defaultExampleRows, run.report.flows[flow]?.rejected ?? 0), "\(flow)")
        }
        #expect(ReportPage.rejectExamples(in: folder, rows: 1).values.allSatisfy { $0.count == 2 })
        #expect(ReportPage.rejectExamples(in: run.out + "/nowhere").isEmpty)
    }

    @Test func thePageIsWrittenAtomically() throws {
        let folder = try Fixture.scratchDirectory("airlock-report-write")
        let path = folder + "/report.html"
        try ReportPage.write("<p>one</p>", to: path)
        try ReportPage.write("<p>two</p>", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<p>two</p>")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["report.html"], "no temporary file left")
        let error = try #require(throws: AirlockError.self) { try ReportPage.write("x", to: folder + "/missing/report.html") }
        #expect(error.code == .io)
        #expect(error.description.contains(folder + "/missing/report.html"))
    }
}

/// The page's escaping, as the tests expect it (a copy: the page's own helper is internal).
private func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
        of: ">", with: "&gt;"
    )
    .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
}
