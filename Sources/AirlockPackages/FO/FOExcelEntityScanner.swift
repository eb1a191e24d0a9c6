import AirlockIO
import AirlockModel

/// Reads an F&O `EXCEL` entity file (an .xlsx workbook): the sheet named by the manifest's `ExcelSheetName`
/// (else the first sheet), row 1 as column names, each later non-empty row as a record.
///
/// Cell text comes from shared strings, inline strings or the stored value as written (numbers and dates are
/// not reformatted: a date cell yields Excel's serial number). The workbook is held in memory while read,
/// since a zip inside a zip cannot be streamed by entry; its size is bounded by `maxWorkbookBytes` and its
/// parts by `workbookLimits`.
struct FOExcelEntityScanner {
    let location: SourceLocation
    /// What the records count as in the progress lines.
    var countsAs: RecordTally.Kind = .read
    /// Largest workbook file accepted (F&O's Excel exports stop at about a million rows, far below this).
    var maxWorkbookBytes = 256 << 20
    /// Limits on the workbook's own parts: shared strings are held in memory while the sheet is read.
    var workbookLimits = ZipLimits(maxEntrySize: 512 << 20, maxTotalSize: 1 << 30)
    /// Largest style sheet handed to a consumer that asks for it (a workbook's styles take kilobytes).
    var maxStylesBytes = 64 << 20

    func scan<Consumer: FORecordConsumer>(_ stream: ByteStream, sheetName: String?, into consumer: inout Consumer) throws
        -> FOEntityFileSummary
    {
        let bytes = try AirlockError.locating(location) { try stream.readAll(limit: maxWorkbookBytes) }
        let workbook = try AirlockError.locating(location) {
            try ZipArchiveReader(bytes: bytes, name: location.entry ?? "workbook.xlsx", limits: workbookLimits)
        }
        let inner = { (name: String) in SourceLocation(file: location.file, entry: "\(location.entry ?? "workbook")!\(name)") }
        let sheet = try AirlockError.locating(location) { try self.sheet(in: workbook, sheetName: sheetName, inner: inner) }
        let sheetPath = sheet.path
        try consumer.beginSheet(named: sheet.name) {
            let name = "xl/styles.xml"
            guard workbook.contains(name) else { return nil }
            return try AirlockError.locating(inner(name)) { try workbook.open(name).readAll(limit: maxStylesBytes) }
        }
        let sharedStrings =
            try workbook.contains("xl/sharedStrings.xml")
            ? readSharedStrings(workbook.open("xl/sharedStrings.xml"), location: inner("xl/sharedStrings.xml")) : []
        var summary = FOEntityFileSummary(member: location.entry ?? "", format: .excel, encoding: nil, columns: [], records: 0)
        let reader = try XMLStreamReader(workbook.open(sheetPath), location: inner(sheetPath))
        var header: [Int: String] = [:]
        var columnSlots: [Int: Int] = [:]
        var sawHeader = false
        var ignoredCells = false
        while let kind = try reader.next() {
            guard kind == .startElement, reader.hasName("row") else { continue }
            let line = reader.line
            let cells = try readRow(reader, sharedStrings: sharedStrings)
            if cells.allSatisfy({ $0.value.text.isEmpty }) { continue }
            if !sawHeader {
                sawHeader = true
                for (column, name) in cells.mapValues(\.text).sorted(by: { $0.key < $1.key }) where !name.isEmpty {
                    header[column] = name
                    columnSlots[column] = summary.columns.count
                    try consumer.addColumn(name, at: summary.columns.count)
                    summary.columns.append(name)
                }
                continue
            }
            var flat: [UInt8] = []
            var slots = [Range<Int>?](repeating: nil, count: summary.columns.count)
            var forms = [FOExcelCellForm?](repeating: nil, count: summary.columns.count)
            for (column, cell) in cells {
                guard let slot = columnSlots[column] else {
                    if !cell.text.isEmpty { ignoredCells = true }
                    continue
                }
                let start = flat.count
                flat.append(contentsOf: cell.text.utf8)
                slots[slot] = start..<flat.count
                forms[slot] = cell.form
            }
            for slot in slots.indices where slots[slot] == nil { slots[slot] = flat.count..<flat.count }
            try flat.withUnsafeBytes { raw in
                try consumer.consume(FOExcelRecordView(bytes: raw, slots: slots, forms: forms), line: line)
            }
            summary.records += 1
            RecordProgress.add(1, as: countsAs)
        }
        if ignoredCells {
            summary.warnings.append("cells in columns without a header name were ignored")
        }
        return summary
    }

    /// The worksheet part for `sheetName` (a trailing `$` as F&O writes it is ignored; matched as Excel does, on
    /// the first 31 characters and without case, when no sheet has the name exactly), else the first sheet; and the
    /// sheet's name in the workbook.
    private func sheet(in workbook: ZipArchiveReader, sheetName: String?, inner: (String) -> SourceLocation) throws -> (
        path: String, name: String
    ) {
        guard workbook.contains("xl/workbook.xml") else {
            throw AirlockError(.malformedXML, "the Excel file has no xl/workbook.xml (is it an .xlsx workbook?)")
        }
        let book = try XMLElementNode.parse(workbook.open("xl/workbook.xml"), location: inner("xl/workbook.xml"))
        let sheets = book.child("sheets")?.children.filter { $0.name == "sheet" } ?? []
        guard let first = sheets.first else {
            throw AirlockError(.malformedXML, "the workbook has no sheets", at: inner("xl/workbook.xml"))
        }
        var wanted = (sheetName ?? "").trimmingASCIIWhitespace()
        if wanted.hasSuffix("$") { wanted.removeLast() }
        // Excel keeps at most 31 characters of a sheet name and compares names without case: the manifest may
        // name the whole label, or the cut name, in another case.
        let key = String(wanted.prefix(31)).lowercased()
        let chosen =
            sheets.first { !wanted.isEmpty && $0.attribute("name") == wanted }
            ?? sheets.first { !key.isEmpty && $0.attribute("name").map { String($0.prefix(31)).lowercased() } == key } ?? first
        guard let relationship = chosen.attribute("id") else {
            throw AirlockError(.malformedXML, "sheet \(chosen.attribute("name") ?? "?") has no r:id", at: inner("xl/workbook.xml"))
        }
        let relsName = "xl/_rels/workbook.xml.rels"
        guard workbook.contains(relsName) else {
            throw AirlockError(.malformedXML, "the workbook has no \(relsName)")
        }
        let rels = try XMLElementNode.parse(workbook.open(relsName), location: inner(relsName))
        guard let target = rels.children.first(where: { $0.attribute("Id") == relationship })?.attribute("Target") else {
            throw AirlockError(.malformedXML, "relationship \(relationship) of the sheet is not in \(relsName)", at: inner(relsName))
        }
        let path = target.hasPrefix("/") ? String(target.dropFirst()) : "xl/" + target
        guard workbook.contains(path) else {
            throw AirlockError(.malformedXML, "the worksheet part \(path) is missing from the workbook")
        }
        return (path, chosen.attribute("name") ?? "")
    }

    private func readSharedStrings(_ stream: ByteStream, location: SourceLocation) throws -> [String] {
        let reader = try XMLStreamReader(stream, location: location)
        var strings: [String] = []
        while let kind = try reader.next() {
            guard kind == .startElement, reader.hasName("si") else { continue }
            strings.append(try richText(reader))
        }
        return strings
    }

    /// On `<si>` or `<is>`: the text of its `<t>` runs, phonetic runs (`<rPh>`) left out.
    private func richText(_ reader: XMLStreamReader) throws -> String {
        if reader.isEmptyElement {
            _ = try reader.next()
            return ""
        }
        let depth = reader.depth
        var text = ""
        while let kind = try reader.next() {
            if kind == .endElement && reader.depth == depth { break }
            guard kind == .startElement else { continue }
            if reader.hasName("rPh") {
                try reader.skipElement()
            } else if reader.hasName("t") {
                text += try reader.readElementText()
            }
        }
        return text
    }

    /// On `<row>`: its cells' text and form by 0-based column index.
    private func readRow(_ reader: XMLStreamReader, sharedStrings: [String]) throws -> [Int: (text: String, form: FOExcelCellForm)] {
        var cells: [Int: (text: String, form: FOExcelCellForm)] = [:]
        if reader.isEmptyElement {
            _ = try reader.next()
            return cells
        }
        let depth = reader.depth
        var nextColumn = 0
        while let kind = try reader.next() {
            if kind == .endElement && reader.depth == depth { break }
            guard kind == .startElement, reader.hasName("c") else { continue }
            let column = reader.attribute("r").flatMap(Self.columnIndex) ?? nextColumn
            nextColumn = column + 1
            let type = reader.attribute("t") ?? "n"
            let form = FOExcelCellForm(kind: FOExcelCellKind(type: type), style: reader.attribute("s").flatMap { Int($0) })
            var raw: String?
            var inline: String?
            if !reader.isEmptyElement {
                let cellDepth = reader.depth
                while let inner = try reader.next() {
                    if inner == .endElement && reader.depth == cellDepth { break }
                    guard inner == .startElement else { continue }
                    if reader.hasName("v") {
                        raw = try reader.readElementText()
                    } else if reader.hasName("is") {
                        inline = try richText(reader)
                    } else {
                        try reader.skipElement()
                    }
                }
            } else {
                _ = try reader.next()
            }
            let text: String
            switch type {
            case "s":
                guard let raw, let index = Int(raw.trimmingASCIIWhitespace()), sharedStrings.indices.contains(index) else {
                    throw reader.error("a cell refers to shared string \(raw ?? "(none)"), which the workbook does not have")
                }
                text = sharedStrings[index]
            case "inlineStr":
                text = inline ?? raw ?? ""
            case "b":
                text = raw == "1" ? "Yes" : raw == "0" ? "No" : raw ?? ""
            default:
                text = raw ?? inline ?? ""
            }
            cells[column] = (text, form)
        }
        return cells
    }

    /// `B12` → 1.
    static func columnIndex(_ reference: String) -> Int? {
        var value = 0
        var letters = 0
        for scalar in reference.unicodeScalars {
            guard scalar.value >= 65 && scalar.value <= 90 else { break }
            value = value * 26 + Int(scalar.value - 64)
            letters += 1
        }
        return letters == 0 ? nil : value - 1
    }
}
