import AirlockKit
import Foundation
import Testing

/// `airlock report` and `airlock validate --html`, end to end in process.
struct ReportCommandTests {
    @Test func reportWritesThePageNextToTheSavedReport() throws {
        let run = try ReportPageSupport.defectsRun()
        let json = run.out + "/" + RunLayout.conversionReport
        let result = try AirlockRunner.run(["report", json])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let path = run.out + "/" + RunLayout.conversionPage
        #expect(result.stdout.hasPrefix("Wrote \(path) ("))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        // The page of the saved report, with the first rows of each reject file next to it.
        let expected = ReportPage.html(
            conversion: run.report, rejectExamples: ReportPage.rejectExamples(in: run.out + "/" + RunLayout.rejectsFolder))
        #expect(written == expected)
        #expect(written.contains("id=\"table-rejects-accounts\""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: run.out).filter { $0.hasPrefix(".") }.isEmpty, "no temporary file left")

        // --html elsewhere; a second run replaces the file.
        let other = try Fixture.scratchDirectory("airlock-report-cli") + "/page.html"
        try "old".write(toFile: other, atomically: true, encoding: .utf8)
        let again = try AirlockRunner.run(["report", json, "--html", other])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: other, encoding: .utf8) == expected)
    }

    @Test func aFileThatIsNotAReportExitsTwoWithOneLine() throws {
        let folder = try Fixture.scratchDirectory("airlock-report-cli")
        for (name, text) in [
            ("garbage.json", "{ this is not json"), ("other.json", "{\"name\": \"something else\"}"),
            ("bad.json", "{\"flows\": {\"accounts\": 1}}"),
        ] {
            let path = folder + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try AirlockRunner.run(["report", path])
            #expect(result.status == 2, "\(name)")
            let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
            #expect(lines.count == 1, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("airlock: \(path): not a report"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let missing = try AirlockRunner.run(["report", folder + "/missing.json"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("airlock: \(folder)/missing.json: cannot read the report"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["bad.json", "garbage.json", "other.json"],
            "no page written")
    }

    @Test func validateWritesItsPageAndKeepsItsOutputAndStatus() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 1, defects: true)
        for (package, status) in [(pair.fo, Int32(1)), (ConvertFixture.sampleSales, Int32(0))] {
            let page = pair.folder + "/validate-\(status).html"
            let plain = try AirlockRunner.run(["validate", package])
            let withPage = try AirlockRunner.run(["validate", package, "--html", page])
            #expect(plain.status == status && withPage.status == status, "\(withPage.stderr)")
            #expect(withPage.stdout == plain.stdout)
            let html = try String(contentsOfFile: page, encoding: .utf8)
            let report = try PackageValidator.validate(path: package, catalog: SchemaCatalogLoader.bundled())
            #expect(html.contains("<dd id=\"total-errors\">\(ReportPageSupport.grouped(report.errors))</dd>"))
            #expect(html.contains("<dd id=\"total-warnings\">\(ReportPageSupport.grouped(report.warnings))</dd>"))
            _ = try ReportPageSupport.elementCounts(html)
        }

        // The --json output, saved, renders as the same validation page (but for the duration).
        let saved = pair.folder + "/findings.json"
        let json = try AirlockRunner.run(["validate", pair.fo, "--json"])
        try json.stdout.write(toFile: saved, atomically: true, encoding: .utf8)
        let result = try AirlockRunner.run(["report", saved, "--html", pair.folder + "/from-json.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let fromJSON = try String(contentsOfFile: pair.folder + "/from-json.html", encoding: .utf8)
        let direct = try String(contentsOfFile: pair.folder + "/validate-1.html", encoding: .utf8)
        let withoutDuration = { (html: String) in html.split(separator: "\n").filter { !$0.contains("<dt>duration</dt>") } }
        #expect(withoutDuration(fromJSON) == withoutDuration(direct))
    }
}
