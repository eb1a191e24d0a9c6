import AirlockIO
import AirlockModel
import AirlockPackages
import Foundation
import Testing

/// F&O XML entity files (both layouts) and manifests in UTF-8, read from unpacked package folders.
struct FOXMLEntityTests {
    /// A package folder holding one entity file `file` with `bytes`, declared with `sourceFormat`.
    private func package(file: String, bytes: [UInt8], sourceFormat: String, columns: [String], manifestUTF8: Bool = false) throws
        -> FOPackageReader
    {
        let folder = try Fixture.scratchDirectory()
        var line = FOManifestLineBuilder.line(label: "Customer groups", technicalName: nil, columns: columns, sourceFormat: sourceFormat)
        line.inputFilePath = file
        let manifest = FOManifest(definitionGroupName: "G", description: nil, entities: [line])
        var manifestBytes = FOManifestWriter.manifestBytes(manifest)
        if manifestUTF8 {
            let units = stride(from: 2, to: manifestBytes.count, by: 2).map {
                UInt16(manifestBytes[$0]) | UInt16(manifestBytes[$0 + 1]) << 8
            }
            manifestBytes = Array(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n" + String(decoding: units, as: UTF16.self)).utf8)
        }
        try Data(manifestBytes).write(to: URL(fileURLWithPath: folder + "/Manifest.xml"))
        try Data(FOManifestWriter.headerBytes(FOPackageHeader(description: "G"))).write(
            to: URL(fileURLWithPath: folder + "/PackageHeader.xml"))
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
        let reader = try package(
            file: "Customer groups.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Element", columns: ["CUSTOMERGROUPID", "DESCRIPTION"])
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.summary.format == .xmlElement)
        #expect(data.summary.columns == ["CUSTOMERGROUPID", "DESCRIPTION"])
        #expect(data.table.rowCount == 2)
        #expect(data.table.value(row: 0, column: "DESCRIPTION") == "Wholesale & retail, \"EU\"")
        #expect(data.table.value(row: 1, column: "DESCRIPTION") == "")
        #expect(data.summary.warnings.isEmpty)
    }

    @Test func readsXMLAttributeFilesWithAbsentAttributesAsNull() throws {
        let xml =
            #"<Document><CUSTCUSTOMERGROUPENTITY CUSTOMERGROUPID="10" DESCRIPTION="Zürich &lt;HQ&gt;"/><CUSTCUSTOMERGROUPENTITY CUSTOMERGROUPID="20"/></Document>"#
        let reader = try package(
            file: "CUSTCUSTOMERGROUPENTITY.xml", bytes: Array(xml.utf8), sourceFormat: "XML-Attribute",
            columns: ["CUSTOMERGROUPID", "DESCRIPTION"])
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
        let reader = try package(
            file: "Customer groups.csv", bytes: csv, sourceFormat: "CSV", columns: ["CUSTOMERGROUPID", "DESCRIPTION"], manifestUTF8: true)
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

/// Excel entity files as Excel itself saves them: shared strings, rich-text runs, numbers, booleans, gaps.
struct FOExcelEntityTests {
    static func workbook(sheetName: String = "Customer_groups") throws -> [UInt8] {
        let folder = try Fixture.scratchDirectory()
        let path = folder + "/book.xlsx"
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        try ZipFixture.make(
            path,
            entries: [
                "[Content_Types].xml": Array("<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>".utf8),
                "xl/workbook.xml": Array(
                    """
                    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
                    <workbook xmlns="\(main)" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">
                    <sheets><sheet name="Other" sheetId="2" r:id="rId2"/><sheet name="\(sheetName)" sheetId="1" r:id="rId1"/></sheets></workbook>
                    """.utf8),
                "xl/_rels/workbook.xml.rels": Array(
                    """
                    <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
                    <Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/>
                    <Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>
                    """.utf8),
                "xl/sharedStrings.xml": Array(
                    """
                    <sst xmlns="\(main)" count="5" uniqueCount="5"><si><t>CUSTOMERGROUPID</t></si><si><t>DESCRIPTION</t></si>
                    <si><r><t>Whole</t></r><r><rPr><b/></rPr><t xml:space="preserve">sale, "EU"</t></r><rPh><t>ホールセール</t></rPh></si>
                    <si><t>Zürich &amp; Genève</t></si><si><t>ISACTIVE</t></si></sst>
                    """.utf8),
                "xl/worksheets/sheet1.xml": Array(
                    """
                    <worksheet xmlns="\(main)"><sheetData>
                    <row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>4</v></c></row>
                    <row r="2"><c r="A2"><v>10</v></c><c r="B2" t="s"><v>2</v></c><c r="D2" t="b"><v>1</v></c></row>
                    <row r="3"/>
                    <row r="4"><c r="A4" t="str"><v>20</v></c><c r="B4" t="s"><v>3</v></c><c r="C4"><v>99</v></c></row>
                    </sheetData></worksheet>
                    """.utf8),
                "xl/worksheets/sheet2.xml": Array("<worksheet xmlns=\"\(main)\"><sheetData/></worksheet>".utf8),
            ])
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// A package of one Excel entity: `line`'s manifest, a header, and the workbook `bytes` as `line`'s file.
    static func reader(_ line: FOManifestEntity, workbook bytes: [UInt8]) throws -> FOPackageReader {
        let source = MemoryPackageSource(
            path: "p.zip",
            members: TestSchemas.foMetadata([line]) + [
                (line.inputFilePath ?? "", bytes)
            ])
        return try FOPackageReader(source: source)
    }

    @Test func readsSharedStringsRichTextBooleansAndTheNamedSheet() throws {
        var line = FOManifestLineBuilder.line(
            label: "Customer groups", technicalName: nil, columns: ["CUSTOMERGROUPID", "DESCRIPTION", "ISACTIVE"], sourceFormat: "EXCEL")
        line.inputFilePath = "Customer groups.xlsx"
        line.excelSheetName = "Customer_groups$"
        let reader = try Self.reader(line, workbook: try Self.workbook())
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.summary.format == .excel)
        #expect(data.summary.columns == ["CUSTOMERGROUPID", "DESCRIPTION", "ISACTIVE"])
        #expect(data.table.rowCount == 2)
        #expect(data.table.row(0) == ["10", "Wholesale, \"EU\"", "Yes"])
        #expect(data.table.row(1) == ["20", "Zürich & Genève", ""])
        #expect(data.summary.warnings.contains { $0.contains("without a header name") })
    }

    @Test func aSheetNameCutTo31CharactersIsFound() throws {
        var line = FOManifestLineBuilder.line(
            label: "Customer groups", technicalName: nil, columns: ["CUSTOMERGROUPID", "DESCRIPTION", "ISACTIVE"], sourceFormat: "EXCEL")
        line.inputFilePath = "Customer groups.xlsx"
        // The manifest names the whole label; Excel cut the sheet's name to 31 characters.
        line.excelSheetName = "EXTERNALLY MAINTAINED CUSTOMER SALES INVOICE HEADERS$"
        let reader = try Self.reader(line, workbook: try Self.workbook(sheetName: "Externally maintained customer "))
        let data = try reader.readEntity(try #require(reader.manifest.entities.first))
        #expect(data.table.rowCount == 2, "the named sheet, not the first (empty) one")
    }

    @Test func aSheetThatIsNotThereFallsBackToTheFirst() throws {
        var line = FOManifestLineBuilder.line(label: "Customer groups", technicalName: nil, columns: ["A"], sourceFormat: "EXCEL")
        line.inputFilePath = "g.xlsx"
        line.excelSheetName = "Nope$"
        let reader = try Self.reader(line, workbook: try Self.workbook())
        // The first sheet in the workbook ("Other") is empty.
        #expect(try reader.summarize(try #require(reader.manifest.entities.first)).records == 0)
    }

    @Test func aWorkbookThatIsNotAZipIsAClearError() throws {
        var line = FOManifestLineBuilder.line(label: "Customer groups", technicalName: nil, columns: ["A"], sourceFormat: "EXCEL")
        line.inputFilePath = "g.xlsx"
        let source = MemoryPackageSource(
            path: "p.zip",
            members: TestSchemas.foMetadata([line]) + [
                ("g.xlsx", Array("A,B\r\n1,2\r\n".utf8))
            ])
        let reader = try FOPackageReader(source: source)
        let error = try #require(throws: AirlockError.self) { try reader.summarize(try #require(reader.manifest.entities.first)) }
        #expect(error.location.entry?.contains("g.xlsx") == true)
    }
}

struct FOCSVQuirkTests {
    private func summarize(_ csv: String) throws -> FOEntityFileSummary {
        let line = FOManifestLineBuilder.line(
            label: "Customer groups", technicalName: nil, columns: ["CUSTOMERGROUPID", "DESCRIPTION"], sourceFormat: "CSV")
        let source = MemoryPackageSource(
            path: "p.zip",
            members: TestSchemas.foMetadata([line]) + [
                ("Customer groups.csv", Array(csv.utf8))
            ])
        let reader = try FOPackageReader(source: source)
        return try reader.summarize(try #require(reader.manifest.entities.first))
    }

    @Test func trailingDelimitersFromSpreadsheetsAreIgnored() throws {
        let summary = try summarize("CUSTOMERGROUPID,DESCRIPTION,,\r\n10,Wholesale,,\r\n20,Retail\r\n30,Other,\r\n")
        #expect(summary.columns == ["CUSTOMERGROUPID", "DESCRIPTION"])
        #expect(summary.records == 3)
        #expect(summary.warnings.contains { $0.contains("trailing delimiters") })
    }

    @Test func aValueUnderAnEmptyHeaderIsStillAnError() throws {
        let error = try #require(throws: AirlockError.self) { try summarize("CUSTOMERGROUPID,DESCRIPTION,\r\n10,Wholesale,oops\r\n") }
        #expect(error.location.line == 2)
    }

    @Test func semicolonDelimitedFilesAreRead() throws {
        let summary = try summarize("CUSTOMERGROUPID;DESCRIPTION\r\n10;\"Wholesale; EU\"\r\n")
        #expect(summary.records == 1)
        #expect(summary.format == .delimited(delimiter: UInt8(ascii: ";"), unicode: false))
    }
}
