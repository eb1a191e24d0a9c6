/// Builds a row of a sample F&O file by column name: the columns a row does not set are empty, as F&O exports a
/// field without a value.
struct SampleRowBuilder {
    let columns: [String]
    private let positions: [String: Int]
    private(set) var values: [String]

    /// A row of `columns`, all empty.
    init(columns: [String]) {
        self.columns = columns
        var positions: [String: Int] = [:]
        for (index, column) in columns.enumerated() { positions[column] = index }
        self.positions = positions
        values = Array(repeating: "", count: columns.count)
    }

    /// Sets `column`. A column the row does not have is a programming error.
    mutating func set(_ column: String, _ value: String) {
        guard let position = positions[column] else {
            assertionFailure("the row has no column \(column)")
            return
        }
        values[position] = value
    }

    /// Sets each (column, value) pair.
    mutating func set(_ pairs: KeyValuePairs<String, String>) {
        for (column, value) in pairs { set(column, value) }
    }

    /// The values set, in column order; the row is empty again after.
    mutating func take() -> [String] {
        defer { for index in values.indices { values[index] = "" } }
        return values
    }
}
