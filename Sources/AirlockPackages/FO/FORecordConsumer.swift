import AirlockIO

/// One record as a reader streams it: values by file column index, valid only during the call that passes it.
public protocol FORecordView {
    /// Number of values the record supplies (for CSV the fields on the row).
    var count: Int { get }
    /// Calls `body` with the bytes of column `index`, nil when the record has no value there.
    func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R
}

/// Receives the records of an F&O entity file as a reader streams them.
///
/// Columns are file columns (CSV header text or XML names); XML files can reveal new columns as they go.
public protocol FORecordConsumer {
    /// The layout and encoding of a delimited file, told before its columns (XML and workbook files do not tell).
    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws
    /// The name of an XML entity file's root element (`Document`), told before its columns, for a consumer that
    /// writes the file again (each record's element and layout come with it: `FOXMLRecordView`).
    mutating func beginDocument(root: String) throws
    /// The worksheet an Excel entity file's records come from, told before its columns, for a consumer that writes
    /// the workbook again: the sheet's name in the workbook, and `styles`, which reads the workbook's style sheet
    /// (`xl/styles.xml`, nil when it has none) that the cells' style indexes name (`FOExcelRecordView`).
    mutating func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws
    /// A new file column at index `index` (indexes are dense and increasing).
    mutating func addColumn(_ name: String, at index: Int) throws
    /// One record, at 1-based `line` of the file.
    mutating func consume(_ record: some FORecordView, line: Int) throws
}

extension FORecordConsumer {
    /// Most consumers need not know how the file is laid out.
    public mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {}
    /// Most consumers need not know how an XML file is named.
    public mutating func beginDocument(root: String) throws {}
    /// Most consumers need not know the sheet a workbook's records come from.
    public mutating func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws {}
}

/// Counts records without keeping them (for `inspect`).
struct FORecordCounter: FORecordConsumer {
    var records = 0
    mutating func addColumn(_ name: String, at index: Int) throws {}
    mutating func consume(_ record: some FORecordView, line: Int) throws {
        records += 1
    }
}
