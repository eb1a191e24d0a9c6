import AirlockModel

/// Builds a `Table` from streamed records, naming columns by the manifest's field map.
struct FOTableConsumer: FORecordConsumer {
    private(set) var table: Table
    private let columnName: (String) -> String
    /// The table's columns, by name; nil keeps every column.
    private let kept: Set<String>?
    /// The file column of each table column.
    private var fileColumns: [Int] = []

    /// - Parameters:
    ///   - columnName: maps a file column name to the table's column name (XMLField → EntityField).
    ///   - kept: the table's columns (after `columnName`); nil keeps all.
    init(name: String, kept: Set<String>? = nil, columnName: @escaping (String) -> String) {
        self.table = Table(name: name)
        self.kept = kept
        self.columnName = columnName
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        let mapped = columnName(name)
        guard kept?.contains(mapped) ?? true else { return }
        table.addColumn(mapped)
        fileColumns.append(index)
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        try table.appendRow { index, append in try record.withValue(fileColumns[index]) { try append($0) } }
    }
}
