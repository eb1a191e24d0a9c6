import AirlockIO
import AirlockKit
import AirlockModel
import Foundation
import Testing

@testable import AirlockConvert

/// `airlock partition` in three steps (`--step split`, `--step read --range i/R` for each range, `--step join`)
/// writes the partition the one-process run writes, byte for byte, whatever the number of ranges; a step given what
/// is not its own is refused in one line, and writes nothing.
@Suite struct ShardPartitionStepsTests {
    static let catalog = Result { try SchemaCatalogLoader.bundled() }

    /// The split of `pair` into `ranges` ranges for `count` shards, each range read, and the join, into `folder`.
    static func steps(
        _ pair: (fo: String, sales: String), count: Int, ranges: Int, into folder: String, readOrder: [Int]? = nil
    ) throws -> ShardPartitioner.SplitOutcome {
        let options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder)
        let catalog = try Self.catalog.get()
        let split = try ShardPartitioner.split(options, count: count, ranges: ranges, catalog: catalog, register: nil, progress: { _ in })
        for range in readOrder ?? Array((0..<ranges).reversed()) {
            try ShardPartitioner.readRange(
                options, range: try ShardSelection(index: range, count: ranges), catalog: catalog, register: nil, progress: { _ in })
        }
        _ = try ShardPartitioner.join(options, progress: { _ in })
        return split
    }

    /// The partition's steps for `count` shards into `run`'s `partition/`, then the shards, each from its partition;
    /// returns the shards' folders.
    static func shards(_ pair: (fo: String, sales: String), count: Int, run: String, readOrder: [Int]? = nil) throws -> [String] {
        let partition = run + "/" + RunLayout.partitionFolder
        _ = try steps(pair, count: count, ranges: count, into: partition, readOrder: readOrder)
        return try (0..<count).map { index in
            let folder = run + "/" + RunLayout.shardFolder(index: index)
            var options = ConversionOptions(
                foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder, shard: try ShardSelection(index: index, count: count))
            options.partition = partition
            _ = try Converter.run(options, catalog: catalog.get())
            return folder
        }
    }

    /// Every file under `folder` (relative path) and its bytes.
    static func files(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var directory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/" + name, isDirectory: &directory) else { continue }
            if !directory.boolValue { result[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)) }
        }
        return result
    }

    /// A generated pair with defects (60 accounts) converted once under `limits`: the pair, the run's result and its
    /// `batches/` files, more than two batches a side.
    static func batchedSingleRun(
        _ limits: PackageBatchLimits
    ) throws -> (pair: (folder: String, fo: String, sales: String), result: ConversionResult, batches: [String: Data]) {
        let pair = try ConvertFixture.generatedPair(accounts: 60, seed: 21, defects: true)
        var single = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: pair.folder + "/single")
        single.batchLimits = limits
        let result = try Converter.run(single, catalog: catalog.get())
        let batches = try files(pair.folder + "/single/" + RunLayout.batchesFolder)
        #expect(batches.keys.filter { $0.hasPrefix("to-fo-") }.count > 2 && batches.keys.filter { $0.hasPrefix("to-sales-") }.count > 2)
        return (pair, result, batches)
    }

    @Test(arguments: [
        "generated", "edu-k12-sampledata-2022/K12-SampleData.zip", "ia-nonprofit/DefaultData.zip",
        "abvogel-partylist/abvogel-partylist.cmt.zip",
    ])
    func theStepsWriteTheOneProcessPartition(sales: String) throws {
        let generated = try ConvertFixture.generatedPair(accounts: 60, seed: 11, defects: true)
        let pair = sales == "generated" ? (generated.fo, generated.sales) : (ConvertFixture.sampleFO, RealExport.path(sales))
        let whole = generated.folder + "/whole"
        _ = try ShardPartitionTests.partition(pair, count: 3, into: whole)
        let expected = try Self.files(whole)
        #expect(expected.keys.contains(RunLayout.partitionManifest))
        for ranges in [1, 2, 5, 40] {
            let folder = generated.folder + "/steps-\(ranges)"
            let split = try Self.steps(pair, count: 3, ranges: ranges, into: folder)
            #expect(split.salesNotCut == nil, "\(sales)")
            let found = try Self.files(folder)
            #expect(found.keys.sorted() == expected.keys.sorted(), "\(sales), \(ranges) ranges")
            for (name, bytes) in expected where found[name] != bytes { Issue.record("\(name) differs (\(sales), \(ranges) ranges)") }
            #expect(!FileManager.default.fileExists(atPath: folder + "/" + ShardPartitioner.splitFolder), "the join removes split/")
        }
    }

    /// A Sales export the split does not cut (UTF-16 here) is read whole by range 0, and the partition is the same.
    @Test func anExportThatIsNotCutIsReadWholeByRangeZero() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 12)
        let utf16 = pair.folder + "/sales-utf16.zip"
        try Self.rewriteData(of: pair.sales, into: utf16) { bytes in
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "encoding=\"utf-8\"", with: "encoding=\"utf-16\"")
            return [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        _ = try ShardPartitionTests.partition((pair.fo, utf16), count: 2, into: pair.folder + "/whole")
        let split = try Self.steps((pair.fo, utf16), count: 2, ranges: 3, into: pair.folder + "/steps")
        #expect(split.salesNotCut == "it is not in UTF-8")
        #expect(try Self.files(pair.folder + "/steps") == Self.files(pair.folder + "/whole"))
    }

    /// A record damaged in a late section: the range that reads it names the export's data.xml, line and column, as
    /// the one-process partition does.
    @Test func anErrorInARangeNamesTheExportsLine() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 13)
        let damaged = pair.folder + "/sales-damaged.zip"
        try Self.rewriteData(of: pair.sales, into: damaged) { bytes in
            var text = String(decoding: bytes, as: UTF8.self)
            let last = try #require(text.range(of: "<record ", options: .backwards))
            text.replaceSubrange(last, with: "<record><field/></wrong>")
            return Array(text.utf8)
        }
        let whole = try #require(throws: AirlockError.self) {
            try ShardPartitionTests.partition((pair.fo, damaged), count: 2, into: pair.folder + "/whole")
        }
        let options = ConversionOptions(foPath: pair.fo, salesPath: damaged, outputDirectory: pair.folder + "/steps")
        let catalog = try Self.catalog.get()
        let split = try ShardPartitioner.split(options, count: 2, ranges: 4, catalog: catalog, register: nil, progress: { _ in })
        #expect(split.salesNotCut == nil)
        var errors: [AirlockError] = []
        for range in 0..<4 {
            do {
                try ShardPartitioner.readRange(
                    options, range: try ShardSelection(index: range, count: 4), catalog: catalog, register: nil, progress: { _ in })
            } catch let error as AirlockError {
                errors.append(error)
            }
        }
        #expect(errors.count == 1, "the range holding the record")
        #expect(errors.first?.description == whole.description)
        #expect(whole.location.line != nil && whole.location.entry == "data.xml")
    }

    /// A step given what is not its own: one line, a usage error, and no partition written.
    @Test func aStepGivenWhatIsNotItsOwnIsRefused() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 14)
        let other = try ConvertFixture.generatedPair(accounts: 20, seed: 15)
        let catalog = try Self.catalog.get()
        let folder = pair.folder + "/partition"
        let options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder)
        func refusal(_ body: () throws -> Void) -> String? {
            do {
                try body()
                return nil
            } catch let error as AirlockError {
                #expect(error.code == .usage && !error.description.contains("\n"), "\(error)")
                #expect(!FileManager.default.fileExists(atPath: folder + "/" + RunLayout.partitionManifest), "nothing written")
                return error.description
            } catch {
                return "\(error)"
            }
        }
        func read(_ range: Int, of count: Int, _ configure: (inout ConversionOptions) -> Void = { _ in }) throws {
            var options = options
            configure(&options)
            try ShardPartitioner.readRange(
                options, range: try ShardSelection(index: range, count: count), catalog: catalog, register: nil, progress: { _ in })
        }
        #expect(refusal { try read(0, of: 3) }?.contains("holds no split's plan") == true)
        _ = try ShardPartitioner.split(options, count: 2, ranges: 3, catalog: catalog, register: nil, progress: { _ in })
        #expect(refusal { try read(0, of: 4) }?.contains("planned 3 ranges, not 4") == true)
        #expect(refusal { try read(0, of: 3) { $0.foPath = other.fo } }?.contains("the split was cut from another --fo export") == true)
        #expect(refusal { try read(1, of: 3) { $0.salesPath = other.sales } }?.contains("another --sales export") == true)
        #expect(refusal { try read(2, of: 3) { $0.foLocale = "de-DE" } }?.contains("--fo-locale") == true)
        try read(0, of: 3)
        try read(2, of: 3)
        #expect(refusal { _ = try ShardPartitioner.join(options, progress: { _ in }) }?.contains("range 1 of 3 was not read") == true)
        // Reads of an earlier split of the same folder are not this split's.
        try read(1, of: 3)
        let earlier = folder + "-earlier-read"
        try FileManager.default.copyItem(atPath: folder + "/split/read-1", toPath: earlier)
        _ = try ShardPartitioner.split(
            {
                var changed = options
                changed.force = true
                return changed
            }(), count: 3, ranges: 3, catalog: catalog, register: nil,
            progress: { _ in })
        try read(0, of: 3)
        try read(2, of: 3)
        try FileManager.default.copyItem(atPath: earlier, toPath: folder + "/split/read-1")
        #expect(
            refusal { _ = try ShardPartitioner.join(options, progress: { _ in }) }?.contains("not range 1's read of this split's plan")
                == true)
        try read(1, of: 3)
        _ = try ShardPartitioner.join(options, progress: { _ in })
        #expect(FileManager.default.fileExists(atPath: folder + "/" + RunLayout.partitionManifest))
        // Joined once: the split's folder is gone, and a second join says so.
        let again = try #require(throws: AirlockError.self) { try ShardPartitioner.join(options, progress: { _ in }) }
        #expect(again.code == .usage && again.message.contains("holds no split's plan"))
    }

    /// A tree table's image that a read wrote and that was damaged since (a code naming no value of its column's
    /// dictionary) is refused by the join in one line naming the file, before a part is cut from it, and nothing is
    /// written.
    @Test func theJoinRefusesADamagedTable() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 9)
        let folder = try Fixture.scratchDirectory("airlock-partition-damaged")
        let options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder)
        let catalog = try Self.catalog.get()
        _ = try ShardPartitioner.split(options, count: 2, ranges: 1, catalog: catalog, register: nil, progress: { _ in })
        try ShardPartitioner.readRange(
            options, range: try ShardSelection(index: 0, count: 1), catalog: catalog, register: nil, progress: { _ in })
        let tables =
            folder + "/" + ShardPartitioner.splitFolder + "/" + ShardPartitioner.readFolder(0) + "/"
            + ShardPartitionRangeReader.tablesFolder
        var damaged: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: tables) where name.hasSuffix(".records.table") {
            let path = tables + "/" + name
            let reader = try TableImageReader(path: path)
            var columns: [TableColumnImage] = []
            while let column = try reader.nextColumn() { columns.append(column) }
            guard reader.rowCount > 0, let index = columns.firstIndex(where: { $0.codes != nil && $0.dictionaryEnds.count < 200 })
            else { continue }
            columns[index].codes?[0] = 200
            columns[index].present[0] |= 1
            let writer = try TableImageWriter(path: path, name: reader.name, columnCount: columns.count, keys: reader.keys)
            for column in columns { try writer.append(column) }
            try writer.close()
            damaged.append(path)
        }
        #expect(!damaged.isEmpty)
        let error = try #require(throws: AirlockError.self) { _ = try ShardPartitioner.join(options, progress: { _ in }) }
        #expect(error.code == .io && error.message.contains("is damaged") && !error.description.contains("\n"), "\(error)")
        #expect(damaged.contains(error.location.file ?? ""), "\(error)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + RunLayout.partitionManifest))
    }

    /// The whole path of deploy/shard-steps.txt: the partition's steps, the shards, each package merged in a step of
    /// its own, the members' sections deflated in parts, the merge taking and joining them: the single run's packages
    /// and findings; a package written for other shards (a shard run again since), or a member changed since its step
    /// wrote it, is not taken but written again; parts deflated before their `data.xml` changed are joined all the same.
    @Test func theWholePathInStepsMergesIntoTheSingleRun() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 80, seed: 16, defects: true)
        let catalog = try Self.catalog.get()
        let single = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/single")
        let run = pair.folder + "/run"
        let folders = try Self.shards((pair.fo, pair.sales), count: 3, run: run, readOrder: [1, 0, 2])
        let options = ShardMergeOptions(shardFolders: folders, outputDirectory: run)
        for piece in ["as written", "deflated in parts", "of other shards", "changed", "sales data changed"] {
            let stale = !["as written", "deflated in parts"].contains(piece)
            for package in ShardMergePackage.allCases { _ = try ShardMerger.writePackage(package, options, catalog: catalog) }
            if piece == "deflated in parts" {
                for index in [1, 0] { _ = try ShardPackageSections.deflate(run: run, range: try ShardSelection(index: index, count: 2)) }
            }
            if piece.hasSuffix("data changed") || piece == "deflated in parts" {
                // Changed after the step wrote it (the size kept): parts deflated before are joined, else not taken.
                let path = run + "/.merge/sales/data.xml"
                var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                let at = try #require(bytes.firstIndex(of: UInt8(ascii: "<")))
                bytes[at + 1] = UInt8(ascii: "x")
                try bytes.write(to: URL(fileURLWithPath: path))
            } else if piece == "changed" {
                // A member that changed since its step wrote it: cut short.
                let folder = run + "/.merge/fo/package"
                let name = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).sorted().first { $0.hasSuffix(".csv") })
                let path = folder + "/" + name
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                try bytes.prefix(bytes.count - 100).write(to: URL(fileURLWithPath: path))
            } else if stale {
                // As if shard 1 had run again after the steps: the fo step's piece names another report.
                let path = run + "/.merge/fo/piece.json"
                var text = try String(contentsOfFile: path, encoding: .utf8)
                let digest = try FileDigest.of(folders[1] + "/" + RunLayout.conversionReport).sha256
                text = text.replacingOccurrences(of: digest, with: String(repeating: "0", count: 64))
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            }
            let lines = LockedLines()
            var forced = options
            forced.force = true
            let merged = try ShardMerger.run(forced, catalog: catalog, progress: { lines.append($0) })
            #expect(lines.all.filter { $0.contains("as its step wrote it") }.count == (stale ? 1 : 2), "\(lines.all)")
            let joined = lines.all.filter { $0.contains("as its step wrote it") && $0.contains(" joined from ") }
            #expect(joined.count == (piece == "deflated in parts" ? 2 : 0), "\(lines.all)")
            #expect(
                lines.all.contains { $0.contains("to-sales.zip as its step wrote it, 1 member joined from 1 deflated run") }
                    == (piece == "deflated in parts"))
            #expect(!joined.contains { $0.contains("deflated here") }, "\(lines.all)")
            #expect(!FileManager.default.fileExists(atPath: run + "/.merge"), "the merge removes the steps' folder")
            #expect(merged.validations.map(\.kind) == single.validations.map(\.kind))
            for (found, expected) in zip(merged.validations, single.validations) {
                #expect(found.findings.map(\.message) == expected.findings.map(\.message) && found.warnings == expected.warnings)
            }
            for name in [RunLayout.foPackage, RunLayout.salesPackage] {
                let expected = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/single/" + name))
                #expect(try Data(contentsOf: URL(fileURLWithPath: run + "/" + name)) == expected, "\(name), a piece \(piece)")
            }
        }
    }

    /// With `--batch-records`, the package steps cut each package's batches from the members they wrote plain and
    /// validate them; the deflate steps deflate the batches' members with the packages'; the merge joins each batch and
    /// writes the plan: the single run's batches and plan, byte for byte. Steps given no limits, or a size limit, cut
    /// none, and the merge cuts them itself, to the same bytes.
    @Test func theStepsCutTheSingleRunsBatches() throws {
        let limits = try PackageBatchLimits(records: 70)
        let (pair, expected, batches) = try Self.batchedSingleRun(limits)
        let catalog = try Self.catalog.get()
        let run = pair.folder + "/run"
        let folders = try Self.shards((pair.fo, pair.sales), count: 3, run: run)
        for steps in ["cut by the steps", "cut by the merge", "a size limit", "a batch changed"] {
            var options = ShardMergeOptions(shardFolders: folders, outputDirectory: run, force: true)
            options.batchLimits =
                steps == "cut by the merge" ? nil : steps == "a size limit" ? try PackageBatchLimits(records: 70, bytes: 900_000) : limits
            for package in ShardMergePackage.allCases {
                let written = try ShardMerger.writePackage(package, options, catalog: catalog)
                #expect((written.batches ?? 0 > 2) == ["cut by the steps", "a batch changed"].contains(steps), "\(steps): \(package)")
            }
            if steps == "a batch changed" {
                // Not deflated, and a batch's member cut short since its step: the merge cuts the batches itself.
                let path = run + "/.merge/sales/batches/to-sales-0002/data.xml"
                let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
                try bytes.prefix(bytes.count - 10).write(to: URL(fileURLWithPath: path))
            } else {
                for index in [2, 0, 1] { _ = try ShardPackageSections.deflate(run: run, range: try ShardSelection(index: index, count: 3)) }
            }
            let lines = LockedLines()
            options.batchLimits = limits
            let merged = try ShardMerger.run(options, catalog: catalog, progress: { lines.append($0) })
            let joined = lines.all.filter { $0.contains("as the package steps cut them") }
            #expect(joined.count == (steps == "cut by the steps" ? 1 : 0), "\(steps): \(lines.all)")
            #expect(!joined.contains { $0.contains("deflated here") }, "\(lines.all)")
            #expect(lines.all.contains { $0.contains("the batches cut here") } == (steps != "cut by the steps"), "\(lines.all)")
            #expect(try Self.files(run + "/" + RunLayout.batchesFolder) == batches, "\(steps)")
            #expect(merged.report.importPlan == expected.report.importPlan)
            #expect(merged.report.validation == expected.report.validation, "\(steps)")
            #expect(merged.report.outputs == expected.report.outputs, "\(steps)")
        }
    }

    /// Writes the Sales package `path` again at `target`, its data.xml changed by `change`.
    static func rewriteData(of path: String, into target: String, _ change: ([UInt8]) throws -> [UInt8]) throws {
        let source = try openPackageSource(path: path)
        let writer = try ZipArchiveWriter(path: target)
        for member in source.members.map(\.name).sorted() {
            let bytes = try source.open(member).readAll()
            try writer.addEntry(name: member, bytes: member == "data.xml" ? change(bytes) : bytes)
        }
        try writer.finish()
    }
}
