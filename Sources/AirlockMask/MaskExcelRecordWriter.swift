import AirlockIO
import AirlockModel
import AirlockPackages

/// Writes the worksheet of a masked Excel entity file (`MaskWorkbookWriter` puts it in a workbook): row 1 the column
/// names, then a row per record, in the columns A, B, … of the file's columns.
///
/// Text is written as **inline strings**, never as shared strings: a shared-string table is shared across columns, so
/// it would have to be rebuilt from the masked values only, which needs every string of the sheet held until the
/// sheet ends; inline strings stream record by record and leave no table in which a clear value could survive. A
/// cell that was a number, a boolean, an error or an ISO date stays one, with its value as read; a masked value in a
/// number cell stays a number when it is one (a day of a date kept in parts), else becomes an inline string. Each
/// cell keeps its style index when the workbook's style sheet is kept (`styles`); a cell the row did not have is
/// left out unless masking gave it text.
final class MaskExcelRecordWriter: MaskRecordWriter {
    /// The sheet's name in the workbook read, which the written workbook gives it too.
    private(set) var sheetName = ""
    /// The workbook's style sheet as read (`xl/styles.xml`), nil when it had none.
    private(set) var styles: [UInt8]?
    private let out: BufferedByteWriter
    /// The input entity file, for errors (the line and field are added).
    private let location: SourceLocation
    private var names: [String] = []
    /// Each column's letters (`A`, …, `Z`, `AA`, …).
    private var letters: [[UInt8]] = []
    private var started = false
    /// The row being written (1 is the header).
    private var row = 1
    private var rowText: [UInt8] = []
    /// How each cell of the current record was written, by file column.
    private var forms: [FOExcelCellForm?] = []
    private var line = 0

    /// - Parameter location: the input entity file (file, entry, entity), which errors name.
    init(sink: ByteSink, location: SourceLocation) {
        self.out = BufferedByteWriter(sink: sink)
        self.location = location
    }

    func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws {
        sheetName = name
        self.styles = try styles()
    }

    func addColumn(_ name: String) throws {
        letters.append(Array(Self.columnLetters(names.count).utf8))
        names.append(name)
    }

    func beginRecord(_ record: some FORecordView, line: Int) throws {
        try start()
        self.line = line
        forms = (record as? FOExcelRecordView)?.forms ?? []
        row += 1
        rowText.removeAll(keepingCapacity: true)
        rowText.append(contentsOf: "<row r=\"\(row)\">".utf8)
    }

    func field(_ text: String?, at index: Int) throws {
        guard var text else { return }
        let form = index < forms.count ? forms[index] : nil
        if form == nil && text.isEmpty { return }
        let number = form?.kind == .number && Self.isNumber(text)
        try text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            if number {
                try cell(index, type: nil, style: form?.style, value: bytes)
            } else {
                try inlineCell(index, style: form?.style, bytes)
            }
        }
    }

    func field(bytes: UnsafeRawBufferPointer?, at index: Int) throws {
        guard let bytes else { return }
        let form = index < forms.count ? forms[index] : nil
        guard let form else {
            if !bytes.isEmpty { try inlineCell(index, style: nil, bytes) }
            return
        }
        switch form.kind {
        case .text: try inlineCell(index, style: form.style, bytes)
        case .number: try cell(index, type: nil, style: form.style, value: bytes)
        case .boolean:
            // The reader yields a boolean's 1 and 0 as Yes and No.
            let text = String(decoding: bytes, as: UTF8.self)
            var raw = text == "Yes" ? "1" : text == "No" ? "0" : text
            try raw.withUTF8 { try cell(index, type: "b", style: form.style, value: UnsafeRawBufferPointer($0)) }
        case .error: try cell(index, type: "e", style: form.style, value: bytes)
        case .date: try cell(index, type: "d", style: form.style, value: bytes)
        }
    }

    func endRecord() throws {
        rowText.append(contentsOf: "</row>".utf8)
        try out.write(contentsOf: rowText)
    }

    func finish() throws {
        try start()
        try out.write("</sheetData></worksheet>")
        try out.flush()
    }

    /// The sheet's start and its header row, once.
    private func start() throws {
        guard !started else { return }
        started = true
        try out.write(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\r\n"
                + "<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>")
        rowText.removeAll(keepingCapacity: true)
        rowText.append(contentsOf: "<row r=\"1\">".utf8)
        for index in names.indices {
            var name = names[index]
            try name.withUTF8 { try inlineCell(index, style: nil, UnsafeRawBufferPointer($0)) }
        }
        rowText.append(contentsOf: "</row>".utf8)
        try out.write(contentsOf: rowText)
    }

    /// `<c r="B5" s="3" t="inlineStr"><is><t xml:space="preserve">…</t></is></c>`.
    private func inlineCell(_ index: Int, style: Int?, _ text: UnsafeRawBufferPointer) throws {
        openCell(index, type: "inlineStr", style: style)
        rowText.append(contentsOf: "><is><t xml:space=\"preserve\">".utf8)
        try escape(text, column: index)
        rowText.append(contentsOf: "</t></is></c>".utf8)
    }

    /// `<c r="B5" s="3" t="b"><v>1</v></c>`, or `<c r="B5" s="3"/>` for an empty value (a cell with a style only).
    private func cell(_ index: Int, type: String?, style: Int?, value: UnsafeRawBufferPointer) throws {
        openCell(index, type: type, style: style)
        if value.isEmpty {
            rowText.append(contentsOf: "/>".utf8)
            return
        }
        rowText.append(contentsOf: "><v>".utf8)
        try escape(value, column: index)
        rowText.append(contentsOf: "</v></c>".utf8)
    }

    private func openCell(_ index: Int, type: String?, style: Int?) {
        rowText.append(contentsOf: "<c r=\"".utf8)
        rowText.append(contentsOf: letters[index])
        rowText.append(contentsOf: "\(row)\"".utf8)
        // A style index means something only with the style sheet it indexes.
        if let style, styles != nil { rowText.append(contentsOf: " s=\"\(style)\"".utf8) }
        if let type { rowText.append(contentsOf: " t=\"\(type)\"".utf8) }
    }

    private func escape(_ value: UnsafeRawBufferPointer, column index: Int) throws {
        guard let problem = MaskXMLText.append(value, attribute: false, to: &rowText) else { return }
        var place = location
        place.line = line
        place.field = names[index]
        throw AirlockError(.invalidValue, problem, at: place)
    }

    /// 0 → `A`, 25 → `Z`, 26 → `AA`.
    static func columnLetters(_ index: Int) -> String {
        var letters: [Character] = []
        var value = index + 1
        while value > 0 {
            let digit = (value - 1) % 26
            letters.insert(Character(Unicode.Scalar(UInt8(65 + digit))), at: 0)
            value = (value - 1) / 26
        }
        return String(letters)
    }

    /// Whether `text` is a number as a cell stores one: an optional `-`, digits, an optional fraction and exponent.
    static func isNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        guard digits() > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if let first = bytes.first, first == UInt8(ascii: "e") || first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
