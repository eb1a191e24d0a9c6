/// How one cell of an Excel entity file was written: its kind and its style, so that a consumer writing the sheet
/// again keeps a number a number and a date cell's format.
public struct FOExcelCellForm: Sendable, Equatable {
    /// What the cell holds, as its `t` attribute says.
    public var kind: FOExcelCellKind
    /// The cell's `s`: an index into the workbook's cell formats (`xl/styles.xml`), nil when it has none.
    public var style: Int?

    public init(kind: FOExcelCellKind, style: Int?) {
        self.kind = kind
        self.style = style
    }
}
