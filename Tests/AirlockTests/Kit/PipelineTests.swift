import AirlockKit
import Foundation
import Testing

/// The verbs as library calls: options in, a result out, nothing printed.
struct PipelineTests {
    @Test func validateReturnsTheReportThePageAndTheStatus() throws {
        let folder = try Fixture.scratchDirectory("airlock-pipeline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let broken = FOOrderPackage.members(headers: [["SO-1", "USD", "USMF", "1.2E+05", "2026-01-01", "Confirmed", "Yes"]])
        try ZipFixture.make(folder + "/broken.zip", entries: Dictionary(uniqueKeysWithValues: broken.map { ($0.name, $0.bytes) }))
        let result = try ValidatePipeline.run(ValidateOptions(package: folder + "/broken.zip", htmlPath: folder + "/page.html"))
        #expect(result.status == .dataErrors)
        #expect(result.report.errors == 1)
        #expect(result.text == result.report.text() + "\n")
        #expect(result.htmlPath == folder + "/page.html")
        #expect(FileManager.default.fileExists(atPath: folder + "/page.html"))

        let clean = try ValidatePipeline.run(ValidateOptions(package: ConvertFixture.sampleSales, json: true))
        #expect(clean.status == .success)
        #expect(clean.htmlPath == nil)
        #expect(clean.text == (try clean.report.jsonText()) + "\n")
    }

    @Test func inspectStopsAtThePackageThatCannotBeRead() throws {
        let missing = "/nonexistent/package.zip"
        let result = InspectPipeline.run(InspectOptions(packages: [ConvertFixture.sampleFO, missing, ConvertFixture.sampleSales]))
        #expect(result.reports.count == 1)
        #expect(result.text == (result.reports.first?.text() ?? "") + "\n")
        let failure = try #require(result.failure as? AirlockError)
        #expect(failure.description.hasPrefix(missing))

        // The command shows what was inspected before the failure, then the error.
        let command = try AirlockRunner.run(["inspect", ConvertFixture.sampleFO, missing, ConvertFixture.sampleSales])
        #expect(command.status == 2)
        #expect(command.stdout == result.text)
        #expect(command.stderr == "airlock: \(failure.description)\n")
    }

    @Test func convertReturnsTheSummaryAndItsStatus() throws {
        let options = ConvertOptions(
            conversion: ConversionOptions(
                foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: nil,
                only: ConvertOptions.flowNames(commaSeparated: " accounts, ,contacts "), dryRun: true))
        #expect(options.conversion.only == ["accounts", "contacts"])
        let result = try ConvertPipeline.run(options)
        #expect(result.status == .success)
        #expect(!result.refused && !result.tooManyRejects && result.problem == nil)
        #expect(result.text.hasPrefix(result.report.text() + "\nDone in "))
        #expect(result.report.flows.keys.sorted() == ["accounts", "contacts"])
    }

    @Test func templatesShowsWritesOrSaysWhatIsMissing() throws {
        let products = try TemplatesPipeline.show(named: "products")
        #expect(products.text.hasSuffix("\n"))
        #expect(products.text.hasPrefix(products.file.text))
        #expect(throws: TemplateNotFound.self) { try TemplatesPipeline.show(named: "nope") }

        let folder = try Fixture.scratchDirectory("airlock-pipeline")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let shown = try TemplatesPipeline.doc(TemplatesDocOptions())
        #expect(shown.writtenTo == nil)
        #expect(shown.standardOutput == shown.document)
        let written = try TemplatesPipeline.doc(TemplatesDocOptions(outputPath: folder + "/reference.md"))
        #expect(written.standardOutput.isEmpty)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/reference.md"))) == shown.document)
    }
}
