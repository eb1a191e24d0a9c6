import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// A rule that notes each flow it was asked to add records after, and adds none.
private final class FlowsAskedRule: ConversionRule {
    let flows = LockedValueBox<Set<String>>([])

    func generatedRecords(after flow: RuleFlowResult) throws -> GeneratedRecords? {
        flows.withLockedValue { _ = $0.insert(flow.template.name) }
        return nil
    }
}

/// Which flows a shard writes (`ShardFlowOwnership`): its trees' flows, and the reference data in shard 0 alone.
@Suite struct ShardFlowOwnershipTests {
    /// Every shard runs the reference data flows for its lookups, but only shard 0 writes them: the others do not
    /// make the records their rules would add after them (the price-list items of every product, in every shard).
    @Test func aShardAddsNoRuleRecordsAfterAFlowItDoesNotWrite() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 6)
        let catalog = try SchemaCatalogLoader.bundled()
        let partition = pair.folder + "/partition"
        _ = try ShardPartitionTests.partition((pair.fo, pair.sales), count: 2, into: partition)
        var asked: [Set<String>] = []
        for index in 0..<2 {
            let rule = FlowsAskedRule()
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: pair.folder + "/shard-\(index)",
                shard: try ShardSelection(index: index, count: 2))
            options.partition = partition
            _ = try Converter.run(options, catalog: catalog, rules: [rule])
            asked.append(rule.flows.withLockedValue { $0 })
        }
        #expect(asked[0].contains("products"), "shard 0 writes the reference data")
        #expect(!asked[1].contains("products"), "shard 1 runs products for its lookups alone")
        #expect(asked[0].contains("accounts") && asked[1].contains("accounts"), "each shard writes its trees' accounts")
        #expect(asked[0].subtracting(asked[1]).allSatisfy { !["accounts", "contacts", "order-lines-to-sales"].contains($0) })
    }
}
