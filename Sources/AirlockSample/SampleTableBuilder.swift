import AirlockModel

/// Builds a wide sample F&O table row by row, setting values by column name (`SampleRowBuilder`): the columns a row
/// does not set are empty, as F&O exports a field without a value.
struct SampleTableBuilder {
    private(set) var table: Table
    private var row: SampleRowBuilder

    /// A table of `columns` (the key columns first, as F&O lists them).
    init(name: String, columns: [String]) {
        table = Table(name: name, columnNames: columns)
        row = SampleRowBuilder(columns: columns)
    }

    /// Sets `column` of the row being built. A column the table does not have is a programming error.
    mutating func set(_ column: String, _ value: String) {
        row.set(column, value)
    }

    /// Sets each (column, value) pair of the row being built.
    mutating func set(_ values: KeyValuePairs<String, String>) {
        row.set(values)
    }

    /// Appends the row being built and starts an empty one.
    mutating func appendRow() throws {
        try table.appendRow(row.take())
    }
}
