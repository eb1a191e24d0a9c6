import AirlockKit
import Foundation
import Testing

/// A flow whose target entity the other side's export lacks cannot tell existing records from new ones: with
/// Customers V2 left out of the F&O export, every account counted as created — those F&O already holds among them —
/// and the defaults went to them, without a word. The plan names it and fails, `convert` refuses it, and
/// `--allow-missing-target` goes on with a warning.
@Suite struct MissingTargetTests {
    /// The sample F&O export without Customers V2.
    static func withoutCustomers() throws -> String {
        let folder = try Fixture.scratchDirectory("airlock-missing-target")
        let path = folder + "/fo-export.zip"
        try FOExportRewriter.dropping("Customers V2", export: ConvertFixture.sampleFO, output: path)
        return path
    }

    static func convert(_ fo: String, _ more: [String]) throws -> AirlockRunner.Result {
        try AirlockRunner.run(["convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--no-ledger"] + more)
    }

    @Test func thePlanNamesTheTargetAndFails() throws {
        let result = try Self.convert(try Self.withoutCustomers(), ["--plan"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "accounts: 18 read, 18 converted\n  target Customers V2 is not in the F&O export, so convert refuses this flow: every record would count as created"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("or go on with --allow-missing-target \"Customers V2\""))
        #expect(
            result.stderr.contains(
                "airlock: convert would refuse accounts, contacts-to-customers: the target export lacks their target entities (see above)"),
            "\(result.stderr)")
        // The samples hold every target: their plan names none.
        let samples = try Self.convert(ConvertFixture.sampleFO, ["--plan"])
        #expect(samples.status == 0 && !samples.stdout.contains("\n  target "), "\(samples.stdout)")
    }

    @Test func convertRefusesBeforeWritingAnything() throws {
        let fo = try Self.withoutCustomers()
        let out = URL(fileURLWithPath: fo).deletingLastPathComponent().path + "/run"
        let result = try Self.convert(fo, ["--out", out])
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix(
                "airlock: the F&O export holds no Customers V2 (flow accounts, 18 source records; flow contacts-to-customers, 30 source records): every record would count as created"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("or go on with --allow-missing-target \"Customers V2\" (docs/convert.md"))
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(ConvertFixture.stagingLeftovers(in: URL(fileURLWithPath: out).deletingLastPathComponent().path).isEmpty)
    }

    @Test func allowedTheRunCreatesEveryRecordAndSaysSo() throws {
        let fo = try Self.withoutCustomers()
        let out = URL(fileURLWithPath: fo).deletingLastPathComponent().path + "/run"
        let result = try Self.convert(fo, ["--out", out, "--allow-missing-target", "customers v2", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport)))
        // With Customers V2 in the export, 6 are created, 1 updated and 11 unchanged; without it, all 18 are created.
        #expect(report.flows["accounts"]?.counts.created == 18)
        #expect(
            report.plan?.flows["accounts"]?.missingTarget
                == ConversionPlan.MissingTarget(entity: "Customers V2", system: "F&O", allowed: true))
        #expect(report.plan?.flowsMissingTarget == [])
        #expect(
            report.warnings.contains(
                "the F&O export holds no Customers V2 (--allow-missing-target): every record of flow accounts counts as created, and its defaults go to any the F&O target already holds"
            ), "\(report.warnings)")
        #expect(report.options.allowMissingTargets == ["customers v2"])
        let page = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(
            page.contains(
                "<strong>Every record counted as created</strong> by accounts (the F&amp;O export holds no Customers V2), contacts-to-customers (the F&amp;O export holds no Customers V2)"
            ))
    }

    @Test func leavingTheFlowsOutIsEnough() throws {
        let result = try Self.convert(
            try Self.withoutCustomers(), ["--plan", "--only", "products,orders-to-sales,order-lines-to-sales,invoices,invoice-lines"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!result.stdout.contains("target Customers V2"))
    }

    @Test func anEntityNoFlowWritesIsAUsageError() throws {
        let result = try Self.convert(ConvertFixture.sampleFO, ["--plan", "--allow-missing-target", "Vendors V2"])
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "airlock: --allow-missing-target names 'Vendors V2', which no flow of the prospect-to-cash templates writes; their target entities are CDS Contacts,"
            ), "\(result.stderr)")
    }
}
