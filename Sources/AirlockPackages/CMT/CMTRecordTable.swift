import AirlockModel

/// Records of one `data.xml` entity (or its party list members), held compactly in columnar tables.
///
/// - `values` has one column per record attribute, named `@` + attribute (`@id` first), then one column per
///   field holding the canonical value text (see `CMTValueCodec`); null = the field was not written.
/// - `fieldAttributes` holds the other attributes of `<field>` elements: one table per attribute name
///   (`lookupentity`, `lookupentityname`, `filename`, then any other in order of appearance), whose columns
///   are the fields that carry it and whose rows line up with `values`.
///
/// A million records cost their text plus a few bytes per cell, not a dictionary per record.
public struct CMTRecordTable: Sendable, Equatable {
    /// The column holding each record's `id` attribute.
    public static let idColumn = "@id"
    /// `lookupentity`: the referenced record's entity.
    public static let lookupEntityAttribute = "lookupentity"
    /// `lookupentityname`: the referenced record's display name.
    public static let lookupEntityNameAttribute = "lookupentityname"
    /// `filename`: the file name of a `filedata` field.
    public static let fileNameAttribute = "filename"

    /// Record attribute columns (`@…`) then field columns.
    public var values: Table
    /// One table per extra `<field>` attribute, rows aligned with `values`.
    public var fieldAttributes: [Table]

    /// An empty record table with the given columns (record attribute columns start with `@`).
    public init(name: String, columnNames: [String]) {
        self.values = Table(name: name, columnNames: columnNames)
        self.fieldAttributes = []
    }

    /// Number of records.
    public var count: Int { values.rowCount }

    /// Whether a `values` column holds a record attribute (`@id`, `@newId`, …) rather than a field.
    public static func isAttributeColumn(_ name: String) -> Bool { name.hasPrefix("@") }

    /// The field columns' names, in order.
    public var fieldNames: [String] { values.columnNames.filter { !Self.isAttributeColumn($0) } }

    /// The table of `<field>` attribute `name`, or nil when no field carries it.
    public func attributeTable(named name: String) -> Table? {
        fieldAttributes.first { $0.name == name }
    }

    /// Attribute `name` of field `field` in row `row`, or nil.
    public func attribute(_ name: String, row: Int, field: String) -> String? {
        attributeTable(named: name)?.value(row: row, column: field)
    }

    /// `lookupentity` of field `field` in row `row`, or nil.
    public func lookupEntity(row: Int, field: String) -> String? {
        attribute(Self.lookupEntityAttribute, row: row, field: field)
    }

    /// `lookupentityname` of field `field` in row `row`, or nil.
    public func lookupEntityName(row: Int, field: String) -> String? {
        attribute(Self.lookupEntityNameAttribute, row: row, field: field)
    }

    /// Where attribute tables go: the known attributes in CMT's order, the others after them.
    static func attributeRank(_ name: String) -> Int {
        switch name {
        case lookupEntityAttribute: 0
        case lookupEntityNameAttribute: 1
        case fileNameAttribute: 2
        default: 3
        }
    }

    /// The index at which a new attribute table called `name` belongs.
    func attributeInsertionIndex(for name: String) -> Int {
        let rank = Self.attributeRank(name)
        return fieldAttributes.firstIndex { Self.attributeRank($0.name) > rank } ?? fieldAttributes.count
    }

    /// Adds an empty attribute table (all nulls so far) at its ranked place; returns its index.
    mutating func insertAttributeTable(named name: String) throws -> Int {
        var table = Table(name: name)
        for _ in 0..<values.rowCount { try table.appendRow([]) }
        let index = attributeInsertionIndex(for: name)
        fieldAttributes.insert(table, at: index)
        return index
    }

    /// Appends one row from text: leading record attribute columns, other record attributes and fields.
    /// - Throws: `AirlockError(.invalidValue)` when a field appears twice.
    mutating func append(leading: [(String, String)], otherAttributes: [CMTAttribute], fields: [CMTFieldValue]) throws {
        var row = [String?](repeating: nil, count: values.columns.count)
        var guess = 0
        // Fields usually come in column order: try the column after the last one found before searching.
        func column(_ name: String) -> Int {
            if guess < values.columns.count, values.columns[guess].name == name {
                guess += 1
                return guess - 1
            }
            if let index = values.columnIndex(named: name) {
                guess = index + 1
                return index
            }
            row.append(nil)
            guess = values.columns.count + 1
            return values.addColumn(name)
        }
        for (name, value) in leading { row[column(name)] = value }
        for attribute in otherAttributes { row[column("@" + attribute.name)] = attribute.value }
        var attributeRows: [[String?]] = fieldAttributes.map { [String?](repeating: nil, count: $0.columns.count) }
        for field in fields {
            let index = column(field.name)
            guard row[index] == nil else {
                throw AirlockError(
                    .invalidValue, "field \(field.name) appears twice in one record",
                    at: SourceLocation(entity: values.name, field: field.name))
            }
            row[index] = field.value
            for attribute in field.attributes {
                var table = fieldAttributes.firstIndex { $0.name == attribute.name } ?? -1
                if table < 0 {
                    table = try insertAttributeTable(named: attribute.name)
                    attributeRows.insert([], at: table)
                }
                var attributeColumn = fieldAttributes[table].columnIndex(named: field.name) ?? -1
                if attributeColumn < 0 {
                    attributeColumn = fieldAttributes[table].addColumn(field.name)
                    attributeRows[table].append(nil)
                }
                attributeRows[table][attributeColumn] = attribute.value
            }
        }
        try values.appendRow(row)
        for index in fieldAttributes.indices { try fieldAttributes[index].appendRow(attributeRows[index]) }
    }

    /// Row `row`: its record attributes other than `excluding`, and its fields with their attributes.
    func rowContent(_ row: Int, excluding: Set<String>) -> (attributes: [CMTAttribute], fields: [CMTFieldValue]) {
        var attributes: [CMTAttribute] = []
        var fields: [CMTFieldValue] = []
        for column in values.columns {
            guard let value = column.value(row) else { continue }
            if Self.isAttributeColumn(column.name) {
                if !excluding.contains(column.name) { attributes.append(CMTAttribute(String(column.name.dropFirst()), value)) }
                continue
            }
            var field = CMTFieldValue(name: column.name, value: value)
            for table in fieldAttributes {
                if let attribute = table.value(row: row, column: column.name) {
                    field.attributes.append(CMTAttribute(table.name, attribute))
                }
            }
            fields.append(field)
        }
        return (attributes, fields)
    }

    /// Puts every attribute table's columns in the order of `values`, so equal data gives equal tables
    /// whatever order the fields had in the file.
    mutating func normalize() throws {
        var position: [String: Int] = [:]
        for (index, column) in values.columns.enumerated() { position[column.name] = index }
        for tableIndex in fieldAttributes.indices {
            let table = fieldAttributes[tableIndex]
            let order = table.columns.indices.sorted {
                (position[table.columns[$0].name] ?? Int.max, $0) < (position[table.columns[$1].name] ?? Int.max, $1)
            }
            guard order != Array(table.columns.indices) else { continue }
            var rebuilt = Table(name: table.name, columnNames: order.map { table.columns[$0].name })
            for row in 0..<table.rowCount {
                try rebuilt.appendRow { index, append in try table.withValue(row: row, column: order[index]) { try append($0) } }
            }
            fieldAttributes[tableIndex] = rebuilt
        }
        shareIDStorage()
    }

    /// Makes a record's primary id field (`accountid`), which normally repeats its `id` attribute, hold those bytes
    /// once (`Table.shareStorage(ofColumnsEqualTo:)`): what the reader does, for a table read back from elsewhere.
    public mutating func shareIDStorage() {
        if let id = values.columnIndex(named: Self.idColumn) { values.shareStorage(ofColumnsEqualTo: id) }
    }
}
