/// A record of an Excel entity file: the cells' text laid end to end, where each column's value is, and how each
/// cell was written (`FOExcelCellForm`), for a consumer that writes the sheet again.
///
/// A column whose cell the row does not have reads as empty text, as an empty cell does (a spreadsheet does not
/// tell the two apart); `form` tells them apart.
public struct FOExcelRecordView: FORecordView {
    let bytes: UnsafeRawBufferPointer
    let slots: [Range<Int>?]
    /// The form of each column's cell, nil where the row has no cell.
    public let forms: [FOExcelCellForm?]

    init(bytes: UnsafeRawBufferPointer, slots: [Range<Int>?], forms: [FOExcelCellForm?]) {
        self.bytes = bytes
        self.slots = slots
        self.forms = forms
    }

    public var count: Int { slots.count }

    public func withValue<R>(_ index: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard index < slots.count, let range = slots[index] else { return try body(nil) }
        return try body(UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// How column `index`'s cell was written; nil when the row has no cell there.
    public func form(_ index: Int) -> FOExcelCellForm? {
        index < forms.count ? forms[index] : nil
    }
}
