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
    /// The columns named in `names` (in this table's order), sharing their storage with this table: a reader of a
    /// few columns lets the others go.
    public func keeping(columns names: Set<String>) -> Table {
        Table(name: name, columns: columns.filter { names.contains($0.name) })
    }
}
