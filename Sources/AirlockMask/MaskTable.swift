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
    /// Whether a column holds text (a clear text column is scanned for values that look personal and searched for
    /// masked values).
    private let isText: (String) -> Bool
    /// Whether the policy keeps a column clear (`keep`): masked values found in it are counted, not replaced.
    private let isKept: (String) -> Bool
    /// Whether the catalog knows a column (one it does not know is searched only where a value holds words).
    private let isKnown: (String) -> Bool
    /// The values masked anywhere, sought in text columns.
    private let phrases: MaskPhrases
    /// The columns seen, in the order first seen.
    private(set) var columns: [MaskColumn] = []
    private var positions: [String: Int] = [:]
    /// Dates kept in a day, a month and a year column (`dateParts`), by the name they share.
    private var dateGroups: [String: MaskDateGroup] = [:]

    /// Whether the table has columns masked as parts of a date (`maskDateParts` then runs per record).
    var hasDateParts: Bool { !dateGroups.isEmpty }

    init(
        side: String, entity: String, replacer: MaskReplacer, method: @escaping (String) -> MaskMethod?,
        maxLength: @escaping (String) -> Int?, isText: @escaping (String) -> Bool, isKept: @escaping (String) -> Bool,
        isKnown: @escaping (String) -> Bool = { _ in true }, phrases: MaskPhrases
    ) {
        self.isKnown = isKnown
        self.side = side
        self.entity = entity
        self.replacer = replacer
        self.method = method
        self.maxLength = maxLength
        self.isText = isText
        self.isKept = isKept
        self.phrases = phrases
    }

    /// The position of column `name` in `columns`, added when first seen.
    mutating func column(named name: String) -> Int {
        if let position = positions[name] { return position }
        let method = method(name)
        columns.append(
            MaskColumn(
                name: name, side: side, entity: entity, method: method, maxLength: maxLength(name), scanned: method == nil && isText(name),
                kept: isKept(name), lettersOnly: !isKnown(name), phrases: phrases))
        positions[name] = columns.count - 1
        if method == .dateParts, let (group, part) = MaskDateGroup.part(of: name) {
            dateGroups[group, default: MaskDateGroup()][keyPath: part] = columns.count - 1
        }
        return columns.count - 1
    }

    /// The new text of each column masked as a part of a date, by position, for one record whose values `value` gives
    /// by position; the parts counted in their columns.
    mutating func maskDateParts(_ value: (Int) -> String?) -> [Int: String] {
        var result: [Int: String] = [:]
        for group in dateGroups.values {
            for (position, text) in group.masked(value, with: replacer) {
                columns[position].count(value(position) ?? "", maskedAs: text)
                result[position] = text
            }
        }
        return result
    }

    /// Whether the column at `position` is masked.
    func isMasked(_ position: Int) -> Bool { columns[position].method != nil }

    /// `value` of the masked column at `position`, masked.
    mutating func mask(_ value: String, at position: Int) -> String {
        columns[position].mask(value, with: replacer)
    }

    /// Reads a value of the clear column at `position`: counted for the report, and returned with the masked values
    /// found in it replaced (nil: written as read).
    mutating func scan(_ bytes: UnsafeRawBufferPointer, at position: Int) -> String? {
        columns[position].scan(bytes, with: replacer)
    }

    /// `table` (a piece of the table) masked.
    mutating func mask(_ table: Table) throws -> Table {
        var result: [TableColumn] = []
        let tablePositions = table.columnNames.map { column(named: $0) }
        // Dates in parts, record by record, before the columns.
        var dateParts: [[Int: String]] = []
        if hasDateParts {
            let indexes = Dictionary(tablePositions.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            dateParts = (0..<table.rowCount).map { row in
                maskDateParts { position in indexes[position].flatMap { table.value(row: row, column: $0) } }
            }
        }
        for (index, name) in table.columnNames.enumerated() {
            let position = tablePositions[index]
            var column = TableColumn(name: name)
            column.reserve(rows: table.rowCount)
            for row in 0..<table.rowCount {
                if !dateParts.isEmpty, let text = dateParts[row][position] {
                    try column.append(text)
                } else if isMasked(position) {
                    try column.append(table.value(row: row, column: index).map { mask($0, at: position) })
                } else {
                    try table.withValue(row: row, column: index) { bytes in
                        if let bytes, let replaced = scan(bytes, at: position) {
                            try column.append(replaced)
                        } else {
                            try column.append(bytes)
                        }
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
        report.clearColumns += columns.compactMap(\.clearEntry)
        let system = side == "fo" ? "F&O" : "Sales"
        report.clearLookingPersonal +=
            columns.filter { $0.personalLooking > 0 }.sorted { $0.name < $1.name }
            .map { "\(system) \(entity).\($0.name): \($0.personalLooking) values" }
    }
}
