import AirlockKit
import Foundation
import Synchronization
import Testing

@testable import AirlockConvert

/// `convert --partition DIR --reference-flows` (`Converter.runReferenceFlows`, `ShardLookups`): the reference data
/// flows run once into the partition's `lookups/`, and a shard other than 0 that reads them writes what it wrote when
/// it ran those flows itself; lookups made with other options or for another partition are refused in one line.
@Suite struct ShardLookupsTests {
    typealias Pair = (folder: String, fo: String, sales: String)

    /// A generated pair cut into `count` parts: its partition folder and the options a shard `index` gets.
    static func partitioned(count: Int) throws -> (pair: Pair, partition: String) {
        let pair = try ConvertFixture.generatedPair(accounts: 60, seed: 11, defects: true)
        let partition = pair.folder + "/run/" + RunLayout.partitionFolder
        _ = try ShardPartitionTests.partition((pair.fo, pair.sales), count: count, into: partition)
        return (pair, partition)
    }

    static func options(_ pair: Pair, partition: String, shard: ShardSelection?, out: String?)
        -> ConversionOptions
    {
        var options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: out, shard: shard)
        options.partition = partition
        return options
    }

    /// Every file under `folder` but the report (which names its folder) and its bytes.
    static func spools(_ folder: String) throws -> [String: Data] {
        try ShardPartitionStepsTests.files(folder + "/" + RunLayout.shardSpoolFolder)
    }

    @Test func aShardReadingTheLookupsWritesWhatItWroteRunningTheFlows() throws {
        let (pair, partition) = try Self.partitioned(count: 3)
        let catalog = try SchemaCatalogLoader.bundled()
        let shard = try ShardSelection(index: 2, count: 3)
        let alone = pair.folder + "/alone"
        _ = try Converter.run(Self.options(pair, partition: partition, shard: shard, out: alone), catalog: catalog)
        let result = try Converter.runReferenceFlows(
            Self.options(pair, partition: partition, shard: nil, out: nil), catalog: catalog, progress: { _ in }, notice: { _ in })
        #expect(result.lookups.map(\.flow) == ["products"])
        #expect(result.lookups.allSatisfy { $0.records > 0 })
        let lookups = try #require(
            try ShardLookups.read(partition: partition, options: Self.options(pair, partition: partition, shard: shard, out: alone)))
        #expect(lookups.keys.sorted() == ["products"])
        let read = pair.folder + "/read"
        let progress = Mutex<[String]>([])
        _ = try Converter.run(
            Self.options(pair, partition: partition, shard: shard, out: read), catalog: catalog,
            progress: { line in progress.withLock { $0.append(line) } })
        #expect(!progress.withLock { $0.contains("flow products") }, "the shard took the products' records from lookups/")
        #expect(try Self.spools(read) == Self.spools(alone))
        #expect(try Data(contentsOf: URL(fileURLWithPath: read + "/" + RunLayout.shardManifest)).count > 0)
    }

    @Test func lookupsOfOtherOptionsOrAnotherPartitionAreRefused() throws {
        let (pair, partition) = try Self.partitioned(count: 2)
        let catalog = try SchemaCatalogLoader.bundled()
        var full = Self.options(pair, partition: partition, shard: nil, out: nil)
        full.full = true
        _ = try Converter.runReferenceFlows(full, catalog: catalog, progress: { _ in }, notice: { _ in })
        let shard = Self.options(pair, partition: partition, shard: try ShardSelection(index: 1, count: 2), out: pair.folder + "/s1")
        let manifest = partition + "/" + RunLayout.partitionLookupsFolder + "/" + RunLayout.partitionLookupsManifest
        do {
            _ = try Converter.run(shard, catalog: catalog)
            Issue.record("a shard took lookups made with --full")
        } catch let error as AirlockError {
            #expect(error.code == .usage)
            #expect(error.location.file == manifest)
            #expect(error.description.contains("other options"))
        }
        // Shard 0 runs the flows itself and does not read them.
        _ = try Converter.run(
            Self.options(pair, partition: partition, shard: try ShardSelection(index: 0, count: 2), out: pair.folder + "/s0"),
            catalog: catalog)
        // Made again with the shards' options, then the partition's record changed under them.
        _ = try Converter.runReferenceFlows(
            Self.options(pair, partition: partition, shard: nil, out: nil), catalog: catalog, progress: { _ in }, notice: { _ in })
        _ = try Converter.run(shard, catalog: catalog)
        let record = partition + "/" + RunLayout.partitionManifest
        try (try Data(contentsOf: URL(fileURLWithPath: record)) + Data("\n".utf8)).write(to: URL(fileURLWithPath: record))
        do {
            _ = try ShardLookups.read(partition: partition, options: shard)
            Issue.record("lookups of the partition as it was were taken")
        } catch let error as AirlockError {
            #expect(error.code == .usage)
            #expect(error.description.contains("another partition"))
        }
    }

    @Test func aDamagedLookupsTableIsRefused() throws {
        let (pair, partition) = try Self.partitioned(count: 2)
        let catalog = try SchemaCatalogLoader.bundled()
        _ = try Converter.runReferenceFlows(
            Self.options(pair, partition: partition, shard: nil, out: nil), catalog: catalog, progress: { _ in }, notice: { _ in })
        let table = partition + "/" + RunLayout.partitionLookupsFolder + "/products.table"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: table))
        try bytes.prefix(bytes.count - 9).write(to: URL(fileURLWithPath: table))
        let shard = Self.options(pair, partition: partition, shard: try ShardSelection(index: 1, count: 2), out: pair.folder + "/s1")
        do {
            _ = try ShardLookups.read(partition: partition, options: shard)
            Issue.record("a table cut short was taken")
        } catch let error as AirlockError {
            #expect(error.code == .io)
            #expect(error.description.contains("products.table"))
        }
        #expect(!FileManager.default.fileExists(atPath: pair.folder + "/s1"))
    }

    @Test func theStepTakesAPartitionAndNoShardOrOutputFolder() throws {
        let (pair, partition) = try Self.partitioned(count: 2)
        let catalog = try SchemaCatalogLoader.bundled()
        for options in [
            Self.options(pair, partition: partition, shard: try ShardSelection(index: 0, count: 2), out: nil),
            Self.options(pair, partition: partition, shard: nil, out: pair.folder + "/out"),
            ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: nil),
        ] {
            #expect(throws: AirlockError.self) {
                try Converter.runReferenceFlows(options, catalog: catalog, progress: { _ in }, notice: { _ in })
            }
        }
        #expect(!FileManager.default.fileExists(atPath: partition + "/" + RunLayout.partitionLookupsFolder))
        // From the command line: one line and exit 2 for each.
        let exports = ["convert", "--fo", pair.fo, "--sales", pair.sales, "--no-ledger", "--reference-flows"]
        for extra in [[], ["--partition", partition, "--shard", "1/2"], ["--partition", partition, "--out", pair.folder + "/x"]] {
            let refused = try AirlockRunner.run(exports + extra)
            #expect(refused.status == 2, "\(extra)")
            #expect(refused.stderr.contains("--reference-flows writes into the partition"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: partition + "/" + RunLayout.partitionLookupsFolder))
    }
}
