import AirlockKit
import Foundation

/// Writes the same F&O export in the shapes real exports take: another file format or encoding, other line
/// ends, columns in another order and case, an extra column.
enum FODialectWriter {
    enum Dialect: String, CaseIterable, Sendable, CustomStringConvertible {
        case csvUnicode = "CSV-Unicode"
        case csvUTF8WithoutBOM = "CSV UTF-8 without BOM"
        case lineFeeds = "CSV with LF line ends"
        case xmlElement = "XML-Element"
        case xmlAttribute = "XML-Attribute"
        case excel = "EXCEL (a workbook, the sheet name cut to 31 characters)"
        case reorderedLowerCase = "columns reversed, in lower case"
        case extraColumn = "an extra column the manifest maps"
        case unmappedColumn = "an extra column the manifest does not map"
        case germanLocale = "de-DE: decimal commas, dd.MM.yyyy dates"
        case decimalCommaISODates = "decimal commas, ISO 8601 dates"

        /// The data project's locale the dialect is written in, when it is not F&O's default (validate and
        /// convert learn it from the values, or are given it with `--fo-locale`).
        var locale: FOLocale? { self == .germanLocale || self == .decimalCommaISODates ? .deDE : nil }

        var description: String { rawValue }
    }

    /// Copies `export` to `output` with every entity file written in `dialect`.
    static func write(export: String, output: String, dialect: Dialect) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        let catalog = try SchemaCatalogLoader.bundled()
        var lines: [FOManifestEntity] = []
        var members: [String: [UInt8]] = [:]
        for line in reader.manifest.entities {
            var table = try reader.readEntity(line).table
            var columns = table.columnNames
            switch dialect {
            case .reorderedLowerCase:
                columns.reverse()
                table = try Self.table(table, columns: columns)
            case .extraColumn, .unmappedColumn:
                columns.append("ZZEXTRANOTE")
                var extended = Table(name: table.name, columnNames: columns)
                for row in 0..<table.rowCount { try extended.appendRow(table.row(row) + ["note \(row)"]) }
                table = extended
            case .germanLocale, .decimalCommaISODates:
                let entity = catalog.foEntity(named: line.entityName)
                var german = Table(name: table.name, columnNames: columns)
                for row in 0..<table.rowCount {
                    try german.appendRow(
                        table.row(row).enumerated().map { column, value in
                            guard let value, let type = entity?.field(named: columns[column])?.type else { return value }
                            switch type {
                            case .real: return value.replacingOccurrences(of: ".", with: ",")
                            case .date, .datetime: return FOExportRewriter.date(value, as: dialect == .germanLocale ? .deDE : nil)
                            default: return value
                            }
                        })
                }
                table = german
            default:
                break
            }
            let format: String
            switch dialect {
            case .csvUnicode: format = "CSV-Unicode"
            case .xmlElement: format = "XML-Element"
            case .xmlAttribute: format = "XML-Attribute"
            case .excel: format = "EXCEL"
            default: format = "CSV"
            }
            let fileName = line.entityName + (format.hasPrefix("XML") ? ".xml" : format == "EXCEL" ? ".xlsx" : ".csv")
            var written = FOManifestLineBuilder.line(
                label: line.entityName, technicalName: line.targetEntity, columns: columns, sourceFormat: format)
            written.inputFilePath = fileName
            if dialect == .excel { written.excelSheetName = line.entityName + "$" }
            if dialect == .unmappedColumn { written.entityMap?.removeAll { $0.entityField == "ZZEXTRANOTE" } }
            if dialect == .reorderedLowerCase {
                for index in written.entityMap?.indices ?? [].indices { written.entityMap?[index].xmlField = columns[index].lowercased() }
            }
            lines.append(written)
            switch dialect {
            case .xmlElement, .xmlAttribute:
                members[fileName] = Self.xml(
                    table, element: (line.targetEntity ?? "RECORD").uppercased(), attributes: dialect == .xmlAttribute)
            case .excel:
                members[fileName] = try Self.workbook(table, sheet: String(line.entityName.prefix(31)))
            default:
                let encoding: TextEncoding = dialect == .csvUnicode ? .utf16LE : dialect == .csvUTF8WithoutBOM ? .utf8 : .utf8BOM
                let csvDialect = dialect == .lineFeeds ? CSVDialect(lineEnding: [0x0A]) : .standard
                let sink = MemoryByteSink()
                try FOPackageWriter.writeCSV(FOEntityFile(entity: written, table: table, encoding: encoding, dialect: csvDialect), to: sink)
                members[fileName] = sink.bytes
            }
        }
        var manifest = reader.manifest
        manifest.entities = lines
        members["Manifest.xml"] = FOManifestWriter.manifestBytes(manifest)
        members["PackageHeader.xml"] = FOManifestWriter.headerBytes(reader.header)
        _ = try ZipFixture.make(output, entries: members)
    }

    private static func table(_ table: Table, columns: [String]) throws -> Table {
        var result = Table(name: table.name, columnNames: columns)
        let positions = columns.map { table.columnIndex(named: $0) ?? 0 }
        for row in 0..<table.rowCount { try result.appendRow(positions.map { table.value(row: row, column: $0) }) }
        return result
    }

    /// The table as a workbook of one sheet named `sheet`: row 1 the column names, every value an inline string
    /// (as F&O writes text), null values left out.
    private static func workbook(_ table: Table, sheet: String) throws -> [UInt8] {
        func cell(_ column: Int, _ row: Int, _ text: String) -> String {
            var letters = ""
            var index = column + 1
            while index > 0 {
                letters = String(UnicodeScalar(UInt8(65 + (index - 1) % 26))) + letters
                index = (index - 1) / 26
            }
            return "<c r=\"\(letters)\(row)\" t=\"inlineStr\"><is><t xml:space=\"preserve\">\(escape(text))</t></is></c>"
        }
        let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
        var sheetXML = "<worksheet xmlns=\"\(main)\"><sheetData>"
        sheetXML += "<row r=\"1\">" + table.columnNames.enumerated().map { cell($0.offset, 1, $0.element) }.joined() + "</row>"
        for row in 0..<table.rowCount {
            let cells = table.columnNames.indices.compactMap { column in
                table.value(row: row, column: column).map { cell(column, row + 2, $0) }
            }
            sheetXML += "<row r=\"\(row + 2)\">" + cells.joined() + "</row>"
        }
        sheetXML += "</sheetData></worksheet>"
        let relationships = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
        let workbook =
            "<workbook xmlns=\"\(main)\" xmlns:r=\"\(relationships)\"><sheets><sheet name=\"\(escape(sheet))\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
        let rels =
            "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
            + "<Relationship Id=\"rId1\" Type=\"worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
        let path = try Fixture.scratchDirectory("airlock-workbook") + "/book.xlsx"
        try ZipFixture.make(
            path,
            entries: [
                "[Content_Types].xml": Array("<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"/>".utf8),
                "xl/workbook.xml": Array(workbook.utf8), "xl/_rels/workbook.xml.rels": Array(rels.utf8),
                "xl/worksheets/sheet1.xml": Array(sheetXML.utf8),
            ])
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `text` escaped for XML content and attribute values (line ends as character references, so they survive).
    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\r", with: "&#xD;").replacingOccurrences(of: "\n", with: "&#xA;")
    }

    /// The table as an XML-Element or XML-Attribute file (null values left out).
    private static func xml(_ table: Table, element: String, attributes: Bool) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\r\n<Document>\r\n"
        for row in 0..<table.rowCount {
            let values = table.columnNames.indices.compactMap { column in
                table.value(row: row, column: column).map { (table.columnNames[column], $0) }
            }
            if attributes {
                text += "<\(element)" + values.map { " \($0.0)=\"\(escape($0.1))\"" }.joined() + " />\r\n"
            } else {
                text += "<\(element)>" + values.map { "<\($0.0)>\(escape($0.1))</\($0.0)>" }.joined() + "</\(element)>\r\n"
            }
        }
        return Array((text + "</Document>\r\n").utf8)
    }
}
