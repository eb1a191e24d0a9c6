import AirlockModel

/// Builds a wide sample F&O table row by row, setting values by column name: the columns a row does not set are
/// empty, as F&O exports a field without a value.
struct SampleTableBuilder {
    private(set) var table: Table
    private let positions: [String: Int]
    private var row: [String]

    /// A table of `columns` (the key columns first, as F&O lists them).
    init(name: String, columns: [String]) {
        table = Table(name: name, columnNames: columns)
        var positions: [String: Int] = [:]
        for (index, column) in columns.enumerated() { positions[column] = index }
        self.positions = positions
        row = Array(repeating: "", count: columns.count)
    }

    /// Sets `column` of the row being built. A column the table does not have is a programming error.
    mutating func set(_ column: String, _ value: String) {
        guard let position = positions[column] else {
            assertionFailure("\(table.name) has no column \(column)")
            return
        }
        row[position] = value
    }

    /// Sets each (column, value) pair of the row being built.
    mutating func set(_ values: KeyValuePairs<String, String>) {
        for (column, value) in values { set(column, value) }
    }

    /// Appends the row being built and starts an empty one.
    mutating func appendRow() throws {
        try table.appendRow(row)
        for index in row.indices { row[index] = "" }
    }
}
