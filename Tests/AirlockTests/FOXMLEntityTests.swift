import AirlockIO
import AirlockPackages
import Foundation
import Testing

/// F&O XML entity files (both layouts) and manifests in UTF-8, read from unpacked package folders.
struct FOXMLEntityTests {
    /// A package folder holding one entity file `file` with `bytes`, declared with `sourceFormat`.
    private func package(file: String, bytes: [UInt8], sourceFormat: String, columns: [String], manifestUTF8: Bool = false) throws -> FOPackageReader {
        let folder = try Fixture.scratchDirectory()
        var line = FOManifestLineBuilder.line(label: "Customer groups", technicalName: nil, columns: columns, sourceFormat: sourceFormat)
        line.inputFilePath = file
        let manifest = FOManifest(definitionGroupName: "G", description: nil, entities: [line])
        var manifestBytes = FOManifestWriter.manifestBytes(manifest)
        if manifestUTF8 {
            let units = stride(from: 2, to: manifestBytes.count, by: 2).map { UInt16(manifestBytes[$0]) | UInt16(manifestBytes[$0 + 1]) << 8 }
            manifestBytes = Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n" + String(decoding: units, as: UTF16.self)).utf8)
        }
        try Data(manifestBytes).write(to: URL(fileURLWithPath: folder + "/Manifest.xml"))
        try Data(FOManifestWriter.headerBytes(FOPackageHeader(description: "G"))).write(to: URL(fileURLWithPath: folder + "/PackageHeader.xml"))
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
        return try FOPackageReader(source: openPackageSource(path: folder))
    }

    @Test func readsXMLElementFiles() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?>
            <Document>
             <CUSTCUSTOMERGROUPENTITY>
              <CUSTOMERGROUPID>10</CUSTOMERGROUPID>
              <DESCRIPTION>Wholesale &amp; retail, "EU"</DESCRIPTION>
             </CUSTCUSTOMERGROUPENTITY>
             <CUSTCUSTOMERGROUPENTITY>
              <CUSTOMERGROUPID>20</CUSTOMERGROUPID>
              <DESCRIPTION />
             </CUSTCUSTOMERGROUPENTITY>
            </Document>
            """
        let reader = try package(file: "Customer groups.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Element", columns: ["CUSTOMERGROUPID", "DESCRIPTION"])
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.summary.format == .xmlElement)
        #expect(data.summary.columns == ["CUSTOMERGROUPID", "DESCRIPTION"])
        #expect(data.table.rowCount == 2)
        #expect(data.table.value(row: 0, column: "DESCRIPTION") == "Wholesale & retail, \"EU\"")
        #expect(data.table.value(row: 1, column: "DESCRIPTION") == "")
        #expect(data.summary.warnings.isEmpty)
    }

    @Test func readsXMLAttributeFilesWithAbsentAttributesAsNull() throws {
        let xml = #"<Document><CUSTCUSTOMERGROUPENTITY CUSTOMERGROUPID="10" DESCRIPTION="Zürich &lt;HQ&gt;"/><CUSTCUSTOMERGROUPENTITY CUSTOMERGROUPID="20"/></Document>"#
        let reader = try package(file: "CUSTCUSTOMERGROUPENTITY.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Attribute", columns: ["CUSTOMERGROUPID", "DESCRIPTION"])
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.summary.format == .xmlAttribute)
        #expect(data.table.rowCount == 2)
        #expect(data.table.value(row: 0, column: "DESCRIPTION") == "Zürich <HQ>")
        #expect(data.table.value(row: 1, column: "DESCRIPTION") == nil)
    }

    @Test func aLayoutThatDiffersFromTheManifestIsAWarning() throws {
        let xml = #"<Document><CUSTCUSTOMERGROUPENTITY CUSTOMERGROUPID="10"/></Document>"#
        let reader = try package(file: "g.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Element", columns: ["CUSTOMERGROUPID"])
        let summary = try reader.summarize(try #require(reader.manifest.entities.first))
        #expect(summary.format == .xmlAttribute)
        #expect(summary.records == 1)
        #expect(summary.warnings.contains { $0.contains("XML-Element") })
    }

    @Test func readsAUTF8Manifest() throws {
        let csv = Array("\u{FEFF}CUSTOMERGROUPID,DESCRIPTION\r\n10,Wholesale\r\n".utf8)
        let reader = try package(file: "Customer groups.csv", bytes: csv, sourceFormat: "CSV", columns: ["CUSTOMERGROUPID", "DESCRIPTION"], manifestUTF8: true)
        #expect(reader.manifest.entities.first?.entityName == "Customer groups")
        let summary = try reader.summarize(try #require(reader.manifest.entities.first))
        #expect(summary.encoding == .utf8BOM)
        #expect(summary.records == 1)
    }

    @Test func malformedXMLEntityFileNamesTheLine() throws {
        let xml = "<Document>\n<A B=\"1\"/>\n<A B=\"2\">\n</Document>"
        let reader = try package(file: "g.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Attribute", columns: ["B"])
        let error = try #require(throws: AirlockError.self) { try reader.summarize(try #require(reader.manifest.entities.first)) }
        #expect(error.code == .malformedXML)
        #expect(error.location.entry == "g.xml")
        #expect(error.location.line != nil)
    }
}
