import AirlockIO
import AirlockModel

/// Writes a masked Excel entity file: a workbook of one sheet, streamed into the package's entry as the sheet is
/// written (a zip inside the zip, never held whole: the reader holds the input workbook, bounded by
/// `FOExcelEntityScanner.maxWorkbookBytes`; this side holds a record at a time).
///
/// The workbook is made anew, not copied: `[Content_Types].xml`, the relationships, `xl/workbook.xml` naming the sheet
/// as the input named it, the sheet (`MaskExcelRecordWriter`: text as inline strings) and the input's style sheet
/// (else a minimal one). Nothing else of the input is carried over: no shared-string table, other sheets, document
/// properties (an author's name) or cached values can hold a clear value.
enum MaskWorkbookWriter {
    /// The sheet's part.
    static let sheetPart = "xl/worksheets/sheet1.xml"

    /// Writes the workbook into `sink`; `sheet` streams the worksheet into the sink it is given and returns the sheet's
    /// name and the style sheet to keep.
    /// - Parameter location: the input entity file (file, entry, entity), which errors name.
    /// - Throws: `AirlockError` when the sheet's name cannot be written, the sink's or `sheet`'s errors.
    static func write(
        to sink: ByteSink, location: SourceLocation, sheet: (ByteSink) throws -> (name: String, styles: [UInt8]?)
    ) throws {
        let zip = try ZipArchiveWriter(sink: sink, name: location.entry ?? "workbook.xlsx")
        try zip.addEntry(name: "[Content_Types].xml", bytes: Array(contentTypes.utf8))
        try zip.addEntry(name: "_rels/.rels", bytes: Array(packageRelationships.utf8))
        var written: (name: String, styles: [UInt8]?) = ("", nil)
        try zip.addEntry(name: sheetPart) { written = try sheet($0) }
        let sheetName = written.name.isEmpty ? "Sheet1" : written.name
        guard let escapedName = MaskXMLText.escaped(sheetName, attribute: true) else {
            throw AirlockError(.invalidValue, "the sheet's name holds a character XML cannot carry", at: location)
        }
        try zip.addEntry(name: "xl/workbook.xml", bytes: Array(workbook(sheet: escapedName).utf8))
        try zip.addEntry(name: "xl/_rels/workbook.xml.rels", bytes: Array(workbookRelationships.utf8))
        try zip.addEntry(name: "xl/styles.xml", bytes: written.styles ?? Array(defaultStyles.utf8))
        try zip.finish()
    }

    private static let declaration = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n"
    private static let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationshipTypes = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

    static let contentTypes =
        declaration + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
        + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
        + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
        + "<Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/>"
        + "<Override PartName=\"/\(sheetPart)\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/>"
        + "<Override PartName=\"/xl/styles.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml\"/>"
        + "</Types>"

    static let packageRelationships =
        declaration + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
        + "<Relationship Id=\"rId1\" Type=\"\(relationshipTypes)/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>"

    static let workbookRelationships =
        declaration + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
        + "<Relationship Id=\"rId1\" Type=\"\(relationshipTypes)/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
        + "<Relationship Id=\"rId2\" Type=\"\(relationshipTypes)/styles\" Target=\"styles.xml\"/></Relationships>"

    /// The workbook part naming the one sheet `sheet` (escaped).
    static func workbook(sheet: String) -> String {
        declaration + "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationshipTypes)\">"
            + "<sheets><sheet name=\"\(sheet)\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
    }

    /// The style sheet of a workbook whose input had none: one font, the two fills Excel requires, one border, one
    /// cell format.
    static let defaultStyles =
        declaration + "<styleSheet xmlns=\"\(main)\">"
        + "<fonts count=\"1\"><font><sz val=\"11\"/><name val=\"Calibri\"/><family val=\"2\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        + "<cellXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/></cellXfs>"
        + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        + "</styleSheet>"
}
