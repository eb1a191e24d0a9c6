import AirlockModel

/// Builds a `Table` from streamed records, naming columns by the manifest's field map.
struct FOTableConsumer: FORecordConsumer {
    private(set) var table: Table
    private let columnName: (String) -> String

    /// - Parameter columnName: maps a file column name to the table's column name (XMLField → EntityField).
    init(name: String, columnName: @escaping (String) -> String) {
        self.table = Table(name: name)
        self.columnName = columnName
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        table.addColumn(columnName(name))
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        try table.appendRow { index, append in try record.withValue(index) { try append($0) } }
    }
}
