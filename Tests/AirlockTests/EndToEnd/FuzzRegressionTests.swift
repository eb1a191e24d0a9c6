import AirlockKit
import Foundation
import Testing

/// Replays what the fuzzer found (Fixtures/fuzz/<target>/) and the fuzzer's seeds through the same entry points:
/// each input must be read or refused with an `AirlockError`, never crash.
struct FuzzRegressionTests {
    static var savedInputs: [(FuzzTarget, String)] {
        FuzzTarget.allCases.flatMap { target -> [(FuzzTarget, String)] in
            let folder = Fixture.path("fuzz/\(target.rawValue)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { (target, folder + "/" + $0) }
        }
    }

    @Test func savedFuzzerFindingsAreRefusedCleanly() throws {
        for (target, path) in Self.savedInputs {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            _ = try target.run(bytes)
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
