import AirlockModel
import AirlockPackages

/// Reads one entity section of `to-sales.zip` as it streams in pieces (`CMTPackageReader.readChunks`): per record,
/// the id and the key fields into a small table, and the compared values as a digest (`SentDigests`, planned on the
/// fields the export's schema declares) and into the work file (`SentValueSpool`). The values are not held.
struct SalesSentReader {
    /// The section's entity in the package's schema (nil: the schema does not declare it, refused at the end).
    let schema: CMTSchemaEntity?
    /// The natural key's fields: those the schema marks `updateCompare`, in schema order.
    let keyColumns: [String]
    private let idField: String
    /// The fields the export's schema declares for the entity; nil when the digests are not planned.
    private let exportFields: Set<String>?
    private let spool: SentValueSpool?
    private var parts: SentEntity.Parts
    private var columnIndexes: [String: Int] = [:]
    /// Per column of `parts.keys`: its column in the section.
    private var keySources: [Int] = []
    private var digester = FieldDigester()

    /// - Parameters:
    ///   - exportFields: the fields of the entity in the export's schema, on which the digests are planned; nil
    ///     when that schema is not known (the records are then compared value by value) or no export is read.
    ///   - spool: where the compared values go; nil when no export is read for the entity.
    init(name: String, schema: CMTSchemaEntity?, exportFields: Set<String>?, spool: SentValueSpool?) {
        self.schema = schema
        idField = schema?.primaryIDField ?? name + "id"
        self.exportFields = exportFields
        self.spool = spool
        let fields = schema?.fields ?? []
        keyColumns = fields.filter { $0.updateCompare == true }.map(\.name)
        parts = SentEntity.Parts(
            columnNames: [], rowCount: 0, keys: Table(name: name, columnNames: [CMTRecordTable.idColumn] + keyColumns), keptColumns: [:],
            compared: [], rules: [])
        for name in [CMTRecordTable.idColumn] + fields.map(\.name) { _ = addColumn(name) }
        keySources = ([CMTRecordTable.idColumn] + keyColumns).map { columnIndexes[$0] ?? 0 }
        for (index, column) in keySources.enumerated() { parts.keptColumns[column] = index }
        if let exportFields {
            parts.digests = SentDigests(columns: parts.compared.filter { exportFields.contains(parts.columnNames[$0]) })
        }
    }

    /// Reads one piece of the section.
    /// - Throws: `AirlockError` when a table or the work file cannot take the values.
    mutating func add(_ piece: CMTEntityData) throws {
        let table = piece.records.values
        var sources = [Int?](repeating: nil, count: parts.columnNames.count)
        for (index, name) in table.columnNames.enumerated() {
            let column: Int
            if index < parts.columnNames.count, parts.columnNames[index] == name {
                column = index
            } else {
                column = columnIndexes[name] ?? addColumn(name)
            }
            if column >= sources.count { sources.append(contentsOf: repeatElement(nil, count: column + 1 - sources.count)) }
            if sources[column] == nil { sources[column] = index }
        }
        let rules = parts.rules
        for row in 0..<table.rowCount {
            try parts.keys.appendRow { index, append in
                guard let source = sources[keySources[index]] else { return try append(nil) }
                try table.withValue(row: row, column: source) { try append($0) }
            }
            if let spool {
                for column in parts.compared {
                    guard let source = sources[column] else { continue }
                    table.withValue(row: row, column: source) { value in
                        guard let value, !ASCII.trimmed(value).isEmpty else { return }
                        spool.add(column: column, value: value)
                    }
                }
                try spool.endRecord()
            }
            parts.digests?.append(rules: rules, digester: &digester) { column, body in
                guard let source = sources[column] else { return body(nil) }
                table.withValue(row: row, column: source, body)
            }
            parts.rowCount += 1
        }
    }

    /// What was read; the section's values are in the work file from now on.
    /// - Throws: `AirlockError(.io)` when the work file cannot be written.
    mutating func finish() throws -> SentEntity.Parts {
        parts.values = try spool?.endSegment()
        parts.digests?.shrinkToFit()
        return parts
    }

    /// Adds a section column (a field the schema does not declare, or a record attribute, as it first appears).
    private mutating func addColumn(_ name: String) -> Int {
        let index = parts.columnNames.count
        let type = name == CMTRecordTable.idColumn ? CMTFieldType.guid : schema?.field(named: name)?.type ?? .string
        parts.columnNames.append(name)
        parts.salesTypes.append(type)
        parts.rules.append(FieldRule.sales(type))
        if columnIndexes[name] == nil { columnIndexes[name] = index }
        if !CMTRecordTable.isAttributeColumn(name) && name != idField {
            parts.compared.append(index)
            // A field compared that the digests were not planned on: the records are compared value by value.
            if exportFields?.contains(name) == true, parts.digests != nil { parts.digests = nil }
        }
        return index
    }
}
