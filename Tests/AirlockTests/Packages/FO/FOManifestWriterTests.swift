import AirlockIO
import AirlockModel
import AirlockPackages
import Testing

/// Golden tests: real F&O manifests and headers, read and written again, come out byte for byte.
struct FOManifestWriterTests {
    @Test func rewritesTheModernManifestByteForByte() throws {
        let original = try RealExport.bytes("itaneo-d365fo-data-migration/Manifest.xml")
        let manifest = try FOManifestReader.readManifest(MemoryByteStream(original), location: SourceLocation(entry: "Manifest.xml"))
        #expect(FOManifestWriter.manifestBytes(manifest, layout: .indented(newline: "\n")) == original)
    }

    @Test func rewritesTheModernHeaderByteForByte() throws {
        let original = try RealExport.bytes("itaneo-d365fo-data-migration/PackageHeader.xml")
        let header = try FOManifestReader.readHeader(MemoryByteStream(original), location: SourceLocation(entry: "PackageHeader.xml"))
        #expect(FOManifestWriter.headerBytes(header, layout: .indented(newline: "\r\n")) == original)
    }

    @Test func rewritesThe2017SingleLineFilesByteForByte() throws {
        let zip = try ZipArchiveReader(path: RealExport.path("dynamics-ax-integration/usmf_asset-major-types-01.zip"))
        let manifestBytes = try zip.open("Manifest.xml").readAll()
        let headerBytes = try zip.open("PackageHeader.xml").readAll()
        let manifest = try FOManifestReader.readManifest(MemoryByteStream(manifestBytes), location: SourceLocation())
        let header = try FOManifestReader.readHeader(MemoryByteStream(headerBytes), location: SourceLocation())
        #expect(FOManifestWriter.manifestBytes(manifest, layout: .singleLine) == manifestBytes)
        #expect(FOManifestWriter.headerBytes(header, layout: .singleLine) == headerBytes)
    }

    @Test func writesUTF16WithBOMAndNoDeclaration() throws {
        let bytes = FOManifestWriter.headerBytes(FOPackageHeader(description: "Airlock & co"))
        #expect(bytes.starts(with: [0xFF, 0xFE, 0x3C, 0x00]))
        let text = String(
            decoding: stride(from: 2, to: bytes.count, by: 2).map { UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8 }, as: UTF16.self)
        #expect(!text.contains("<?xml"))
        #expect(text.contains("<Description>Airlock &amp; co</Description>"))
        #expect(text.contains("<PackageVersion>2</PackageVersion>"))
        #expect(text.contains(#"xmlns:i="http://www.w3.org/2001/XMLSchema-instance""#))
    }

    @Test func membersComeInAlphabeticalOrder() throws {
        var line = FOManifestLineBuilder.line(
            label: "Customers V3", technicalName: nil, columns: ["CUSTOMERACCOUNT", "NAME"], sourceFormat: "CSV-Unicode")
        line.executionUnit = 1
        line.levelInExecutionUnit = 1
        line.sequenceInLevel = 1
        let manifest = FOManifest(definitionGroupName: "G", description: "D", entities: [line], projectCategory: 0, hasRulesData: true)
        let bytes = FOManifestWriter.manifestBytes(manifest)
        let parsed = try XMLElementNode.parse(MemoryByteStream(bytes), location: SourceLocation())
        let names = try #require(parsed.child("PackageEntityList")?.children.first).children.map(\.name)
        #expect(names == names.sorted())
        #expect(parsed.children.map(\.name) == parsed.children.map(\.name).sorted())
        #expect(names.contains("EntityMapList") && names.contains("TargetEntity"))
    }
}
