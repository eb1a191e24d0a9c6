import AirlockModel

/// One table of an export masked column by column: the columns the policy names replaced value by value (each
/// distinct value masked once), the others copied; what it did added to the report. Both sides' entity files go
/// through it, so an F&O file and a Sales section are masked by the same code.
struct MaskTable {
    let side: String
    let entity: String
    let replacer: MaskReplacer
    /// The method of a column, nil when the policy leaves it clear.
    let method: (String) -> MaskMethod?
    /// The column's length in the catalog, nil when it has none.
    let maxLength: (String) -> Int?
    /// Whether a column holds text (a clear text column is scanned for values that look personal).
    let isText: (String) -> Bool

    /// `table` masked; the columns masked and the clear ones that look personal are added to `report`.
    func mask(_ table: Table, report: inout MaskReport) throws -> Table {
        var columns: [TableColumn] = []
        var clear: [String: Int] = [:]
        for (index, name) in table.columnNames.enumerated() {
            var column = TableColumn(name: name)
            column.reserve(rows: table.rowCount)
            guard let method = method(name) else {
                let scan = isText(name)
                for row in 0..<table.rowCount {
                    let value = table.value(row: row, column: index)
                    if scan, let value, Masker.looksPersonal(value) { clear[name, default: 0] += 1 }
                    try column.append(value)
                }
                columns.append(column)
                continue
            }
            var entry = MaskReport.Column(
                side: side, entity: entity, column: name, method: method.rawValue, masked: 0, distinct: 0, shortened: 0)
            var cache: [String: String] = [:]
            let length = maxLength(name)
            for row in 0..<table.rowCount {
                let value = table.value(row: row, column: index).map {
                    Masker.masked($0, method: method, maxLength: length, replacer: replacer, cache: &cache, column: &entry)
                }
                try column.append(value)
            }
            columns.append(column)
            report.columns.append(entry)
        }
        let system = side == "fo" ? "F&O" : "Sales"
        report.clearLookingPersonal += clear.sorted { $0.key < $1.key }.map { "\(system) \(entity).\($0.key): \($0.value) values" }
        return Table(name: table.name, columns: columns)
    }
}
