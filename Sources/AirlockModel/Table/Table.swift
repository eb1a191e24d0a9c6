/// Records of one entity held column by column (see `TableColumn`): the in-memory form every reader
/// produces and every writer consumes.
public struct Table: Sendable, Equatable {
    /// The entity the records belong to (F&O label or CMT logical name).
    public var name: String
    public private(set) var columns: [TableColumn]
    public private(set) var rowCount: Int

    /// An empty table with the given column names.
    public init(name: String, columnNames: [String] = []) {
        self.name = name
        self.columns = columnNames.map(TableColumn.init(name:))
        self.rowCount = 0
    }

    /// A table over columns built elsewhere (their storage is shared, not copied).
    /// - Precondition: every column has the same number of values.
    public init(name: String, columns: [TableColumn]) {
        precondition(Set(columns.map(\.count)).count <= 1, "the columns of a table need the same number of values")
        self.name = name
        self.columns = columns
        self.rowCount = columns.first?.count ?? 0
    }

    /// The column names, in order.
    public var columnNames: [String] { columns.map(\.name) }

    /// The index of the column called `name` (exact match), or nil.
    public func columnIndex(named name: String) -> Int? {
        columns.firstIndex { $0.name == name }
    }

    /// Row `row`'s value in column `column`, or nil when it is null.
    public func value(row: Int, column: Int) -> String? {
        withValue(row: row, column: column) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Calls `body` with the bytes of row `row`'s value in column `column`, or nil when it is null.
    ///
    /// Prefer it to `columns[column].withValue(row, body)` in a loop: that form may copy the column value (a
    /// retain and release of each of its buffers) for every call.
    @inlinable
    public func withValue<R>(row: Int, column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        try withColumn(column) { try TableColumn.withValue(at: $0, row: row, body) }
    }

    /// The dictionary code of row `row`'s value in column `column`: two rows with the same code hold the same
    /// value. Nil when the row is null or the column is plain (see `TableColumn`).
    @inlinable
    public func dictionaryCode(row: Int, column: Int) -> Int? {
        withColumn(column) { TableColumn.dictionaryCode(at: $0, row: row) }
    }

    /// Whether row `row` has a value in column `column` (empty counts as a value).
    @inlinable
    public func isPresent(row: Int, column: Int) -> Bool {
        withColumn(column) { TableColumn.isPresent(at: $0, row: row) }
    }

    /// Calls `body` with a pointer to column `column`, which it reads in place (no copy of the column value).
    @inlinable
    func withColumn<R>(_ column: Int, _ body: (UnsafePointer<TableColumn>) throws -> R) rethrows -> R {
        try columns.withUnsafeBufferPointer { columns in
            guard let base = columns.baseAddress, columns.indices.contains(column) else {
                preconditionFailure("column \(column) out of range")
            }
            return try body(base + column)
        }
    }

    /// Row `row`'s value in the column called `name`, or nil when it is null or there is no such column.
    public func value(row: Int, column name: String) -> String? {
        columnIndex(named: name).flatMap { value(row: row, column: $0) }
    }

    /// Adds a column; rows already in the table get null in it.
    /// - Returns: the new column's index.
    @discardableResult
    public mutating func addColumn(_ name: String) -> Int {
        var column = TableColumn(name: name)
        for _ in 0..<rowCount {
            // Appending null cannot exceed the size limit.
            try? column.append(nil as UnsafeRawBufferPointer?)
        }
        columns.append(column)
        return columns.count - 1
    }

    /// Replaces the values of column `column` in the rows `values` names (row → new value, nil for null); the
    /// column is rebuilt once, whatever the number of rows replaced.
    /// - Throws: `AirlockError(.limitExceeded)` when the column grows past 4 GiB.
    public mutating func replaceValues(in column: Int, _ values: [Int: String?]) throws {
        guard !values.isEmpty else { return }
        var rebuilt = TableColumn(name: columns[column].name)
        rebuilt.reserve(rows: rowCount)
        for row in 0..<rowCount {
            if let replacement = values[row] {
                try rebuilt.append(replacement)
            } else {
                try withValue(row: row, column: column) { try rebuilt.append($0) }
            }
        }
        columns[column] = rebuilt
    }

    /// Appends one row of text values, one per column (nil for null).
    /// - Throws: `AirlockError(.limitExceeded)` when a column grows past 4 GiB.
    public mutating func appendRow(_ values: [String?]) throws {
        precondition(values.count == columns.count, "a row needs one value per column")
        for index in columns.indices { try columns[index].append(values[index]) }
        rowCount += 1
    }

    /// Appends one row whose values `value(column)` supplies as bytes, nil for null.
    /// - Throws: `AirlockError(.limitExceeded)`, or what `value` throws.
    public mutating func appendRow(_ value: (Int, (UnsafeRawBufferPointer?) throws -> Void) throws -> Void) throws {
        for index in columns.indices {
            try value(index) { bytes in try columns[index].append(bytes) }
        }
        rowCount += 1
    }

    /// Appends one row whose values lie in `bytes`: column `i` gets `bytes[starts[p] ..< starts[p] + counts[p]]`
    /// with `p = positions[i]` (or `i` when `positions` is nil), null where `starts[p]` is negative.
    /// - Throws: `AirlockError(.limitExceeded)`.
    public mutating func appendRow(
        bytes: UnsafeRawBufferPointer, starts: UnsafeBufferPointer<Int32>, counts: UnsafeBufferPointer<Int32>, positions: [Int]? = nil
    ) throws {
        precondition((positions?.count ?? starts.count) == columns.count, "a row needs one value per column")
        for index in columns.indices {
            let position = positions?[index] ?? index
            let start = Int(starts[position])
            try columns[index].append(start < 0 ? nil : UnsafeRawBufferPointer(rebasing: bytes[start..<(start + Int(counts[position]))]))
        }
        rowCount += 1
    }

    /// Puts `column` in the place of column `index`: the same values held in another form.
    /// - Precondition: `column` has a value for every row.
    public mutating func replaceColumn(_ index: Int, with column: TableColumn) {
        precondition(column.count == rowCount, "a column of a table needs one value per row")
        columns[index] = column
    }

    /// Gives back the spare capacity every column's buffers grew with as the table was built
    /// (`TableColumn.shrinkToFit`): for a table that is kept once built.
    public mutating func shrinkToFit() {
        for index in columns.indices { columns[index].shrinkToFit() }
    }

    /// Makes every other column that holds the same values as column `reference` share its storage, so that
    /// the bytes are held once (see `TableColumn.shareStorage(withEqualColumn:)`).
    public mutating func shareStorage(ofColumnsEqualTo reference: Int) {
        let model = columns[reference]
        for index in columns.indices where index != reference { columns[index].shareStorage(withEqualColumn: model) }
    }

    /// Row `row` as text values, one per column.
    public func row(_ row: Int) -> [String?] {
        columns.map { $0.value(row) }
    }

    /// Bytes held for the values (text and dictionary codes; not offsets), for memory accounting.
    public var byteCount: Int { columns.reduce(0) { $0 + $1.byteCount } }
}
