import AirlockIO
import AirlockKit
import AirlockModel
import Foundation
import Testing

/// End to end, in process: `airlock inspect` on real and broken packages, checking stdout, stderr and exit codes.
struct InspectCommandTests {
    @Test func inspectsTheReal2017ExcelExportAsJSON() throws {
        let result = try AirlockRunner.run(["inspect", "--json", RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip")])
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
        let result = try AirlockRunner.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.hasPrefix("airlock: \(path)"))
    }

    @Test func truncatedZipExitsTwo() throws {
        let bytes = try RealExport.bytes("dynamics-ax-integration/usmf_asset-major-types-01.zip")
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/truncated.zip"
        try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: path))
        let result = try AirlockRunner.run(["inspect", path])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stderr.contains("truncated.zip"))
    }

    @Test func packageWithoutHeaderExitsTwoNamingIt() throws {
        let folder = try Fixture.scratchDirectory()
        let zip = folder + "/noheader.zip"
        try ZipFixture.make(zip, entries: ["Manifest.xml": try RealExport.bytes("itaneo-d365fo-data-migration/Manifest.xml")])
        let result = try AirlockRunner.run(["inspect", zip])
        #expect(result.status == 2)
        #expect(result.stderr.contains("PackageHeader.xml"))
    }

    @Test func malformedManifestNamesLineAndColumn() throws {
        let folder = try Fixture.scratchDirectory()
        let zip = folder + "/broken.zip"
        try ZipFixture.make(
            zip,
            entries: [
                "Manifest.xml": Array("<DataManagementPackageManifest>\n<PackageEntityList>\n</Oops>".utf8),
                "PackageHeader.xml": try RealExport.bytes("itaneo-d365fo-data-migration/PackageHeader.xml"),
            ])
        let result = try AirlockRunner.run(["inspect", zip])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Manifest.xml: line 3"))
    }

    /// A package of many entries no manifest line names (2,000 here; 100,000 printed a line each): the text lists the
    /// first 50 and counts the rest, the JSON lists every one.
    @Test func manyFilesNoManifestLineNamesAreCountedAfterTheFirstFifty() throws {
        let folder = try Fixture.scratchDirectory()
        let zip = folder + "/many.zip"
        let sample = try openPackageSource(path: ConvertFixture.sampleFO)
        let writer = try ZipArchiveWriter(path: zip)
        for member in sample.members { try writer.addEntry(name: member.name, bytes: try sample.open(member.name).readAll()) }
        for index in 0..<2_000 { try writer.addEntry(name: "stray/\(1_000_000 + index).txt", bytes: Array("x".utf8)) }
        try writer.finish()
        let suffix = ": the file is in the package but no manifest line names it"

        let text = try AirlockRunner.run(["inspect", zip])
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n")
        let listed = lines.filter { $0.hasSuffix(suffix) }
        #expect(listed.count == 50)
        #expect(listed.first == "  - stray/1000000.txt\(suffix)" && listed.last == "  - stray/1000049.txt\(suffix)")
        let index = try #require(lines.firstIndex { $0.hasSuffix("stray/1000049.txt\(suffix)") })
        #expect(lines[index + 1] == "  - … and 1,950 more files that no manifest line names (inspect --json lists every one)")
        #expect(lines.count < 100)

        let json = try AirlockRunner.run(["inspect", "--json", zip])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.filter { $0.hasSuffix(suffix) }.count == 2_000)
    }

    @Test func missingFileIsAUsageError() throws {
        let result = try AirlockRunner.run(["inspect", "/nonexistent/package.zip"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/nonexistent/package.zip"))
    }
}

/// Broken entity files and Configuration Migration packages through `airlock inspect`, in process.
struct InspectBadInputTests {
    @Test func unterminatedQuotedCSVFieldNamesFileLineAndColumn() throws {
        let folder = try Fixture.scratchDirectory()
        let table = try FOTestPackage.customers()
        try FOTestPackage.write([table], encoding: .utf8BOM, to: folder + "/good.zip")
        let reader = try ZipArchiveReader(path: folder + "/good.zip")
        var entries: [String: [UInt8]] = [:]
        for entry in reader.entries { entries[entry.name] = try reader.open(entry.name).readAll() }
        entries["Customers V3.csv"] = Array(
            "\u{FEFF}CUSTOMERACCOUNT,ORGANIZATIONNAME,ADDRESSCITY,SALESMEMO\r\nC-1,\"Open,Zürich,x\r\n".utf8)
        try ZipFixture.make(folder + "/broken.zip", entries: entries)
        let result = try AirlockRunner.run(["inspect", folder + "/broken.zip"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("broken.zip: Customers V3.csv: line 2, column 5"))
        #expect(result.stderr.contains("unterminated quoted field"))
    }

    @Test func undecodableUTF16ManifestGivesOneLineOnly() throws {
        let folder = try Fixture.scratchDirectory()
        var manifest: [UInt8] = [0xFF, 0xFE]
        for unit in "<DataManagementPackageManifest><Description>".utf16 { manifest += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        manifest += [0x00, 0xDC]  // a lone low surrogate
        for unit in "</Description></DataManagementPackageManifest>".utf16 { manifest += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        try Data(manifest).write(to: URL(fileURLWithPath: folder + "/Manifest.xml"))
        try Data(try RealExport.bytes("itaneo-d365fo-data-migration/PackageHeader.xml")).write(
            to: URL(fileURLWithPath: folder + "/PackageHeader.xml"))
        let result = try AirlockRunner.run(["inspect", folder])
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Manifest.xml"))
    }

    @Test func cmtPackageWithoutSchemaExitsTwo() throws {
        let folder = try Fixture.scratchDirectory()
        try ZipFixture.make(folder + "/data-only.zip", entries: ["data.xml": Array("<entities />".utf8)])
        let result = try AirlockRunner.run(["inspect", folder + "/data-only.zip"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("data_schema.xml"))
    }

    @Test func somethingThatIsNoPackageSaysWhatWasExpected() throws {
        let folder = try Fixture.scratchDirectory()
        try ZipFixture.make(folder + "/other.zip", entries: ["readme.txt": Array("hello".utf8)])
        let result = try AirlockRunner.run(["inspect", folder + "/other.zip"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("Manifest.xml and PackageHeader.xml"))
        #expect(result.stderr.contains("data.xml and data_schema.xml"))
    }

    @Test func inspectsTheBundledSamplesAsTheREADMEShows() throws {
        let root = ConvertFixture.root
        let fo = root.appendingPathComponent("samples/fo-export.zip").path
        let sales = root.appendingPathComponent("samples/sales-export.zip").path
        let result = try AirlockRunner.run(["inspect", fo, sales])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Finance and Operations data package"))
        #expect(result.stdout.contains("Configuration Migration package"))
        let json = try AirlockRunner.run(["inspect", "--json", sales])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["kind"] as? String == "cmt")
        let names = (object["entities"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names?.contains("salesorderdetail") == true)
    }
}

struct PackageLocationTests {
    @Test func aPackageZippedWithItsFolderIsReadWithAWarning() throws {
        let folder = try Fixture.scratchDirectory()
        let inner = try ZipArchiveReader(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"))
        var entries: [String: [UInt8]] = [:]
        for entry in inner.entries { entries["export/" + entry.name] = try inner.open(entry.name).readAll() }
        try ZipFixture.make(folder + "/nested.zip", entries: entries)
        let report = try PackageInspector.inspect(path: folder + "/nested.zip")
        #expect(report.kind == "fo")
        #expect(report.entities.first?.records == 11)
        #expect(report.warnings.contains { $0.contains("inside the folder export/") })
    }
}

/// `inspect` on packages trimmed by hand: every entity listed, the absent files warned about, the rest counted.
struct InspectMessyPackageTests {
    @Test func aFileTheManifestNamesButTheZipLacksIsAWarning() throws {
        let folder = try Fixture.scratchDirectory("airlock-messy")
        let source = try openPackageSource(path: ConvertFixture.sampleFO)
        var entries: [String: [UInt8]] = [:]
        for member in source.members where member.name != "Customers V2.csv" {
            entries[member.name] = try source.open(member.name).readAll()
        }
        let trimmed = try ZipFixture.make(folder + "/trimmed.zip", entries: entries)

        let report = try PackageInspector.inspect(path: trimmed)
        #expect(report.entities.count == 9)
        let customers = try #require(report.entities.first { $0.name == "Customers V2" })
        #expect(customers.format == "missing" && customers.records == 0)
        #expect(
            report.warnings.contains(
                "entity 'Customers V2': the manifest names 'Customers V2.csv', which is not in the package; not counted"))
        #expect(report.entities.first { $0.name == "CDS sales order lines" }?.records == 50, "the rest is counted")

        let validation = try PackageValidator.validate(path: trimmed, catalog: SchemaCatalogLoader.bundled())
        #expect(
            validation.findings.contains { $0.rule == ValidationRules.foFileMissing.id && $0.severity == .error },
            "validate keeps it an error")
    }
}
