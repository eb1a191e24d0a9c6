import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

@testable import AirlockConvert

/// `merge --step deflate --range i/N` and the merge's join: the members the package steps wrote plain (`data.xml`,
/// every entity file of `to-fo.zip`), their sections deflated in shares counted across all of them by as many processes
/// as wanted, joined into the packages the members deflated whole give, byte for byte; a step given what is not there is
/// refused in one line, and the join never takes runs of another file.
@Suite struct ShardPackageSectionsTests {
    static let sectionSize = 40_000

    /// `to-fo.zip`'s entity files: one of several sections, an empty one, one of exactly two sections, a small one.
    static let foMembers: [(name: String, size: Int)] = [
        ("Customers V3.csv", 150_000), ("Empty.csv", 0), ("Contact persons V2.csv", 80_000), ("Sales order headers V2.csv", 500),
    ]

    /// A run folder whose sales step wrote `data.xml` of `size` bytes plain and whose fo step wrote `foMembers`, with
    /// their pieces.
    static func run(size: Int) throws -> (folder: String, sales: [ShardMergePackage.PlainMember], fo: [ShardMergePackage.PlainMember]) {
        let folder = try Fixture.scratchDirectory()
        let sales = folder + "/.merge/sales"
        let fo = folder + "/.merge/fo/package"
        for path in [sales, fo] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try Data("<entities/>".utf8).write(to: URL(fileURLWithPath: sales + "/data_schema.xml"))
        try Data(SectionedZipWriterTests.content(size)).write(to: URL(fileURLWithPath: sales + "/data.xml"))
        for (number, member) in foMembers.enumerated() {
            let bytes = SectionedZipWriterTests.content(member.size + number).suffix(member.size)
            try Data(bytes).write(to: URL(fileURLWithPath: fo + "/" + member.name))
        }
        try Data("<Manifest/>".utf8).write(to: URL(fileURLWithPath: fo + "/Manifest.xml"))
        try Data("<Header/>".utf8).write(to: URL(fileURLWithPath: fo + "/PackageHeader.xml"))
        let salesMembers = [try member("data.xml", in: sales)]
        let foMembers = try foMembers.map { try member($0.name, in: fo) }
        for (package, members) in [("sales", salesMembers), ("fo", foMembers)] {
            let piece = ShardMergePackage.Piece(shards: [], validation: nil, members: members)
            try JSONEncoder().encode(piece).write(to: URL(fileURLWithPath: folder + "/.merge/" + package + "/piece.json"))
        }
        return (folder, salesMembers, foMembers)
    }

    static func member(_ name: String, in folder: String) throws -> ShardMergePackage.PlainMember {
        ShardMergePackage.PlainMember(name: name, identity: try FileIdentity.of(folder + "/" + name), sectionSize: sectionSize)
    }

    /// The two packages with every member deflated whole in this process, as the single run deflates them.
    static func references(_ folder: String) throws -> (sales: Data, fo: Data) {
        let add: (SectionedZipWriter, String, String) throws -> Void = { archive, name, file in
            _ = try archive.addEntry(name: name, sectionSize: sectionSize) { sink in _ = try FileCopy.copy(file, to: sink) }
        }
        let sales = folder + "/.merge/sales"
        try CMTPackageWriter.write(schemaFile: sales + "/data_schema.xml", to: folder + "/sales.zip") { archive in
            try add(archive, "data.xml", sales + "/data.xml")
        }
        let fo = folder + "/.merge/fo/package"
        try FOPackageWriter.write(plainFolder: fo, entities: foMembers.count, to: folder + "/fo.zip") { archive, index in
            try add(archive, foMembers[index].name, fo + "/" + foMembers[index].name)
        }
        return (
            try Data(contentsOf: URL(fileURLWithPath: folder + "/sales.zip")),
            try Data(contentsOf: URL(fileURLWithPath: folder + "/fo.zip"))
        )
    }

    /// Joins both packages of `folder`'s steps; what each join did.
    static func join(_ run: (folder: String, sales: [ShardMergePackage.PlainMember], fo: [ShardMergePackage.PlainMember])) throws -> (
        sales: ShardPackageSections.Joined?, fo: ShardPackageSections.Joined?
    ) {
        let merge = run.folder + "/.merge"
        return (
            try ShardPackageSections.join(
                .sales, plainFolder: merge + "/sales", mergeFolder: merge, members: run.sales, to: run.folder + "/joined-sales.zip"),
            try ShardPackageSections.join(
                .fo, plainFolder: merge + "/fo/package", mergeFolder: merge, members: run.fo, to: run.folder + "/joined-fo.zip")
        )
    }

    @Test(arguments: [1, 2, 3, 8, 50])
    func partsJoinIntoThePackagesDeflatedWhole(parts: Int) throws {
        // 25 sections of data.xml and 8 of the entity files: 50 parts leave some empty.
        let run = try Self.run(size: 1_000_000)
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let expected = try Self.references(run.folder)
        for index in (0..<parts).reversed() {
            let text = try ShardPackageSections.deflate(run: run.folder, range: try ShardSelection(index: index, count: parts))
            #expect(text.hasPrefix("Deflated "), "\(text)")
        }
        let joined = try Self.join(run)
        #expect(joined.sales?.members == 1 && joined.sales?.deflatedHere == 0, "\(String(describing: joined.sales))")
        #expect(joined.fo?.members == 4 && joined.fo?.deflatedHere == 0, "\(String(describing: joined.fo))")
        #expect(
            (4...(4 + min(parts - 1, 4))).contains(joined.fo?.runs ?? 0),
            "a run per member, and one more for each part that starts inside one")
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/joined-sales.zip")) == expected.sales)
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/joined-fo.zip")) == expected.fo)
        let reader = try ZipArchiveReader(path: run.folder + "/joined-fo.zip")
        #expect(try reader.open("Customers V3.csv").readAll() == Array(SectionedZipWriterTests.content(150_000).suffix(150_000)))
        #expect(try reader.open("Empty.csv").readAll().isEmpty)
        #expect(
            try ZipArchiveReader(path: run.folder + "/joined-sales.zip").open("data.xml").readAll()
                == SectionedZipWriterTests.content(1_000_000))
    }

    @Test func membersOfMissingPartsAreDeflatedHereAndAChangedMemberIsNotTaken() throws {
        let run = try Self.run(size: 300_000)  // 8 sections of data.xml, 8 of the entity files: parts of 5, 5 and 6
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let expected = try Self.references(run.folder)
        for index in [0, 2] { _ = try ShardPackageSections.deflate(run: run.folder, range: try ShardSelection(index: index, count: 3)) }
        let joined = try Self.join(run)
        // Part 1 of 3 holds data.xml's last three sections and the first two of Customers V3.csv.
        #expect(joined.sales == ShardPackageSections.Joined(members: 0, runs: 0, deflatedHere: 1))
        #expect(joined.fo == ShardPackageSections.Joined(members: 3, runs: 3, deflatedHere: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/joined-sales.zip")) == expected.sales)
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/joined-fo.zip")) == expected.fo)
        // An entity file changed since the step wrote it, the size kept: not deflated here, not taken, nothing written.
        let path = run.folder + "/.merge/fo/package/Customers V3.csv"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[Self.sectionSize + 10] ^= 1
        try bytes.write(to: URL(fileURLWithPath: path))
        try FileManager.default.removeItem(atPath: run.folder + "/joined-fo.zip")
        #expect(try Self.join(run).fo == nil)
        #expect(!FileManager.default.fileExists(atPath: run.folder + "/joined-fo.zip"))
        // Nor is it deflated: it is not the file the step validated.
        let changed = try #require(throws: AirlockError.self) {
            try ShardPackageSections.deflate(run: run.folder, range: try ShardSelection(index: 1, count: 3))
        }
        #expect(changed.code == .io && changed.message.contains("changed since merge --step fo wrote it"), "\(changed)")
        #expect(changed.location.file == path, "\(changed)")
        // A member whose runs all exist is joined though its file changed since: the runs are of the file validated.
        _ = try ShardPackageSections.deflate(run: run.folder, range: try ShardSelection(index: 0, count: 2))  // data.xml's 8
        try Data(SectionedZipWriterTests.content(300_001)).write(to: URL(fileURLWithPath: run.folder + "/.merge/sales/data.xml"))
        #expect(try Self.join(run).sales == ShardPackageSections.Joined(members: 1, runs: 1, deflatedHere: 0))
        #expect(try Data(contentsOf: URL(fileURLWithPath: run.folder + "/joined-sales.zip")) == expected.sales)
    }

    @Test func aStepWithoutItsPackageStepsMembersIsRefusedInOneLine() throws {
        let run = try Self.run(size: 100_000)
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let range = try ShardSelection(index: 0, count: 2)
        let dataPath = run.folder + "/.merge/sales/data.xml"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dataPath))
        try bytes.prefix(bytes.count - 1).write(to: URL(fileURLWithPath: dataPath))
        let cut = try #require(throws: AirlockError.self) { try ShardPackageSections.deflate(run: run.folder, range: range) }
        #expect(cut.code == .io && cut.location.file == dataPath && !cut.description.contains("\n"), "\(cut)")
        try FileManager.default.removeItem(atPath: run.folder + "/.merge/fo/piece.json")
        let missing = try #require(throws: AirlockError.self) { try ShardPackageSections.deflate(run: run.folder, range: range) }
        #expect(missing.code == .usage && missing.message.contains("merge --step fo") && !missing.description.contains("\n"), "\(missing)")
        #expect(!FileManager.default.fileExists(atPath: run.folder + "/.merge/" + ShardPackageSections.folder), "nothing written")
    }
}
