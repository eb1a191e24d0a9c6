import Foundation
import Testing

/// End to end: the built `airlock` binary on real and broken packages, checking stdout, stderr and exit codes.
@Suite(.enabled(if: AirlockBinary.path != nil, "the airlock executable is not built; run `swift build` first"))
struct InspectCommandTests {
    @Test func inspectsTheReal2017ExcelExportAsJSON() throws {
        let result = try AirlockBinary.run(["inspect", "--json", Fixture.path("real/fo/usmf_asset-major-types-01.zip")])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "fo")
        let entities = try #require(object["entities"] as? [[String: Any]])
        #expect(entities.count == 1)
        #expect(entities[0]["name"] as? String == "Fixed asset major type")
        #expect(entities[0]["file"] as? String == "Fixed asset major type.xlsx")
        #expect(entities[0]["format"] as? String == "EXCEL")
        #expect(entities[0]["records"] as? Int == 11)
        #expect(entities[0]["columns"] as? [String] == ["MAJORTYPEID", "DESCRIPTION"])
        #expect(entities[0].keys.contains("technicalName"))
        #expect(object["warnings"] is [String])
    }

    @Test func notAZipExitsTwoWithOneLine() throws {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/notes.zip"
        try Data("this is not a zip".utf8).write(to: URL(fileURLWithPath: path))
        let result = try AirlockBinary.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.hasPrefix("airlock: \(path)"))
    }

    @Test func truncatedZipExitsTwo() throws {
        let bytes = try Fixture.bytes("real/fo/usmf_asset-major-types-01.zip")
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/truncated.zip"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        let result = try AirlockBinary.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("truncated.zip"))
    }

    @Test func packageWithoutHeaderExitsTwoNamingIt() throws {
        let folder = try Fixture.scratchDirectory()
        let zip = folder + "/noheader.zip"
        try ZipFixture.make(zip, entries: ["Manifest.xml": try Fixture.bytes("real/fo/Manifest.xml")])
        let result = try AirlockBinary.run(["inspect", zip])
        #expect(result.status == 2)
        #expect(result.stderr.contains("PackageHeader.xml"))
    }

    @Test func malformedManifestNamesLineAndColumn() throws {
        let folder = try Fixture.scratchDirectory()
        let zip = folder + "/broken.zip"
        try ZipFixture.make(zip, entries: [
            "Manifest.xml": Array("<DataManagementPackageManifest>\n<PackageEntityList>\n</Oops>".utf8),
            "PackageHeader.xml": try Fixture.bytes("real/fo/PackageHeader.xml"),
        ])
        let result = try AirlockBinary.run(["inspect", zip])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Manifest.xml: line 3"))
    }

    @Test func missingFileIsAUsageError() throws {
        let result = try AirlockBinary.run(["inspect", "/nonexistent/package.zip"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/package.zip"))
    }
}
