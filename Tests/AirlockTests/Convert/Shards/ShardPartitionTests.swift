import AirlockKit
import Foundation
import Testing

@testable import AirlockConvert

/// `airlock partition` and `convert --partition DIR --shard i/N`: a shard reads from its part what it would have
/// kept of the exports, and the merged run equals the single run; a partition that is not the shard's is refused.
@Suite struct ShardPartitionTests {
    /// Cuts `pair` into `count` parts in `folder`.
    static func partition(_ pair: (fo: String, sales: String), count: Int, into folder: String) throws -> ShardPartitioner.Outcome {
        try ShardPartitioner.run(
            ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder), count: count,
            catalog: try SchemaCatalogLoader.bundled(), register: nil, progress: { _ in })
    }

    /// Each shard's part reads back as exactly what the shard would have kept of the exports: every section (values,
    /// field attributes, value problems, party members), every F&O table, the row map and the summary.
    @Test(arguments: [
        "hand-built", "edu-k12-sampledata-2022/K12-SampleData.zip", "ia-nonprofit/DefaultData.zip",
        "abvogel-partylist/abvogel-partylist.cmt.zip",
    ])
    func aPartReadsAsTheExportsRead(sales: String) throws {
        var pair = try ShardInputReaderTests.pair()
        if sales != "hand-built" { pair = (ConvertFixture.sampleFO, RealExport.path(sales)) }
        let catalog = try SchemaCatalogLoader.bundled()
        let templates = try TemplateLoader.load(TemplateSelection())
        let folder = try Fixture.scratchDirectory("airlock-partition")
        let outcome = try Self.partition(pair, count: 4, into: folder)
        #expect(outcome.ownedRecords.reduce(0, +) == outcome.treeRecords)
        for index in 0..<4 {
            let selection = try ShardSelection(index: index, count: 4)
            var options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: nil)
            let expected = try ShardInputReaderTests.read(pair, index, of: 4)
            options.partition = folder
            let found = try ShardPartReader.read(options, folder: folder, selection: selection, templates: templates, catalog: catalog)
            #expect(found.inputs.sales == expected.inputs.sales, "shard \(index)")
            #expect(found.inputs.foTables.map(\.0) == expected.inputs.foTables.map(\.0), "shard \(index)")
            for ((label, table), (_, other)) in zip(found.inputs.foTables, expected.inputs.foTables) {
                #expect(table.columnNames == other.columnNames, "\(label) of shard \(index)")
                #expect(ShardPartitionTests.rows(table) == ShardPartitionTests.rows(other), "\(label) of shard \(index)")
            }
            #expect(found.rows.rows == expected.rows.rows, "shard \(index)")
            #expect(found.summary.ownedRecords == expected.summary.ownedRecords, "shard \(index)")
            #expect(found.summary.treeRecords == expected.summary.treeRecords, "shard \(index)")
            #expect(found.summary.largestTree == expected.summary.largestTree, "shard \(index)")
        }
    }

    static func rows(_ table: Table) -> [[String?]] {
        (0..<table.rowCount).map { row in (0..<table.columns.count).map { table.value(row: row, column: $0) } }
    }

    /// Partition, shards reading their parts (in reverse order), merge: the packages and reject files are the single
    /// run's byte for byte.
    @Test(arguments: [1, 2, 4, 8])
    func shardsOfAPartitionMergeIntoTheSingleRun(count: Int) throws {
        let pair = try ConvertFixture.generatedPair(accounts: 120, seed: 7, defects: true)
        let catalog = try SchemaCatalogLoader.bundled()
        let single = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/single")
        let run = pair.folder + "/run"
        let partition = run + "/" + RunLayout.partitionFolder
        _ = try Self.partition((pair.fo, pair.sales), count: count, into: partition)
        var folders: [String] = []
        for index in (0..<count).reversed() {
            let folder = run + "/" + RunLayout.shardFolder(index: index)
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder, shard: try ShardSelection(index: index, count: count))
            options.partition = partition
            _ = try Converter.run(options, catalog: catalog)
            folders.append(folder)
        }
        let merged = try ShardMerger.run(ShardMergeOptions(shardFolders: folders, outputDirectory: run), catalog: catalog)
        // Validated against the shards' record ids, the merged packages get the single run's findings.
        #expect(merged.validations.map(\.kind) == single.validations.map(\.kind))
        for (found, expected) in zip(merged.validations, single.validations) {
            let said = { (report: ValidationReport) in
                report.findings.map { "\($0.rule) \($0.entity ?? "") \($0.record ?? "") \($0.field ?? "") \($0.message)" }
            }
            #expect(said(found) == said(expected), "\(found.kind)")
            #expect(found.warnings == expected.warnings && found.errors == expected.errors, "\(found.kind)")
        }
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let expected = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/single/" + name))
            let found = try Data(contentsOf: URL(fileURLWithPath: run + "/" + name))
            #expect(found == expected, "\(name) of \(count) shards of a partition differs from the single run's")
        }
        #expect(
            try ConvertFixture.files(under: run + "/" + RunLayout.rejectsFolder)
                == ConvertFixture.files(under: pair.folder + "/single/" + RunLayout.rejectsFolder))
    }

    /// A shard refuses a partition cut from other exports, for another number of shards, or with other options, in one
    /// line naming `partition.json`, and writes nothing.
    @Test func aPartitionThatIsNotTheShardsIsRefused() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 3)
        let other = try ConvertFixture.generatedPair(accounts: 20, seed: 4)
        let catalog = try SchemaCatalogLoader.bundled()
        let partition = pair.folder + "/partition"
        _ = try Self.partition((pair.fo, pair.sales), count: 2, into: partition)
        func refusal(_ configure: (inout ConversionOptions) -> Void) -> String? {
            let out = pair.folder + "/shard-\(UUID().uuidString)"
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: out, shard: try? ShardSelection(index: 0, count: 2))
            options.partition = partition
            configure(&options)
            do {
                _ = try Converter.run(options, catalog: catalog)
                return nil
            } catch let error as AirlockError {
                #expect(!FileManager.default.fileExists(atPath: out + "/" + RunLayout.shardManifest), "nothing written")
                #expect(error.code == .usage)
                #expect(!error.description.contains("\n"))
                return error.description
            } catch {
                return "\(error)"
            }
        }
        #expect(refusal { $0.salesPath = other.sales }?.contains("another --sales export") == true)
        #expect(refusal { $0.foPath = other.fo }?.contains("another --fo export") == true)
        // An export of the partitioned one's size whose bytes differ: the shard, which does not read the exports, finds
        // it by the SHA-256 of its last MiB (the whole file here) before it converts anything.
        let altered = pair.folder + "/altered-fo.zip"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: pair.fo))
        bytes[bytes.count / 2] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: altered))
        #expect(refusal { $0.foPath = altered }?.contains("another --fo export (its last MiB differs") == true)
        #expect(refusal { $0.shard = try? ShardSelection(index: 0, count: 3) }?.contains("cut into 2 parts, not 3") == true)
        #expect(refusal { $0.foLocale = "de-DE" }?.contains("--fo-locale") == true)
        #expect(refusal { $0.partition = pair.folder }?.contains("holds no partition.json") == true)
        #expect(refusal { $0.shard = nil }?.contains("--partition is read by a shard") == true)
        #expect(refusal { _ in } == nil, "its own partition is read")
    }

    /// A part or reference table that lost its last record (a copy cut at the end of a record reads as whole) is
    /// refused in one line naming its folder, before anything is written: a shard never converts less than its part.
    @Test func aPartWithoutARecordPartitionJSONListsIsRefused() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 5)
        let catalog = try SchemaCatalogLoader.bundled()
        for folder in [RunLayout.partitionPartFolder(index: 1), RunLayout.partitionReferenceFolder] {
            let partition = pair.folder + "/partition-\(UUID().uuidString)"
            _ = try Self.partition((pair.fo, pair.sales), count: 2, into: partition)
            let cut = partition + "/" + folder
            // A part's tables and the reference data's are images of their columns.
            let files = try FileManager.default.contentsOfDirectory(atPath: cut).filter { $0.hasSuffix(".records.table") }.sorted()
            let name = try #require(files.first)
            let read = try TableImageFile.read(path: cut + "/" + name)
            #expect(read.table.rowCount > 1)
            var shorter = Table(name: read.table.name, columnNames: read.table.columnNames)
            for row in 0..<(read.table.rowCount - 1) {
                try shorter.appendRow { column, append in try read.table.withValue(row: row, column: column) { try append($0) } }
            }
            try TableImageFile.write(shorter, keys: Array(read.keys.dropLast()), to: cut + "/" + name)
            let out = pair.folder + "/shard-\(UUID().uuidString)"
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: out, shard: try ShardSelection(index: 1, count: 2))
            options.partition = partition
            let error = try #require(throws: AirlockError.self) { try Converter.run(options, catalog: catalog) }
            #expect(error.code == .io && error.location.file == cut, "\(folder)")
            #expect(error.message.hasSuffix("partition the exports again") && error.message.contains("lists"), "\(error.message)")
            #expect(!FileManager.default.fileExists(atPath: out + "/" + RunLayout.shardManifest), "nothing written")
        }
    }
}
