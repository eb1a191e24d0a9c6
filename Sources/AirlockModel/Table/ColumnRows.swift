/// The rows of one column that another column shows, in the order it shows them: `TableColumn`'s rows form.
///
/// A flow's accepted records copy most of their values byte for byte from the source records they came from (a
/// name, an address, an amount); a column of such copies shows the source column's rows instead of holding the
/// bytes a second time, for 4 bytes a row, and those 4 bytes are shared by every such column of a table.
///
/// A class, so that a `TableColumn` can hold a column. The column shown is held at a stable address, for reads in
/// place (`TableColumn.withValue(at:row:_:)`), and never changes.
@usableFromInline
final class ColumnRows: @unchecked Sendable {
    /// The column whose rows are shown; never itself in the rows form.
    @usableFromInline let base: UnsafeMutablePointer<TableColumn>
    /// Per row of the showing column: the row of `base` it shows.
    @usableFromInline let rows: [UInt32]

    /// Rows `rows` of `column` (a rows-form column is resolved to the column it shows).
    init(_ rows: [UInt32], of column: TableColumn) {
        base = .allocate(capacity: 1)
        if let shown = column.rowsOf {
            base.initialize(to: shown.base.pointee)
            self.rows = rows.map { shown.rows[Int($0)] }
        } else {
            base.initialize(to: column)
            self.rows = rows
        }
    }

    deinit {
        base.deinitialize(count: 1)
        base.deallocate()
    }
}
