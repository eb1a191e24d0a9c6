import AirlockKit
import AirlockMapping
import AirlockModel
import AirlockPackages
import Foundation
import Testing

@testable import AirlockConvert

/// What each flow reads (`FlowReads`) is every earlier output it looks at: a conversion whose flows run as a graph,
/// each seeing only what it reads, gives byte for byte what a run of one flow after the other, each seeing every
/// earlier flow, gives. A read left out of `FlowReads` would change a lookup, a duplicate or a header verdict.
@Suite struct FlowReadsTests {
    /// A conversion's context over empty exports, for what the templates alone decide.
    static func context(_ set: TemplateSetName) throws -> (context: ConversionContext, order: [MappingTemplate]) {
        let catalog = try SchemaCatalogLoader.bundled()
        let templates = try TemplateLoader.load(TemplateSelection(set: set))
        let sales = SalesExport(package: CMTPackage(schema: CMTSchema(), data: CMTData()))
        let context = ConversionContext(
            catalog: catalog, templates: templates, company: "USMF", fo: FOExport(reader: nil, catalog: catalog), sales: sales,
            options: ConversionOptions(foPath: "", salesPath: "", outputDirectory: nil))
        return (context, templates.runOrder())
    }

    @Test func theDualWriteFlowsReadTheirHeadersLookupsAndRulesAndNothingLater() throws {
        let (context, order) = try Self.context(.dualWrite)
        context.rules = try SpecialRuleRegistry.rules(of: order, context: context)
        let reads = FlowReads.of(order, context: context, rules: context.rules)
        // A line reads its header; a lookup reads the flows writing its entity; a write-back its company.
        #expect(reads.flows(readBy: "order-lines-to-sales").contains("orders-to-sales"))
        #expect(reads.flows(readBy: "order-lines-to-sales").contains("products"))
        #expect(reads.flows(readBy: "invoices").contains("orders-to-sales"))
        #expect(reads.flows(readBy: "quotes-to-sales").contains("orders-to-sales"))
        #expect(reads.flows(readBy: "accounts-to-customers").contains("companies"))
        // Parties: each role's flow reads the earlier ones writing msdyn_party (a party written once).
        #expect(reads.flows(readBy: "vendor-parties").contains("customer-parties"))
        // Flows that share nothing do not wait for each other.
        #expect(!reads.flows(readBy: "order-lines-to-sales").contains("quote-lines-to-sales"))
        #expect(!reads.flows(readBy: "quotes-to-sales").contains("customer-parties"))
        // Only earlier flows, in run order.
        for (index, template) in order.enumerated() {
            let earlier = order[..<index].map(\.name)
            #expect(reads.flows(readBy: template.name) == earlier.filter(reads.flows(readBy: template.name).contains))
        }
    }

    /// Converts `pair` both ways and expects equal packages, reject files and report.
    static func expectGraphEqualsSequential(fo: String, sales: String, folder: String, set: TemplateSetName) throws {
        var outputs: [String] = []
        for (name, scheduling) in [("graph", FlowScheduling.graph), ("sequential", .sequential)] {
            let out = folder + "/" + name
            let options = ConversionOptions(
                foPath: fo, salesPath: sales, outputDirectory: out, company: "USMF", templateSet: set.rawValue)
            _ = try Converter.run(options, catalog: SchemaCatalogLoader.bundled(), scheduling: scheduling)
            outputs.append(out)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: outputs[0]).sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: outputs[1]).sorted() == files)
        #expect(files.contains(RunLayout.salesPackage) && files.contains(RunLayout.foPackage))
        for file in files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: outputs[0] + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            // The report names its own output folder; everything else is equal byte for byte.
            let texts = try outputs.map { out in
                let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + file))
                return file.hasSuffix(".zip")
                    ? data.base64EncodedString() : String(decoding: data, as: UTF8.self).replacingOccurrences(of: out, with: "OUT")
            }
            #expect(texts[0] == texts[1], "\(set) \(file) differs between a graph and a sequential run")
        }
    }

    @Test func aGraphRunOfTheDualWriteSetEqualsASequentialOne() throws {
        let pair = try DualWritePair(accounts: 40, seed: 11)
        try Self.expectGraphEqualsSequential(fo: pair.fo, sales: pair.sales, folder: pair.folder, set: .dualWrite)
    }

    @Test func aGraphRunOfTheDefaultSetEqualsASequentialOneDefectsIncluded() throws {
        let folder = try Fixture.scratchDirectory("airlock-flow-reads")
        _ = try SampleGenerator.write(to: folder, accounts: SampleGenerator.minimumAccountsWithDefects, seed: 3, defects: true)
        try Self.expectGraphEqualsSequential(
            fo: folder + "/" + RunLayout.foExport, sales: folder + "/" + RunLayout.salesExport, folder: folder,
            set: .prospectToCash)
    }
}
