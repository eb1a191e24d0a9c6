import AirlockKit
import Foundation
import Testing

/// `convert --shard i/N` and `airlock merge`: the merged run equals the single run.
@Suite struct MergeTests {
    /// Converts shard `0 ..< count` of `pair` into `run/shards/shard-i` and merges them into `run`.
    private static func shardAndMerge(
        _ pair: (folder: String, fo: String, sales: String), count: Int, run: String, batchLimits: PackageBatchLimits? = nil,
        options configure: (inout ConversionOptions) -> Void = { _ in }
    ) throws -> (merged: ConversionResult, shards: [ConversionResult]) {
        let catalog = try SchemaCatalogLoader.bundled()
        var folders: [String] = []
        var shards: [ConversionResult] = []
        // In reverse, so that nothing depends on shard 0 running first.
        for index in (0..<count).reversed() {
            let folder = run + "/" + RunLayout.shardFolder(index: index)
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder, shard: try ShardSelection(index: index, count: count))
            configure(&options)
            shards.append(try Converter.run(options, catalog: catalog))
            folders.append(folder)
        }
        let merged = try ShardMerger.run(
            ShardMergeOptions(shardFolders: folders, outputDirectory: run, batchLimits: batchLimits), catalog: catalog)
        return (merged, shards)
    }

    @Test(arguments: [1, 2, 4, 8])
    func mergedShardsEqualTheSingleRun(count: Int) throws {
        let pair = try ConvertFixture.generatedPair(accounts: 120, seed: 7, defects: true)
        let single = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/single")
        let (merged, shards) = try Self.shardAndMerge(pair, count: count, run: pair.folder + "/run")
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let expected = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/single/" + name))
            let found = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/run/" + name))
            #expect(found == expected, "\(name) of \(count) merged shards differs from the single run's")
        }
        let singleFiles = try ConvertFixture.files(under: pair.folder + "/single/" + RunLayout.rejectsFolder)
        let mergedFiles = try ConvertFixture.files(under: pair.folder + "/run/" + RunLayout.rejectsFolder)
        #expect(!singleFiles.isEmpty, "the defects pair rejects records")
        #expect(mergedFiles == singleFiles)
        // The counts add up: per shard (its own identity), and merged to the single run's.
        #expect(merged.report.totals == single.report.totals)
        #expect(merged.report.flows.mapValues(\.counts) == single.report.flows.mapValues(\.counts))
        for shard in shards {
            for (name, flow) in shard.report.flows {
                let counts = flow.counts
                #expect(
                    counts.read == counts.created + counts.updated + counts.unchanged + counts.filtered + counts.rejected,
                    "flow \(name) of shard \(shard.report.shards?.index ?? -1)")
            }
        }
        let owned = shards.reduce(0) { $0 + ($1.report.shards?.ownedRecords ?? 0) }
        #expect(owned == shards.first?.report.shards?.treeRecords, "every tree record is owned by exactly one shard")
        #expect(merged.report.shards?.merged?.count == count)
    }

    /// The single run fails on the data (exit 1) over `--max-rejects`; no shard alone may be over it, so merge counts
    /// the rejects of all shards against it.
    @Test func mergeHoldsTheConversionsRejectLimitOverAllShards() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 120, seed: 7, defects: true)
        let single = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/single")
        let rejected = single.report.totals.rejected
        #expect(rejected > 4, "the defects pair rejects records")
        let over = try Self.shardAndMerge(pair, count: 4, run: pair.folder + "/over") { $0.maxRejects = rejected - 1 }
        #expect(over.shards.allSatisfy { !$0.tooManyRejects }, "each shard alone is under the limit")
        #expect(over.merged.tooManyRejects)
        #expect(over.merged.report.options.maxRejects == rejected - 1)
        let within = try Self.shardAndMerge(pair, count: 4, run: pair.folder + "/within") { $0.maxRejects = rejected }
        #expect(!within.merged.tooManyRejects)
    }

    /// Batches cut by merge are validated against the F&O export read as the shards read it (`--fo-encoding`), not
    /// as UTF-8.
    @Test func mergeValidatesBatchesAgainstTheExportInItsCodePage() throws {
        let folder = try Fixture.scratchDirectory("airlock-merge-code-page")
        let pair = (folder: folder, fo: try ExcelSavedExport.customers(in: folder), sales: ConvertFixture.sampleSales)
        let merged = try Self.shardAndMerge(pair, count: 2, run: folder + "/run", batchLimits: try PackageBatchLimits(records: 10)) {
            $0.foEncoding = .windows1252
        }
        #expect(merged.merged.report.importPlan != nil)
        #expect(merged.merged.validations.allSatisfy { $0.errors == 0 })
        #expect(merged.merged.report.options.foEncoding == .windows1252)
    }

    @Test func shardsAreNotAllOfOneConversion() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 3)
        let catalog = try SchemaCatalogLoader.bundled()
        func shard(_ index: Int, of count: Int, into name: String) throws -> String {
            let folder = pair.folder + "/" + name
            let options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder, shard: try ShardSelection(index: index, count: count))
            _ = try Converter.run(options, catalog: catalog)
            return folder
        }
        let zero = try shard(0, of: 3, into: "s0")
        let one = try shard(1, of: 3, into: "s1")
        let otherCount = try shard(1, of: 2, into: "t1")
        func refusal(_ folders: [String]) -> String? {
            do {
                _ = try ShardMerger.run(ShardMergeOptions(shardFolders: folders, outputDirectory: pair.folder + "/out"), catalog: catalog)
                return nil
            } catch let error as AirlockError {
                #expect(error.code == .usage)
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal([zero, one])?.contains("shard 2/3 missing") == true)
        #expect(refusal([zero, one, one])?.contains("given twice") == true)
        #expect(refusal([zero, otherCount])?.contains("one of 2 shards") == true)
        #expect(refusal([pair.folder])?.contains("not a shard folder") == true)
        // A catalog other than the shards' (here: an extension file where they had none) is refused by content.
        let extensionFile = pair.folder + "/extension.yaml"
        try Data("salesEntities: []\n".utf8).write(to: URL(fileURLWithPath: extensionFile))
        let two = try shard(2, of: 3, into: "s2")
        do {
            _ = try ShardMerger.run(
                ShardMergeOptions(shardFolders: [zero, one, two], outputDirectory: pair.folder + "/out", catalogFiles: [extensionFile]),
                catalog: catalog)
            Issue.record("a merge with another catalog than the shards' was not refused")
        } catch let error as AirlockError {
            #expect(error.code == .usage)
            #expect(error.description.contains("same --catalog"))
        }
        #expect(!FileManager.default.fileExists(atPath: pair.folder + "/out/" + RunLayout.foPackage), "nothing written")
    }

    @Test func shardSelectionFromSchedulers() throws {
        #expect(try ShardSelection.parse("2/8", environment: [:]) == ShardSelection(index: 2, count: 8))
        let slurm = ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "6", "SLURM_ARRAY_TASK_MIN": "0"]
        #expect(try ShardSelection.parse("auto", environment: slurm) == ShardSelection(index: 5, count: 6))
        #expect(
            try ShardSelection.parse("auto", count: 4, environment: ["JOB_COMPLETION_INDEX": "3"]) == ShardSelection(index: 3, count: 4))
        #expect(throws: AirlockError.self) { try ShardSelection.parse("auto", environment: ["JOB_COMPLETION_INDEX": "3"]) }
        #expect(throws: AirlockError.self) { try ShardSelection.parse("auto", environment: [:]) }
        #expect(throws: AirlockError.self) { try ShardSelection.parse("4/4", environment: [:]) }
        #expect(throws: AirlockError.self) { try ShardSelection.parse("1/0", environment: [:]) }
        #expect(throws: AirlockError.self) { try ShardSelection.parse("x", environment: [:]) }
    }

    @Test func aSetWithoutTreesRefusesShards() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 5, seed: 1)
        let options = ConversionOptions(
            foPath: pair.fo, salesPath: pair.sales, outputDirectory: pair.folder + "/s", templateSet: "dual-write",
            shard: try ShardSelection(index: 0, count: 2))
        #expect(throws: AirlockError.self) { try Converter.run(options, catalog: SchemaCatalogLoader.bundled()) }
    }

    @Test func spoolKeepsNullsApartFromEmptyValues() throws {
        let folder = try Fixture.scratchDirectory("airlock-spool")
        var table = Table(name: "t", columnNames: ["a", "b"])
        try table.appendRow(["x", nil])
        try table.appendRow(["", "é\n\"q\""])
        let writer = try TableSpoolWriter(path: folder + "/t.spool", name: "t", columns: table.columnNames)
        try writer.append(row: 0, of: table, key: 7)
        try writer.append(row: 1, of: table, key: UInt64.max)
        try writer.close()
        let read = try TableSpoolReader.read(path: folder + "/t.spool")
        #expect(read.table == table)
        #expect(read.keys == [7, UInt64.max])
        try Data("AIRLOCK-SPOOL 1\n\u{1}".utf8).write(to: URL(fileURLWithPath: folder + "/cut.spool"))
        #expect(throws: AirlockError.self) { try TableSpoolReader.read(path: folder + "/cut.spool") }
    }
}
