import AirlockIO
import AirlockPackages

/// How a masked F&O entity file is written, record by record, in the format it was read in: `MaskFOFileWriter`
/// decides what each field becomes (masked, or copied as read), a writer only how a record is laid out
/// (`MaskCSVRecordWriter`, `MaskXMLRecordWriter`, `MaskExcelRecordWriter`).
///
/// Columns are the file's, in the order the reader announces them; fields are given by file column index, each
/// record's in column order, between `beginRecord` and `endRecord`. Writers are classes, called through the protocol
/// (one indirect call a field): `MaskFOFileWriter` stays one concrete type, specialised for CSV records as it was.
protocol MaskRecordWriter: AnyObject {
    /// The layout and encoding of a delimited file, told before its columns.
    func beginFile(format: FODataFormat, encoding: TextEncoding) throws
    /// The root element of an XML file, told before its columns.
    func beginDocument(root: String) throws
    /// The sheet of a workbook and its style sheet, told before its columns.
    func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws
    /// A new file column (a file's header text, an XML name).
    func addColumn(_ name: String) throws
    /// Starts the record `record` of the input, at `line`: a writer reads from it how the record was written (an
    /// element's name, a cell's kind), never its values, which come by field.
    func beginRecord(_ record: some FORecordView, line: Int) throws
    /// The field of file column `index`, as text (a masked value); nil when the record has no value there.
    func field(_ text: String?, at index: Int) throws
    /// The field of file column `index` as read (a clear value), copied without being made a string where the
    /// format allows; nil when the record has no value there.
    func field(bytes: UnsafeRawBufferPointer?, at index: Int) throws
    /// Ends the record.
    func endRecord() throws
    /// Ends the file (a file without records gets its header), and flushes.
    func finish() throws
}

extension MaskRecordWriter {
    func beginFile(format: FODataFormat, encoding: TextEncoding) throws {}
    func beginDocument(root: String) throws {}
    func beginSheet(named name: String, styles: () throws -> [UInt8]?) throws {}
}
