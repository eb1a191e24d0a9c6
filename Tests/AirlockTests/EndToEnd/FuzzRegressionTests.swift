import AirlockKit
import Foundation
import Testing

/// Replays each fuzz target's seeds and minimised findings (Fixtures/fuzz/<target>/) through the entry points the
/// fuzzer calls: each input must be read or refused with an `AirlockError`, never crash.
struct FuzzRegressionTests {
    /// The path under `Fixtures/` of every file of `Fixtures/fuzz/<target>/`; a missing or empty folder fails the test.
    static func savedInputs(of target: FuzzTarget) throws -> [String] {
        let folder = "fuzz/\(target.rawValue)"
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.path(folder)).filter { !$0.hasPrefix(".") }.sorted()
        try #require(!names.isEmpty, "Fixtures/\(folder)/ holds no input")
        return names.map { folder + "/" + $0 }
    }

    @Test(arguments: FuzzTarget.allCases)
    func savedInputsAreReadOrRefusedCleanly(target: FuzzTarget) throws {
        for path in try Self.savedInputs(of: target) {
            do {
                _ = try target.run(try Fixture.bytes(path))
            } catch {
                Issue.record("\(path): an error that is not an AirlockError: \(error)")
            }
        }
    }

    /// The cmt-sections seeds are documents the scanner cuts, and every section of them parses on its own.
    @Test func theSectionSeedsAreCutAndParse() throws {
        for name in ["pretty.xml", "one-line.xml"] {
            #expect(try FuzzTarget.cmtSections.run(try Fixture.bytes("fuzz/cmt-sections/" + name)) == nil, "\(name)")
        }
    }

    @Test func seedsFromTheRealExportsAreRead() throws {
        let zip = try RealExport.bytes("dynamics-ax-integration/usmf_asset-major-types-01.zip")
        #expect(try FuzzTarget.zip.run(zip) == nil)
        let csv = try RealExport.bytes("fasttrack-customersv3/01-CustomersV3Export-Customers V3.csv")
        #expect(try FuzzTarget.csv.run(csv) == nil)
        let cmt = try RealExport.bytes("abvogel-allentities/abvogel-allentities.cmt.zip")
        #expect(try FuzzTarget.zip.run(cmt) == nil)
    }

    /// The table-files seeds are whole files of their layouts, read as the tables they were written from, so that the
    /// fuzzer starts inside both readers.
    @Test func theTableFileSeedsAreWholeTables() throws {
        for name in ["account.spool", "customers.table"] {
            #expect(try FuzzTarget.tableFiles.run(try Fixture.bytes("fuzz/table-files/" + name)) == nil, "\(name)")
        }
        let spool = try TableSpoolReader.read(path: Fixture.path("fuzz/table-files/account.spool"))
        #expect(spool.keys == [0, 1, 5] && spool.table.columnNames == ["accountid", "name", "parentaccountid"])
        #expect(spool.table.row(1) == ["a2", "Fabrikam – Zürich", "a1"] && spool.table.row(2) == ["a3", "", nil])
        let image = try TableImageFile.read(path: Fixture.path("fuzz/table-files/customers.table"))
        #expect(image.keys == [0, 1, 2] && image.table.name == "CustCustomerV3Entity")
        #expect(image.table.columns.map(\.isDictionaryEncoded) == [true, false])
        #expect((0..<3).map { image.table.row($0) } == [["USMF", "Contoso"], [nil, ""], ["USMF", "Fabrikam"]])
    }

    @Test func memberContainerRoundTrips() {
        let members: [(name: String, bytes: [UInt8])] = [("Manifest.xml", Array("<a/>\n".utf8)), ("b c.csv", []), ("x", [0, 10, 13])]
        let split = FuzzMembers.split(FuzzMembers.join(members))
        #expect(split.map(\.name) == members.map(\.name))
        #expect(split.map(\.bytes) == members.map(\.bytes))
    }

    @Test func truncatedAndMutatedInputsAreRefusedCleanly() throws {
        let zip = try RealExport.bytes("dynamics-ax-integration/usmf_asset-major-types-01.zip")
        for cut in stride(from: 0, to: zip.count, by: 97) {
            _ = try FuzzTarget.zip.run(Array(zip.prefix(cut)))
        }
        var flipped = zip
        for index in stride(from: 30, to: flipped.count, by: 131) {
            flipped[index] ^= 0x5A
            _ = try FuzzTarget.zip.run(flipped)
        }
    }
}
