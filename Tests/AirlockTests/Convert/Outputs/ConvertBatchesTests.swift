import AirlockKit
import Foundation
import Testing

/// `convert --batch-records/--batch-mb`: the packages also cut into batches in `batches/`, each validated after the
/// batches before it, an import plan beside them, the summary and the next steps naming them.
struct ConvertBatchesTests {
    /// A generated pair of `accounts` accounts converted into `out/` in batches of at most `records` records and
    /// `bytes` bytes.
    static func run(records: Int?, bytes: Int64? = nil, accounts: Int = 150) throws -> (folder: String, result: ConversionResult) {
        let folder = try Fixture.scratchDirectory("airlock-convert-batches")
        _ = try SampleGenerator.write(to: folder, accounts: accounts, seed: 5)
        let result = try Converter.run(
            ConversionOptions(
                foPath: folder + "/" + RunLayout.foExport, salesPath: folder + "/" + RunLayout.salesExport,
                outputDirectory: folder + "/out", company: "USMF", batchLimits: try PackageBatchLimits(records: records, bytes: bytes)),
            catalog: SchemaCatalogLoader.bundled())
        return (folder, result)
    }

    /// The run of 150 accounts in batches of at most 300 records, made on first use and read by the tests that need
    /// it (none writes into it).
    static let batchesOf300 = Result { try run(records: 300) }

    @Test func eachBatchIsValidatedAfterTheBatchesBeforeItAndThePlanListsThemInOrder() throws {
        let (folder, result) = try Self.batchesOf300.get()
        let plan = try #require(result.report.importPlan)
        let batches = plan.batches
        #expect(batches.count >= 4 && batches.allSatisfy { $0.records <= 300 })
        // F&O first, then Sales; every batch's digest and validation in the report, none with a finding.
        let systems = batches.map(\.system)
        #expect(systems == systems.sorted { $0 == "F&O" && $1 != "F&O" })
        for batch in batches {
            let name = "batches/" + batch.file
            #expect(result.report.outputs[name]?.sha256 == batch.sha256)
            let validation = try #require(result.report.validation[name])
            #expect(validation.errors == 0 && validation.warnings == 0, "\(name): \(validation.rules)")
        }
        // The plan on disk is the report's.
        let out = folder + "/out/batches/"
        let saved = try JSONDecoder().decode(ImportPlan.self, from: Data(contentsOf: URL(fileURLWithPath: out + "import-plan.json")))
        #expect(saved == plan)
        let text = try String(contentsOfFile: out + "import-plan.txt", encoding: .utf8)
        for batch in batches { #expect(text.contains("batches/" + batch.file)) }
        // Two independent series, each numbered from 1: Sales does not wait for F&O.
        #expect(text.contains("The F&O and the Sales series load independently"), "\(text)")
        #expect(text.contains("\nF&O series\nStep 1") && text.contains("\nSales series\nStep 1"), "\(text)")
        #expect(plan.steps.first { $0.batches.first?.system == "Sales" }?.number == 1)
        let summary = result.report.text()
        #expect(summary.contains("Wrote \(batches.count) batches into batches/"), "\(summary)")
        #expect(!summary.contains("Wrote batches/to-fo-0001.zip"))
        #expect(result.report.nextSteps.contains { $0.contains("import-plan.txt") && $0.contains("never both") })
    }

    @Test func aBatchAloneNamesWhatTheBatchesBeforeItHold() throws {
        let (folder, result) = try Self.batchesOf300.get()
        let sales = try #require(result.report.importPlan).batches.filter { $0.system == "Sales" }
        guard sales.count >= 2, let second = sales.dropFirst().first else {
            Issue.record("expected two Sales batches: \(sales.map(\.file))")
            return
        }
        let out = folder + "/out/batches/"
        let export = folder + "/" + RunLayout.salesExport
        // Against the export alone, the second batch's lookups to records of the first are findings; after the
        // batches before it, none.
        let alone = try ValidatePipeline.run(ValidateOptions(package: out + second.file, againstExport: export))
        #expect(alone.report.warnings > 0)
        let after = try ValidatePipeline.run(
            ValidateOptions(package: out + second.file, againstExport: export, importedBefore: sales.prefix(1).map { out + $0.file }))
        #expect(after.report.errors == 0 && after.report.warnings == 0, "\(after.text)")
    }

    @Test func aSizeLimitKeepsEveryBatchUnderIt() throws {
        // The smallest limit taken, so that a thousand accounts' Sales package (about 300 kB) is cut by it.
        let limit = PackageBatchLimits.minimumBytes
        let (_, result) = try Self.run(records: nil, bytes: limit, accounts: 1_000)
        let plan = try #require(result.report.importPlan)
        #expect(plan.batches.allSatisfy { $0.bytes <= limit }, "\(plan.batches.map(\.bytes))")
        #expect(plan.batches.filter { $0.system == "Sales" }.count >= 2 && plan.batches.contains { $0.system == "F&O" })
    }

    @Test func aRunWithoutLimitsWritesNoBatches() throws {
        let folder = try Fixture.scratchDirectory("airlock-convert-no-batches")
        _ = try SampleGenerator.write(to: folder, accounts: 20, seed: 5)
        let result = try Converter.run(
            ConversionOptions(
                foPath: folder + "/" + RunLayout.foExport, salesPath: folder + "/" + RunLayout.salesExport,
                outputDirectory: folder + "/out", company: "USMF"),
            catalog: SchemaCatalogLoader.bundled())
        #expect(result.report.importPlan == nil)
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/batches"))
    }
}
