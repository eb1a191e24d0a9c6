import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

@testable import AirlockConvert

/// `merge --step deflate --range i/N` and the merge's join: `data.xml` written plain by the sales step, deflated in
/// parts of its sections by as many processes as wanted, joined into the package the member deflated whole gives, byte
/// for byte; a step given what is not there is refused in one line, and the join never takes runs of another
/// `data.xml`.
@Suite struct ShardSalesSectionsTests {
    static let sectionSize = 40_000

    /// A run folder whose sales step wrote `data.xml` of about `size` bytes plain, with its piece.
    static func run(size: Int) throws -> (folder: String, data: ShardMergePackage.PlainData) {
        let folder = try Fixture.scratchDirectory()
        let sales = folder + "/.merge/sales"
        try FileManager.default.createDirectory(atPath: sales, withIntermediateDirectories: true)
        try Data("<entities/>".utf8).write(to: URL(fileURLWithPath: sales + "/data_schema.xml"))
        try Data(SectionedZipWriterTests.content(size)).write(to: URL(fileURLWithPath: sales + "/data.xml"))
        let data = ShardMergePackage.PlainData(identity: try FileIdentity.of(sales + "/data.xml"), sectionSize: sectionSize)
        let piece = ShardMergePackage.Piece(shards: [], package: nil, validation: nil, data: data)
        try JSONEncoder().encode(piece).write(to: URL(fileURLWithPath: sales + "/piece.json"))
        return (folder, data)
    }

    /// The package with `data.xml` deflated whole in this process.
    static func reference(_ folder: String) throws -> Data {
        let path = folder + "/reference.zip"
        _ = try CMTPackageWriter.write(
            schemaFile: folder + "/.merge/sales/data_schema.xml", to: path, dataFile: folder + "/.merge/sales/data.xml",
            sectionSize: sectionSize)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    @Test(arguments: [1, 2, 3, 8, 50])
    func partsJoinIntoThePackageDeflatedWhole(parts: Int) throws {
        let (folder, data) = try Self.run(size: 1_000_000)  // 25 sections: 50 parts leave some empty
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try Self.reference(folder)
        for index in (0..<parts).reversed() {
            let text = try ShardSalesSections.deflate(run: folder, range: try ShardSelection(index: index, count: parts))
            #expect(text.hasPrefix("Deflated "), "\(text)")
        }
        let path = folder + "/joined.zip"
        #expect(try ShardSalesSections.join(mergeFolder: folder + "/.merge", data: data, to: path) == parts)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        #expect(try ZipArchiveReader(path: path).open("data.xml").readAll() == SectionedZipWriterTests.content(1_000_000))
    }

    @Test func anIncompleteSetOfPartsIsDeflatedHereAndAChangedDataXMLIsNotTaken() throws {
        let (folder, data) = try Self.run(size: 300_000)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let expected = try Self.reference(folder)
        for index in [0, 2] { _ = try ShardSalesSections.deflate(run: folder, range: try ShardSelection(index: index, count: 3)) }
        let path = folder + "/joined.zip"
        #expect(try ShardSalesSections.join(mergeFolder: folder + "/.merge", data: data, to: path) == 0, "part 1 of 3 is missing")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == expected)
        // data.xml changed since the step wrote it, no parts: not taken, nothing written.
        try FileManager.default.removeItem(atPath: path)
        let dataPath = folder + "/.merge/sales/data.xml"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: dataPath))
        bytes[2 * Self.sectionSize + 10] ^= 1  // in part 1 of 3's sections
        try bytes.write(to: URL(fileURLWithPath: dataPath))
        #expect(try ShardSalesSections.join(mergeFolder: folder + "/.merge", data: data, to: path) == nil)
        #expect(!FileManager.default.fileExists(atPath: path))
        // Nor is it deflated: it is not the data.xml the step validated.
        let changed = try #require(throws: AirlockError.self) {
            try ShardSalesSections.deflate(run: folder, range: try ShardSelection(index: 1, count: 3))
        }
        #expect(changed.code == .io && changed.message.contains("changed since merge --step sales wrote it"), "\(changed)")
        #expect(try ShardSalesSections.join(mergeFolder: folder + "/.merge", data: data, to: path) == nil)
    }

    @Test func aStepWithoutTheSalesStepsDataIsRefusedInOneLine() throws {
        let (folder, _) = try Self.run(size: 100_000)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let range = try ShardSelection(index: 0, count: 2)
        let dataPath = folder + "/.merge/sales/data.xml"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dataPath))
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: dataPath))
        let cut = try #require(throws: AirlockError.self) { try ShardSalesSections.deflate(run: folder, range: range) }
        #expect(cut.code == .io && cut.location.file == dataPath && !cut.description.contains("\n"), "\(cut)")
        try FileManager.default.removeItem(atPath: folder + "/.merge/sales/piece.json")
        let missing = try #require(throws: AirlockError.self) { try ShardSalesSections.deflate(run: folder, range: range) }
        #expect(missing.code == .usage && missing.message.contains("merge --step sales") && !missing.description.contains("\n"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/.merge/" + ShardSalesSections.folder), "nothing written")
    }
}
