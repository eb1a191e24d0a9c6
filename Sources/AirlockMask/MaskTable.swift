import AirlockModel

/// One table of an export masked as its records stream (an F&O entity file record by record, a Sales section piece
/// by piece): the columns the policy names replaced value by value, the others copied and, when they hold text,
/// read for values that look personal. Both sides' tables go through it, so an F&O file and a Sales section are
/// masked by the same code.
struct MaskTable {
    let side: String
    let entity: String
    let replacer: MaskReplacer
    /// The method of a column, nil when the policy leaves it clear.
    private let method: (String) -> MaskMethod?
    /// The column's length in the catalog, nil when it has none.
    private let maxLength: (String) -> Int?
    /// Whether a column holds text (a clear text column is scanned for values that look personal).
    private let isText: (String) -> Bool
    /// The columns seen, in the order first seen.
    private(set) var columns: [MaskColumn] = []
    private var positions: [String: Int] = [:]

    init(
        side: String, entity: String, replacer: MaskReplacer, method: @escaping (String) -> MaskMethod?,
        maxLength: @escaping (String) -> Int?, isText: @escaping (String) -> Bool
    ) {
        self.side = side
        self.entity = entity
        self.replacer = replacer
        self.method = method
        self.maxLength = maxLength
        self.isText = isText
    }

    /// The position of column `name` in `columns`, added when first seen.
    mutating func column(named name: String) -> Int {
        if let position = positions[name] { return position }
        let method = method(name)
        columns.append(
            MaskColumn(
                name: name, side: side, entity: entity, method: method, maxLength: maxLength(name), scanned: method == nil && isText(name)))
        positions[name] = columns.count - 1
        return columns.count - 1
    }

    /// Whether the column at `position` is masked.
    func isMasked(_ position: Int) -> Bool { columns[position].method != nil }

    /// `value` of the masked column at `position`, masked.
    mutating func mask(_ value: String, at position: Int) -> String {
        columns[position].mask(value, with: replacer)
    }

    /// Reads a value of the clear column at `position` for the report.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, at position: Int) {
        columns[position].scan(bytes)
    }

    /// `table` (a piece of the table) masked.
    mutating func mask(_ table: Table) throws -> Table {
        var result: [TableColumn] = []
        for (index, name) in table.columnNames.enumerated() {
            let position = column(named: name)
            var column = TableColumn(name: name)
            column.reserve(rows: table.rowCount)
            for row in 0..<table.rowCount {
                if isMasked(position) {
                    try column.append(table.value(row: row, column: index).map { mask($0, at: position) })
                } else {
                    try table.withValue(row: row, column: index) { bytes in
                        if let bytes { scan(bytes, at: position) }
                        try column.append(bytes)
                    }
                }
            }
            result.append(column)
        }
        return Table(name: table.name, columns: result)
    }

    /// What the table did, added to `report`: its masked columns in order, then its clear columns that look
    /// personal, by name.
    func finish(into report: inout MaskReport) {
        report.columns += columns.compactMap(\.entry)
        let system = side == "fo" ? "F&O" : "Sales"
        report.clearLookingPersonal +=
            columns.filter { $0.personalLooking > 0 }.sorted { $0.name < $1.name }
            .map { "\(system) \(entity).\($0.name): \($0.personalLooking) values" }
    }
}
