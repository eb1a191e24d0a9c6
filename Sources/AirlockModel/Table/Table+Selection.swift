extension Table {
    /// Rows `rows` of this table, in that order, as a table of their own with the same columns.
    /// - Throws: `AirlockError(.limitExceeded)` when a column grows past 4 GiB.
    public func selecting(rows: [Int]) throws -> Table {
        var result = Table(name: name, columnNames: columnNames)
        for row in rows {
            try result.appendRow { column, append in try withValue(row: row, column: column) { try append($0) } }
        }
        return result
    }
}

extension Table {
    /// Rows `rows` of this table, in that order, as a table whose columns show this table's rows
    /// (`TableColumn.init(rows:of:name:)`) instead of holding their values again: a view, for a writer or a selection
    /// that is kept. The columns share one list of rows, and columns that show the same rows of others share their
    /// selection too.
    public func showing(rows: [Int]) -> Table {
        Table(name: name, columns: columnsShowing(rows: rows, of: Array(columns.indices)))
    }

    /// Rows `rows` of the columns at `indices`, each a column showing them (see `showing(rows:)`).
    public func columnsShowing(rows: [Int], of indices: [Int]) -> [TableColumn] {
        var direct: [UInt32]?
        // The last selection of a list of rows shown, reused by the columns that show the same list (one storage).
        var selection: (of: [UInt32], rows: [UInt32])?
        return indices.map { index in
            let column = columns[index]
            guard let shown = column.shownRows else {
                let selected = direct ?? rows.map { UInt32(truncatingIfNeeded: $0) }
                direct = selected
                return TableColumn(rows: selected, of: column, name: column.name)
            }
            let reused = selection.map { selection in
                selection.of.withUnsafeBufferPointer { first in shown.rows.withUnsafeBufferPointer { first.baseAddress == $0.baseAddress } }
            }
            if reused != true { selection = (shown.rows, rows.map { shown.rows[$0] }) }
            return TableColumn(rows: selection?.rows ?? [], of: shown.of, name: column.name)
        }
    }
}

extension Table {
    /// The columns named in `names` (in this table's order), sharing their storage with this table: a reader of a
    /// few columns lets the others go.
    public func keeping(columns names: Set<String>) -> Table {
        Table(name: name, columns: columns.filter { names.contains($0.name) })
    }
}
