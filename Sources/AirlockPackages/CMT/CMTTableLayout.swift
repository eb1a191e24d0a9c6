import AirlockModel

/// What the writer needs to know about a `CMTRecordTable` before writing its rows: which columns are record
/// attributes and which are fields, each field's type, and where each field's extra attributes are.
///
/// A class: the writer's per-record closures capture it, and a struct of a dozen arrays cost a retain and a release
/// of each per record.
final class CMTTableLayout {
    let table: CMTRecordTable
    let idColumn: Int
    /// Whether every id in `idColumn` is already a canonical GUID (`TableColumn.holdsCanonicalGUIDs`).
    let idsAreCanonical: Bool
    /// `@…` columns other than `@id` and the party link columns, in order.
    let attributeColumns: [Int]
    let fieldColumns: [Int]
    /// Per `values` column: its type (nil = written as is).
    let types: [CMTFieldType?]
    /// Per `values` column: (attribute table, column in it), attribute tables in CMT's order.
    private let fieldAttributes: [[(table: Int, column: Int)]]
    /// Per `values` column, written before its value: ` name="` for a record attribute, `<field name="…" value="`
    /// for a field (names escaped once, not per record).
    let openers: [[UInt8]]
    /// Per attribute table: ` name="` of the field attribute it holds.
    let fieldAttributeOpeners: [[UInt8]]
    /// Per `values` column: how its values are written (read per field, so a trivial value, unlike the type).
    let forms: [ValueForm]
    /// Per `values` column: whether it has field attributes (`attributes(of:)` is not empty).
    let hasAttributes: [Bool]

    /// How a column's values are written.
    enum ValueForm {
        /// Canonicalised by the column's type (`CMTValueCodec`), then XML-escaped.
        case canonical
        /// HTML-encoded, then XML-escaped (a `string` field).
        case html
        /// XML-escaped only.
        case asIs
    }

    /// - Throws: `AirlockError(.invalidValue)` when there is no `@id` column or the attribute tables' rows do not
    ///   line up with the values.
    init(_ table: CMTRecordTable, types: (String) -> CMTFieldType?, at place: SourceLocation) throws {
        self.table = table
        let columns = table.values.columns
        guard let id = table.values.columnIndex(named: CMTRecordTable.idColumn) else {
            throw AirlockError(.invalidValue, "the record table has no @id column", at: place)
        }
        idColumn = id
        idsAreCanonical = columns[id].holdsCanonicalGUIDs
        let links: Set<String> = [CMTRecordTable.idColumn, CMTEntityData.partyRecordColumn, CMTEntityData.partyFieldColumn]
        attributeColumns = columns.indices.filter {
            CMTRecordTable.isAttributeColumn(columns[$0].name) && !links.contains(columns[$0].name)
        }
        fieldColumns = columns.indices.filter { !CMTRecordTable.isAttributeColumn(columns[$0].name) }
        self.types = columns.map { CMTRecordTable.isAttributeColumn($0.name) ? nil : types($0.name) }
        var position: [String: Int] = [:]
        for (index, column) in columns.enumerated() where position[column.name] == nil { position[column.name] = index }
        var attributes = [[(table: Int, column: Int)]](repeating: [], count: columns.count)
        let order = table.fieldAttributes.indices.sorted {
            (CMTRecordTable.attributeRank(table.fieldAttributes[$0].name), $0) < (
                CMTRecordTable.attributeRank(table.fieldAttributes[$1].name), $1
            )
        }
        for tableIndex in order {
            let attributeTable = table.fieldAttributes[tableIndex]
            guard attributeTable.rowCount == table.count else {
                throw AirlockError(
                    .invalidValue, "the \(attributeTable.name) table has \(attributeTable.rowCount) rows for \(table.count) records",
                    at: place)
            }
            for (columnIndex, column) in attributeTable.columns.enumerated() {
                if let valueColumn = position[column.name] { attributes[valueColumn].append((tableIndex, columnIndex)) }
            }
        }
        fieldAttributes = attributes
        hasAttributes = attributes.map { !$0.isEmpty }
        forms = zip(self.types, columns).map { type, column in
            guard let type else { return .asIs }
            if type == .string { return .html }
            // A GUID column that holds canonical GUIDs alone is already in the form the codec would give.
            if CMTValueCodec.isGUIDType(type) && column.holdsCanonicalGUIDs { return .asIs }
            return Self.needsCanonicalForm(type) ? .canonical : .asIs
        }
        do {
            openers = try columns.map { column in
                if CMTRecordTable.isAttributeColumn(column.name) {
                    return try CMTXMLOutput.attributeOpener(String(column.name.dropFirst()))
                }
                // `<field name="…" value="`
                return Array("<field".utf8) + (try CMTXMLOutput.attributeOpener("name")) + (try CMTXMLOutput.escaped(column.name))
                    + [0x22] + (try CMTXMLOutput.attributeOpener("value"))
            }
            fieldAttributeOpeners = try table.fieldAttributes.map { try CMTXMLOutput.attributeOpener($0.name) }
        } catch let problem as CMTValueProblem {
            throw AirlockError(.invalidValue, "a field or attribute name cannot be written: \(problem.reason)", at: place)
        }
    }

    /// The attribute cells of the field in `column`: (attribute table, column in it).
    func attributes(of column: Int) -> [(table: Int, column: Int)] {
        fieldAttributes[column]
    }

    /// Types whose table text is canonicalised again on the way out; strings and opaque types go as they are.
    static func needsCanonicalForm(_ type: CMTFieldType) -> Bool {
        switch type {
        case .string, .partyList, .imageData, .fileData, .unknown, .other: false
        default: true
        }
    }
}
