import AirlockModel

/// Fills a `CMTRecordTable` one record at a time from raw attribute bytes, for the streaming reader.
///
/// A record's values are decoded into one scratch buffer and appended to the columns when the record
/// ends, so no per-record dictionary or per-value `String` is made.
struct CMTRecordTableBuilder {
    private(set) var table: CMTRecordTable
    private var matcher: CMTNameMatcher
    /// The type of each `values` column (nil: kept as written).
    private var types: [CMTFieldType?]
    private let partyFields: Bool
    private var scratch: [UInt8] = []
    private var starts: [Int]
    private var ends: [Int]
    /// Per attribute table: `values` column → column in that table, or -1.
    private var attributeColumns: [[Int]] = []
    private var attributeTableIndex: [String: Int] = [:]
    private var attributeValues: [(table: Int, column: Int, start: Int, end: Int)] = []
    /// Per attribute table and column: the index in `attributeValues` of this record's value, or -1.
    private var attributeSlots: [[Int]] = []

    /// A builder for a table whose columns start as `columnNames` with the given types. With `partyFields`,
    /// columns added later get the types of CMT's party list fields.
    init(name: String, columnNames: [String], types: [CMTFieldType?], partyFields: Bool) {
        table = CMTRecordTable(name: name, columnNames: columnNames)
        matcher = CMTNameMatcher(columnNames)
        self.types = types
        self.partyFields = partyFields
        starts = Array(repeating: -1, count: columnNames.count)
        ends = Array(repeating: 0, count: columnNames.count)
    }

    var rowCount: Int { table.count }

    func columnName(_ column: Int) -> String { table.values.columns[column].name }

    func type(of column: Int) -> CMTFieldType? { types[column] }

    mutating func beginRecord() {
        scratch.removeAll(keepingCapacity: true)
        for index in starts.indices { starts[index] = -1 }
        for value in attributeValues { attributeSlots[value.table][value.column] = -1 }
        attributeValues.removeAll(keepingCapacity: true)
    }

    /// The column of the field or attribute whose name has these bytes, or nil.
    mutating func column(named bytes: UnsafeRawBufferPointer) -> Int? {
        matcher.index(of: bytes)
    }

    /// Adds a column (null in earlier rows); returns its index.
    mutating func addColumn(_ name: String) -> Int {
        let index = table.values.addColumn(name)
        matcher.add(name)
        types.append(partyFields ? CMTPartyListFields.type(of: name) : nil)
        starts.append(-1)
        ends.append(0)
        for table in attributeColumns.indices { attributeColumns[table].append(-1) }
        return index
    }

    /// The column called `name`, added when missing.
    mutating func column(_ name: String) -> Int {
        let bytes = Array(name.utf8)
        let found = bytes.withUnsafeBytes { matcher.index(of: $0) }
        return found ?? addColumn(name)
    }

    func isSet(_ column: Int) -> Bool { starts[column] >= 0 }

    /// Sets a column from value bytes, decoded by the column's type.
    /// - Throws: `CMTValueProblem` when the value does not decode (the column is then left as it was).
    mutating func setValue(_ column: Int, _ bytes: UnsafeRawBufferPointer) throws {
        let start = scratch.count
        do {
            try CMTValueCodec.transform(types[column], bytes, reading: true, into: &scratch)
        } catch {
            scratch.removeSubrange(start...)
            throw error
        }
        starts[column] = start
        ends[column] = scratch.count
    }

    /// Sets a column to value bytes as written, without decoding (for a value kept despite not decoding).
    mutating func setRaw(_ column: Int, _ bytes: UnsafeRawBufferPointer) {
        let start = scratch.count
        scratch.append(contentsOf: bytes)
        starts[column] = start
        ends[column] = scratch.count
    }

    /// Sets a column to text as given.
    mutating func setText(_ column: Int, _ text: String) {
        let start = scratch.count
        scratch.append(contentsOf: text.utf8)
        starts[column] = start
        ends[column] = scratch.count
    }

    /// The current record's value in `column`, or nil.
    func value(_ column: Int) -> String? {
        guard starts[column] >= 0 else { return nil }
        return String(decoding: scratch[starts[column]..<ends[column]], as: UTF8.self)
    }

    /// The columns so far.
    var columnCount: Int { starts.count }

    /// Calls `body` with the current record's values.
    func withCurrentRecord<R>(_ body: (CMTRecordValues) throws -> R) rethrows -> R {
        try scratch.withUnsafeBytes { bytes in
            try starts.withUnsafeBufferPointer { starts in
                try ends.withUnsafeBufferPointer { ends in try body(CMTRecordValues(bytes: bytes, starts: starts, ends: ends)) }
            }
        }
    }

    /// Calls `body` with the current record's bytes in `column` (nil when unset).
    func withValue<R>(_ column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard starts[column] >= 0 else { return try body(nil) }
        let range = starts[column]..<ends[column]
        return try scratch.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    /// Records attribute `name` of the field in `column`.
    mutating func setAttribute(_ name: String, column: Int, _ bytes: UnsafeRawBufferPointer) throws {
        let tableIndex: Int
        if let known = attributeTableIndex[name] {
            tableIndex = known
        } else {
            tableIndex = try table.insertAttributeTable(named: name)
            attributeColumns.insert(Array(repeating: -1, count: starts.count), at: tableIndex)
            attributeSlots.insert([], at: tableIndex)
            attributeTableIndex = [:]
            for (index, attributeTable) in table.fieldAttributes.enumerated() { attributeTableIndex[attributeTable.name] = index }
            for index in attributeValues.indices where attributeValues[index].table >= tableIndex { attributeValues[index].table += 1 }
        }
        var attributeColumn = attributeColumns[tableIndex][column]
        if attributeColumn < 0 {
            attributeColumn = table.fieldAttributes[tableIndex].addColumn(columnName(column))
            attributeColumns[tableIndex][column] = attributeColumn
            attributeSlots[tableIndex].append(-1)
        }
        let start = scratch.count
        scratch.append(contentsOf: bytes)
        attributeSlots[tableIndex][attributeColumn] = attributeValues.count
        attributeValues.append((tableIndex, attributeColumn, start, scratch.count))
    }

    /// Appends the current record to the tables.
    /// - Throws: `AirlockError(.limitExceeded)` when a column passes 4 GiB.
    mutating func endRecord() throws {
        let scratch = self.scratch
        let starts = self.starts
        let ends = self.ends
        let attributeValues = self.attributeValues
        let attributeSlots = self.attributeSlots
        try scratch.withUnsafeBytes { raw in
            try table.values.appendRow { index, append in
                let start = starts[index]
                try append(start < 0 ? nil : UnsafeRawBufferPointer(rebasing: raw[start..<ends[index]]))
            }
            for tableIndex in table.fieldAttributes.indices {
                let slots = attributeSlots[tableIndex]
                try table.fieldAttributes[tableIndex].appendRow { index, append in
                    let slot = slots[index]
                    try append(
                        slot < 0 ? nil : UnsafeRawBufferPointer(rebasing: raw[attributeValues[slot].start..<attributeValues[slot].end]))
                }
            }
        }
    }

    /// The finished table, attribute columns in `values` order.
    mutating func finish() throws -> CMTRecordTable {
        try table.normalize()
        return table
    }
}
