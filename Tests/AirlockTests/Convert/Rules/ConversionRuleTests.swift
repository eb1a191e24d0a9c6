import AirlockKit
import Foundation
import Testing

/// A rule of the test's own, written against the public `ConversionRule` protocol alone: on the quotes flow it
/// holds back quotes whose number ends in `suffix` (rejects them `invalid-value`) and writes the others' name in
/// capitals.
private struct HoldBackQuotesRule: ConversionRule {
    let suffix: String

    func rowHook(for flow: RuleFlow) -> (any RuleRowHook)? {
        guard flow.template.name == "quotes", let name = flow.position(ofTarget: "SALESQUOTATIONNAME") else { return nil }
        return Hook(flow: flow, suffix: suffix, namePosition: name)
    }

    private struct Hook: RuleRowHook {
        let flow: RuleFlow
        let suffix: String
        let namePosition: Int

        func apply(row: Int, values: inout RowValues) -> RuleRefusal? {
            let number = flow.sourceValue(row: row, field: "quotenumber") ?? ""
            if number.hasSuffix(suffix) {
                return RuleRefusal(.invalidValue, field: "quotenumber", message: "quote \(number) is held back by the test's rule")
            }
            values[namePosition] = values[namePosition]?.uppercased()
            return nil
        }
    }
}

/// Special rules through the public protocol: a rule added outside the library runs in the flows like the bundled
/// ones, and its refusals are accounted for.
struct ConversionRuleTests {
    @Test func aRuleOfTheCallersOwnRunsThroughThePublicProtocol() throws {
        let parent = try Fixture.scratchDirectory("airlock-rule")
        let options = ConversionOptions(
            foPath: ConvertFixture.sampleFO, salesPath: ConvertFixture.sampleSales, outputDirectory: nil, dryRun: true)
        let catalog = try SchemaCatalogLoader.bundled()
        let plain = try Converter.run(options, catalog: catalog).report
        var written = options
        written.outputDirectory = parent + "/out"
        written.dryRun = false
        let ruled = try Converter.run(written, catalog: catalog, rules: [HoldBackQuotesRule(suffix: "1")]).report

        let before = try #require(plain.flows["quotes"])
        let after = try #require(ruled.flows["quotes"])
        let heldBack = (after.rejectedByReason["invalid-value"] ?? 0) - (before.rejectedByReason["invalid-value"] ?? 0)
        #expect(heldBack > 0, "some sample quote numbers end in 1")
        #expect(after.read == before.read)
        #expect(after.created + after.updated + after.unchanged == before.created + before.updated + before.unchanged - heldBack)
        #expect(after.read == after.created + after.updated + after.unchanged + after.filtered + after.rejected)
        // The held-back quotes' lines follow their header.
        let linesBefore = try #require(plain.flows["quote-lines"])
        let linesAfter = try #require(ruled.flows["quote-lines"])
        #expect((linesAfter.rejectedByReason["header-rejected"] ?? 0) > (linesBefore.rejectedByReason["header-rejected"] ?? 0))
        // Every other flow is untouched.
        for name in ConvertFixture.flowNames where !["quotes", "quote-lines"].contains(name) {
            #expect(ruled.flows[name]?.counts == plain.flows[name]?.counts, "\(name)")
        }

        let rejects = try String(contentsOfFile: parent + "/out/rejects/quotes.csv", encoding: .utf8)
        #expect(rejects.contains("is held back by the test's rule"))
        let reader = try FOPackageReader(source: openPackageSource(path: parent + "/out/" + RunLayout.foPackage))
        let entity = try #require(reader.manifest.entities.first { $0.entityName == "CDS sales quotation header" })
        let quotes = try reader.readEntity(entity).table
        let names = (0..<quotes.rowCount).compactMap { quotes.value(row: $0, column: "SALESQUOTATIONNAME") }
        #expect(!names.isEmpty && names.allSatisfy { $0 == $0.uppercased() }, "the rule wrote the names in capitals")
    }
}
