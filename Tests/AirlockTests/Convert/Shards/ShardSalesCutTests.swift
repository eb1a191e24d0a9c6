import AirlockIO
import AirlockKit
import AirlockModel
import AirlockPackages
import Foundation
import Testing

@testable import AirlockConvert

/// The split reads the Sales export's sections later from where `data.xml` lies in the export (a zip entry or a
/// folder's file), writing only its head and each section's window; where it has no bytes on disk it writes the
/// sections out. Either way the partition is the one-process partition's, and a read of an export stored otherwise
/// than the split found it is refused.
@Suite struct ShardSalesCutTests {
    /// The names in the split's folder, after the split.
    static func splitFiles(_ pair: (fo: String, sales: String), into folder: String) throws -> (names: [String], plan: ShardPartitionPlan) {
        let options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder)
        _ = try ShardPartitioner.split(
            options, count: 2, ranges: 3, catalog: try SchemaCatalogLoader.bundled(), register: nil, progress: { _ in })
        let split = folder + "/" + ShardPartitioner.splitFolder
        let plan = try JSONDecoder().decode(
            ShardPartitionPlan.self, from: Data(contentsOf: URL(fileURLWithPath: split + "/" + ShardPartitioner.planFile)))
        return (try FileManager.default.contentsOfDirectory(atPath: split).sorted(), plan)
    }

    @Test func aZipsDataXMLIsNotWrittenOut() throws {
        let sales = RealExport.path("edu-k12-sampledata-2022/K12-SampleData.zip")
        let folder = try Fixture.scratchDirectory() + "/partition"
        let (names, plan) = try Self.splitFiles((ConvertFixture.sampleFO, sales), into: folder)
        let sections = try #require(plan.salesSections)
        #expect(plan.salesBytes?.form == .deflated && sections.allSatisfy { $0.read != nil })
        #expect(!names.contains { $0.hasPrefix("sales-section-") }, "\(names)")
        #expect(names.contains(ShardPartitionRangeReader.salesHeadFile))
        // Sections that start past the first deflate block read from a point inside the stream, with its window.
        #expect(sections.contains { ($0.read?.input ?? 0) > 0 && $0.read?.window != nil })
        #expect(names.filter { $0.hasPrefix("sales-window-") }.count == sections.filter { $0.read?.window != nil }.count)
    }

    @Test func anUnpackedExportIsReadWhereItLies() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 21)
        let unpacked = pair.folder + "/sales-unpacked"
        let source = try ZipPackageSource(path: pair.sales)
        for member in source.members {
            let path = unpacked + "/" + member.name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(try source.open(member.name).readAll()).write(to: URL(fileURLWithPath: path))
        }
        let (names, plan) = try Self.splitFiles((pair.fo, unpacked), into: pair.folder + "/probe")
        #expect(plan.salesBytes?.form == .plain && !names.contains { $0.hasPrefix("sales-section-") || $0.hasPrefix("sales-window-") })
        _ = try ShardPartitionTests.partition((pair.fo, unpacked), count: 3, into: pair.folder + "/whole")
        _ = try ShardPartitionStepsTests.steps((pair.fo, unpacked), count: 3, ranges: 4, into: pair.folder + "/steps")
        #expect(try ShardPartitionStepsTests.files(pair.folder + "/steps") == ShardPartitionStepsTests.files(pair.folder + "/whole"))
    }

    @Test func anExportHeldInMemoryHasItsSectionsWrittenOut() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 22)
        let zip = try ZipPackageSource(path: pair.sales)
        let memory = MemoryPackageSource(path: "in-memory", members: try zip.members.map { ($0.name, try zip.open($0.name).readAll()) })
        let folder = try Fixture.scratchDirectory()
        let cut = try ShardSalesCut.cut(memory, into: folder)
        #expect(cut.bytes == nil && cut.reads.isEmpty && cut.outcome.notCut == nil && cut.outcome.sections.count > 3)
        var written = try FileByteStream.contents(of: folder + "/" + ShardPartitionRangeReader.salesHeadFile)
        for number in cut.outcome.sections.indices {
            written += try FileByteStream.contents(of: folder + "/" + ShardPartitionRangeReader.salesSectionFile(number))
        }
        #expect(written == (try memory.open("data.xml").readAll()), "the pieces are data.xml again")
    }

    @Test func aReadOfAnExportStoredOtherwiseIsRefused() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 23)
        let folder = pair.folder + "/partition"
        let options = ConversionOptions(foPath: pair.fo, salesPath: pair.sales, outputDirectory: folder)
        _ = try Self.splitFiles((pair.fo, pair.sales), into: folder)
        let planPath = folder + "/" + ShardPartitioner.splitFolder + "/" + ShardPartitioner.planFile
        var plan = try JSONDecoder().decode(ShardPartitionPlan.self, from: Data(contentsOf: URL(fileURLWithPath: planPath)))
        plan.salesBytes?.offset += 1
        try ReportJSON.data(plan).write(to: URL(fileURLWithPath: planPath))
        let error = try #require(throws: AirlockError.self) {
            for range in 0..<3 {
                try ShardPartitioner.readRange(
                    options, range: try ShardSelection(index: range, count: 3), catalog: try SchemaCatalogLoader.bundled(),
                    register: nil, progress: { _ in })
            }
        }
        #expect(error.code == .usage && error.message.contains("is not stored as the split found it"))
        #expect(error.location.file == planPath)
    }
}
