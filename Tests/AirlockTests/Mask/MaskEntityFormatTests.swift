import AirlockKit
import AirlockMask
import Foundation
import Testing

/// `airlock mask` on F&O entity files in XML (XML-Element, XML-Attribute) and Excel form (docs/mask.md): each file
/// masked in its own format, to the values the CSV form of the same export is masked to; nothing of a masked column's
/// clear values left in any entry, the workbook's own parts included; `inspect` and `validate` say of the masked
/// export what they say of the clear one.
@Suite struct MaskEntityFormatTests {
    static let dialects: [FODialectWriter.Dialect] = [.xmlElement, .xmlAttribute, .excel]

    static func key() throws -> MaskKey { try MaskKey(bytes: Array("a secret long enough for a test".utf8), source: "test") }

    /// Masks the F&O export at `path` into `out`; the masked export's path.
    @discardableResult
    static func mask(_ path: String, out: String) throws -> String {
        let options = MaskingOptions(foPath: path, salesPath: nil, outputDirectory: out)
        _ = try Masker.run(options, key: key(), catalog: SchemaCatalogLoader.bundled())
        return out + "/" + RunLayout.foExport
    }

    /// A value of a table, an absent one (an XML file leaves a null value out) read as empty.
    static func value(_ table: Table, _ row: Int, _ column: String) -> String {
        table.value(row: row, column: column) ?? ""
    }

    @Test(arguments: dialects)
    func anEntityFileIsMaskedInItsOwnFormatToTheValuesOfItsCSVForm(_ dialect: FODialectWriter.Dialect) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-format")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clear = folder + "/clear.zip"
        try FODialectWriter.write(export: ConvertFixture.sampleFO, output: clear, dialect: dialect)
        let masked = try Self.mask(clear, out: folder + "/masked")
        let csvMasked = try Self.mask(ConvertFixture.sampleFO, out: folder + "/csv")

        // The same entries, each file in its format under its name; the same entities, columns and record counts.
        let clearSource = try openPackageSource(path: clear)
        let maskedSource = try openPackageSource(path: masked)
        #expect(clearSource.members.map(\.name).sorted() == maskedSource.members.map(\.name).sorted())
        let clearReader = try FOPackageReader(source: clearSource)
        let maskedReader = try FOPackageReader(source: maskedSource)
        #expect(maskedReader.manifest == clearReader.manifest)
        for line in clearReader.manifest.entities {
            let before = try clearReader.summarize(line)
            let after = try maskedReader.summarize(line)
            #expect(after.format == before.format && after.format.name == line.sourceFormat, "\(line.entityName)")
            #expect(after.columns == before.columns && after.records == before.records, "\(line.entityName)")
            #expect(after.warnings == before.warnings, "\(line.entityName)")
        }

        let catalog = try SchemaCatalogLoader.bundled()
        let policy = try MaskPolicy.load(overlay: nil, catalog: catalog)
        let clearTables = try ConvertFixture.foTables(clear)
        let maskedTables = try ConvertFixture.foTables(masked)
        let csvClearTables = try ConvertFixture.foTables(ConvertFixture.sampleFO)
        let csvMaskedTables = try ConvertFixture.foTables(csvMasked)
        var changed = 0
        for (entity, clearTable) in clearTables.sorted(by: { $0.key < $1.key }) {
            let maskedTable = try #require(maskedTables[entity])
            let csvClear = try #require(csvClearTables[entity])
            let csvMaskedTable = try #require(csvMaskedTables[entity])
            #expect(maskedTable.columnNames == clearTable.columnNames && maskedTable.rowCount == clearTable.rowCount, "\(entity)")
            for column in clearTable.columnNames {
                let isMasked = policy.method(side: "fo", entity: entity, column: column, catalog: catalog) != nil
                for row in 0..<clearTable.rowCount {
                    let before = Self.value(clearTable, row, column)
                    let after = Self.value(maskedTable, row, column)
                    // The dialect holds the CSV export's values; masked, it holds the CSV form's masked values.
                    #expect(before == Self.value(csvClear, row, column), "\(entity) row \(row) \(column)")
                    #expect(after == Self.value(csvMaskedTable, row, column), "\(entity) row \(row) \(column)")
                    if !isMasked {
                        #expect(after == before, "\(entity) row \(row) \(column): a clear column changed")
                        // An absent value stays absent, a present one present.
                        #expect((maskedTable.value(row: row, column: column) == nil) == (clearTable.value(row: row, column: column) == nil))
                    } else if Self.value(csvMaskedTable, row, column) != before {
                        #expect(after != before, "\(entity) row \(row) \(column)")
                        changed += 1
                    }
                }
            }
        }
        #expect(changed > 100, "\(changed) values masked")

        // inspect and validate say the same of both.
        try MaskedPairAgreementTests.expectAlike(clear: clear, masked: masked, validate: ["--self-contained"])
    }

    /// Every entry of the package at `path` as text, a workbook's parts one by one (`entry!part`).
    static func entries(_ path: String) throws -> [(name: String, text: String)] {
        var result: [(String, String)] = []
        let source = try openPackageSource(path: path)
        for member in source.members {
            if member.name.hasSuffix(".xlsx") {
                let workbook = try ZipArchiveReader(bytes: source.open(member.name).readAll(), name: member.name)
                for entry in workbook.entries where !entry.name.hasSuffix("/") {
                    result.append(
                        (member.name + "!" + entry.name, String(decoding: try workbook.open(entry.name).readAll(), as: UTF8.self)))
                }
            } else {
                let bytes = try TextDecodingStream(source.open(member.name), location: SourceLocation(file: member.name)).readAll()
                result.append((member.name, String(decoding: bytes, as: UTF8.self)))
            }
        }
        return result
    }

    /// `text` with XML's predefined entities and the character references a writer uses read back.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&#xD;", with: "\r").replacingOccurrences(of: "&#xA;", with: "\n")
            .replacingOccurrences(of: "&#x9;", with: "\t").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: dialects)
    func noClearValueOfAMaskedColumnIsLeftInAnyEntryOrPart(_ dialect: FODialectWriter.Dialect) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-format-leak")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clear = folder + "/clear.zip"
        try FODialectWriter.write(export: ConvertFixture.sampleFO, output: clear, dialect: dialect)
        let masked = try Self.mask(clear, out: folder + "/masked")
        let catalog = try SchemaCatalogLoader.bundled()
        let policy = try MaskPolicy.load(overlay: nil, catalog: catalog)
        // Every clear value (4 characters or more) of every masked column; a value a clear column holds too is no leak.
        var clearValues: Set<String> = []
        var otherValues: Set<String> = []
        for (entity, table) in try ConvertFixture.foTables(clear) {
            for (index, column) in table.columnNames.enumerated() {
                let isMasked = policy.method(side: "fo", entity: entity, column: column, catalog: catalog) != nil
                for row in 0..<table.rowCount {
                    guard let value = table.value(row: row, column: index), value.count >= 4 else { continue }
                    if isMasked { clearValues.insert(value) } else { otherValues.insert(value) }
                }
            }
        }
        clearValues.subtract(otherValues)
        #expect(clearValues.count > 100)
        let entries = try Self.entries(masked)
        if dialect == .excel {
            // The workbook made anew: its own parts, no shared strings.
            let parts = Set(entries.map(\.name).filter { $0.hasPrefix("Customers V2.xlsx!") })
            #expect(
                parts
                    == Set(
                        [
                            "[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                            "xl/worksheets/sheet1.xml", "xl/styles.xml",
                        ].map { "Customers V2.xlsx!" + $0 }), "\(parts.sorted())")
        }
        for (name, text) in entries {
            let readable = Self.unescaped(text)
            for value in clearValues where MaskerTests.holds(readable, value) {
                Issue.record("\(name) holds the clear value '\(value)'")
            }
        }
    }

    // MARK: Files made by hand: escaping, absent values, names, cell kinds

    /// An F&O export of one Customers V2 file `member` in `format` holding `bytes`.
    static func export(_ path: String, member: String, format: String, sheet: String? = nil, bytes: [UInt8]) throws -> String {
        let sample = try FOPackageReader(source: openPackageSource(path: ConvertFixture.sampleFO))
        var line = FOManifestLineBuilder.line(
            label: "Customers V2", technicalName: nil,
            columns: ["CUSTOMERACCOUNT", "ORGANIZATIONNAME", "ADDRESSCITY", "CREDITLIMIT", "ISEXTERNALLYMAINTAINED"], sourceFormat: format)
        line.inputFilePath = member
        if let sheet { line.excelSheetName = sheet }
        var manifest = sample.manifest
        manifest.entities = [line]
        return try ZipFixture.make(
            path,
            entries: [
                member: bytes, "Manifest.xml": FOManifestWriter.manifestBytes(manifest),
                "PackageHeader.xml": FOManifestWriter.headerBytes(sample.header),
            ])
    }

    /// The one entity's table of the export at `path`.
    static func customers(_ path: String) throws -> Table {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        return try reader.readEntity(try #require(reader.manifest.entities.first)).table
    }

    /// The text of `member` (a workbook's part `member!part`) in the export at `path`.
    static func text(_ path: String, _ member: String) throws -> String {
        try #require(try entries(path).first { $0.name == member }, "\(member)").text
    }

    @Test(arguments: [false, true])
    func anXMLFileKeepsItsNamesItsLayoutAndItsAbsentValuesAndEscapesWhatItMust(_ attributes: Bool) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-xml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A city (left clear) with every character XML escapes, a tab and a line break; a name (masked) with them too.
        let city = "Tom & \"Jerry\" <x> 'q'\tend\r\nnext > line\nlast"
        let records: [[(String, String)]] = [
            [("CUSTOMERACCOUNT", "C-1"), ("ORGANIZATIONNAME", "Fabrikam & Sons <Ltd>"), ("ADDRESSCITY", city), ("CREDITLIMIT", "")],
            [("CUSTOMERACCOUNT", "C-2"), ("ORGANIZATIONNAME", "Northwind \"Traders\"")],  // no city, no credit limit
            [("CUSTOMERACCOUNT", "C-3"), ("ADDRESSCITY", "Redmond")],  // no name
        ]
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "\r", with: "&#xD;")
                .replacingOccurrences(of: "\n", with: "&#xA;").replacingOccurrences(of: "\t", with: "&#x9;")
        }
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Data>\n"
        for record in records {
            if attributes {
                xml += "  <CustCustomerV2Entity" + record.map { " \($0.0)=\"\(escaped($0.1))\"" }.joined() + "/>\n"
            } else {
                xml +=
                    "  <CustCustomerV2Entity>" + record.map { "<\($0.0)>\(escaped($0.1))</\($0.0)>" }.joined() + "</CustCustomerV2Entity>\n"
            }
        }
        xml += "</Data>\n"
        let format = attributes ? "XML-Attribute" : "XML-Element"
        let clear = try Self.export(folder + "/clear.zip", member: "Customers V2.xml", format: format, bytes: Array(xml.utf8))
        let masked = try Self.mask(clear, out: folder + "/masked")

        let before = try Self.customers(clear)
        let after = try Self.customers(masked)
        #expect(before.value(row: 0, column: "ADDRESSCITY") == city)
        #expect(after.columnNames == before.columnNames && after.rowCount == 3)
        for row in 0..<3 {
            for column in ["CUSTOMERACCOUNT", "ADDRESSCITY", "CREDITLIMIT"] {
                #expect(after.value(row: row, column: column) == before.value(row: row, column: column), "row \(row) \(column)")
            }
            // A name the record had is masked; one it did not have is still not there.
            let name = before.value(row: row, column: "ORGANIZATIONNAME")
            #expect((after.value(row: row, column: "ORGANIZATIONNAME") == nil) == (name == nil), "row \(row)")
            if let name { #expect(after.value(row: row, column: "ORGANIZATIONNAME") != name) }
        }
        // The root and the records' element as they were named, the layout as it was, UTF-8.
        let written = try Self.text(masked, "Customers V2.xml")
        #expect(written.hasPrefix("<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<Data>\r\n"), "\(written)")
        #expect(written.hasSuffix("</Data>\r\n"))
        #expect(written.components(separatedBy: "<CustCustomerV2Entity").count == 4)
        #expect(
            written.contains(
                attributes
                    ? "<CustCustomerV2Entity CUSTOMERACCOUNT=\"C-2\"" : "<CustCustomerV2Entity><CUSTOMERACCOUNT>C-2</CUSTOMERACCOUNT>"))
        #expect(!written.contains("Fabrikam") && !written.contains("Northwind"))
        let clearSummary = try FOPackageReader(source: openPackageSource(path: clear)).summarize(
            FOPackageReader(source: openPackageSource(path: clear)).manifest.entities[0])
        let maskedReader = try FOPackageReader(source: openPackageSource(path: masked))
        let maskedSummary = try maskedReader.summarize(maskedReader.manifest.entities[0])
        #expect(maskedSummary.format == clearSummary.format && maskedSummary.warnings == clearSummary.warnings)
        #expect(maskedSummary.warnings.contains("the root element is Data, not Document"))
    }

    @Test func aWorkbookKeepsItsSheetItsCellKindsAndItsStylesAndNoSharedStringOfAMaskedCell() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-workbook")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        // Shared strings as Excel writes them: the name of a masked column shared by two records, a city shared
        // by two records of a clear column.
        let strings = [
            "CUSTOMERACCOUNT", "ORGANIZATIONNAME", "ADDRESSCITY", "CREDITLIMIT", "ISEXTERNALLYMAINTAINED",
            "Wingtip Toys & Co", "Redmond", "C-1", "C-2", "C-3",
        ]
        let shared =
            "<sst xmlns=\"\(main)\" count=\"\(strings.count)\" uniqueCount=\"\(strings.count)\">"
            + strings.map { "<si><t>\($0.replacingOccurrences(of: "&", with: "&amp;"))</t></si>" }.joined() + "</sst>"
        func s(_ reference: String, _ index: Int) -> String { "<c r=\"\(reference)\" t=\"s\"><v>\(index)</v></c>" }
        let sheet =
            "<worksheet xmlns=\"\(main)\"><sheetData>"
            + "<row r=\"1\">" + (0..<5).map { s(["A", "B", "C", "D", "E"][$0] + "1", $0) }.joined() + "</row>"
            // A number with a style, a boolean.
            + "<row r=\"2\">\(s("A2", 7))\(s("B2", 5))\(s("C2", 6))<c r=\"D2\" s=\"1\"><v>6000.5</v></c><c r=\"E2\" t=\"b\"><v>1</v></c></row>"
            // No city cell, no credit limit cell; an inline string.
            + "<row r=\"3\">\(s("A3", 8))\(s("B3", 5))<c r=\"E3\" t=\"inlineStr\"><is><t>No</t></is></c></row>"
            // A row after an empty one, a styled number.
            + "<row r=\"5\">\(s("A5", 9))<c r=\"B5\" t=\"inlineStr\"><is><t>Contoso Pharmaceuticals</t></is></c>\(s("C5", 6))<c r=\"D5\" s=\"1\"><v>12</v></c></row>"
            + "</sheetData></worksheet>"
        let styles =
            "<styleSheet xmlns=\"\(main)\"><fonts count=\"1\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>"
            + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
            + "<borders count=\"1\"><border/></borders><cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
            + "<cellXfs count=\"2\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/><xf numFmtId=\"4\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\" applyNumberFormat=\"1\"/></cellXfs></styleSheet>"
        let workbook =
            "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\"><sheets><sheet name=\"Notes\" sheetId=\"1\" r:id=\"rId2\"/>"
            + "<sheet name=\"Customers &amp; more\" sheetId=\"2\" r:id=\"rId1\"/></sheets></workbook>"
        let rels =
            "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + "<Relationship Id=\"rId1\" Type=\"\(relationships)/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
            + "<Relationship Id=\"rId2\" Type=\"\(relationships)/worksheet\" Target=\"worksheets/sheet2.xml\"/>"
            + "<Relationship Id=\"rId3\" Type=\"\(relationships)/styles\" Target=\"styles.xml\"/>"
            + "<Relationship Id=\"rId4\" Type=\"\(relationships)/sharedStrings\" Target=\"sharedStrings.xml\"/></Relationships>"
        let contentTypes =
            "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
            + "<Default Extension=\"xml\" ContentType=\"application/xml\"/></Types>"
        // Another sheet and the document's properties name the customer too.
        let notes = "<worksheet xmlns=\"\(main)\"><sheetData><row r=\"1\"><c r=\"A1\" t=\"s\"><v>5</v></c></row></sheetData></worksheet>"
        let book = try ZipFixture.make(
            folder + "/book.xlsx",
            entries: [
                "[Content_Types].xml": Array(contentTypes.utf8), "xl/workbook.xml": Array(workbook.utf8),
                "xl/_rels/workbook.xml.rels": Array(rels.utf8), "xl/worksheets/sheet1.xml": Array(sheet.utf8),
                "xl/worksheets/sheet2.xml": Array(notes.utf8), "xl/sharedStrings.xml": Array(shared.utf8),
                "xl/styles.xml": Array(styles.utf8),
                "docProps/core.xml": Array("<coreProperties><title>Wingtip Toys &amp; Co</title></coreProperties>".utf8),
            ])
        let clear = try Self.export(
            folder + "/clear.zip", member: "Customers V2.xlsx", format: "EXCEL", sheet: "Customers & more$",
            bytes: Array(try Data(contentsOf: URL(fileURLWithPath: book))))
        let masked = try Self.mask(clear, out: folder + "/masked")

        let before = try Self.customers(clear)
        let after = try Self.customers(masked)
        #expect(before.rowCount == 3 && before.value(row: 0, column: "ORGANIZATIONNAME") == "Wingtip Toys & Co")
        #expect(after.columnNames == before.columnNames && after.rowCount == before.rowCount)
        for row in 0..<before.rowCount {
            for column in ["CUSTOMERACCOUNT", "ADDRESSCITY", "CREDITLIMIT", "ISEXTERNALLYMAINTAINED"] {
                #expect(after.value(row: row, column: column) == before.value(row: row, column: column), "row \(row) \(column)")
            }
            #expect(after.value(row: row, column: "ORGANIZATIONNAME") != before.value(row: row, column: "ORGANIZATIONNAME"), "row \(row)")
        }
        #expect(after.value(row: 0, column: "ORGANIZATIONNAME") == after.value(row: 1, column: "ORGANIZATIONNAME"))

        // A workbook of its own: the sheet as it was named, inline strings, the cells' kinds and styles kept, the
        // style sheet as it was; no shared strings, no other sheet, no properties, nowhere the clear names.
        let parts = try Self.entries(masked).filter { $0.name.hasPrefix("Customers V2.xlsx!") }
        #expect(
            Set(parts.map { $0.name })
                == Set(
                    [
                        "[Content_Types].xml", "_rels/.rels", "xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/worksheets/sheet1.xml",
                        "xl/styles.xml",
                    ].map { "Customers V2.xlsx!" + $0 }))
        for (name, text) in parts {
            #expect(!Self.unescaped(text).contains("Wingtip") && !text.contains("Contoso"), "\(name)")
        }
        let written = try Self.text(masked, "Customers V2.xlsx!xl/worksheets/sheet1.xml")
        #expect(try Self.text(masked, "Customers V2.xlsx!xl/styles.xml") == styles)
        #expect(try Self.text(masked, "Customers V2.xlsx!xl/workbook.xml").contains("<sheet name=\"Customers &amp; more\""))
        #expect(written.contains("<c r=\"C2\" t=\"inlineStr\"><is><t xml:space=\"preserve\">Redmond</t></is></c>"), "\(written)")
        #expect(written.contains("<c r=\"D2\" s=\"1\"><v>6000.5</v></c><c r=\"E2\" t=\"b\"><v>1</v></c></row>"), "\(written)")
        #expect(written.contains("<row r=\"3\"><c r=\"A3\" t=\"inlineStr\"><is><t xml:space=\"preserve\">C-2</t></is></c><c r=\"B3\""))
        #expect(written.contains("<c r=\"E3\" t=\"inlineStr\"><is><t xml:space=\"preserve\">No</t></is></c></row>"), "\(written)")
        #expect(written.contains("<c r=\"D4\" s=\"1\"><v>12</v></c></row>"), "\(written)")
        #expect(!written.contains("t=\"s\""))
    }
}
