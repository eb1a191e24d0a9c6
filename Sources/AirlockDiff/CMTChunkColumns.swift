import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Where one piece of a CMT entity section holds what a diff reads of each record: the id, the compared fields
/// (value and `lookupentity`), the party list members and the primary name.
struct CMTChunkColumns {
    let chunk: CMTEntityData
    private let compared: [Int?]
    private let lookupEntities: [Int?]
    private let lookupTable: Int?
    private let nameColumn: Int?
    /// Party member rows per record row, in document order.
    private let members: [Int: [Int]]
    private let memberField: Int?
    private let memberColumns: [Int]

    init(_ chunk: CMTEntityData, compared names: [String], nameField: String?) {
        self.chunk = chunk
        let values = chunk.records.values
        compared = names.map { values.columnIndex(named: $0) }
        let lookupTable = chunk.records.fieldAttributes.firstIndex { $0.name == CMTRecordTable.lookupEntityAttribute }
        self.lookupTable = lookupTable
        lookupEntities = names.map { name in lookupTable.flatMap { chunk.records.fieldAttributes[$0].columnIndex(named: name) } }
        nameColumn = nameField.flatMap { values.columnIndex(named: $0) }
        let party = chunk.partyMembers.values
        var members: [Int: [Int]] = [:]
        if let owner = party.columnIndex(named: CMTEntityData.partyRecordColumn) {
            for row in 0..<party.rowCount {
                if let text = party.value(row: row, column: owner), let ownerRow = Int(text) { members[ownerRow, default: []].append(row) }
            }
        }
        self.members = members
        memberField = party.columnIndex(named: CMTEntityData.partyFieldColumn)
        let skipped: Set<String> = [CMTEntityData.partyRecordColumn, CMTEntityData.partyFieldColumn]
        memberColumns = party.columns.indices.filter { !skipped.contains(party.columns[$0].name) }
            .sorted { Array(party.columns[$0].name.utf8).lexicographicallyPrecedes(Array(party.columns[$1].name.utf8)) }
    }

    var count: Int { chunk.records.count }

    /// The record's id (canonical GUID text) as key bytes.
    func key(row: Int, into key: inout DiffKeyBuilder) {
        key.reset()
        chunk.records.values.withValue(row: row, column: 0) { key.add($0) }
    }

    func id(row: Int) -> String { chunk.records.values.value(row: row, column: 0) ?? "" }

    func name(row: Int) -> String? { nameColumn.flatMap { chunk.records.values.value(row: row, column: $0) } }

    /// Adds the record's compared fields to `digester`: each value, then its `lookupentity` and its party members.
    func digest(row: Int, into digester: inout RecordDigester) {
        digester.reset()
        let values = chunk.records.values
        let party = chunk.partyMembers.values
        let rowMembers = members[row] ?? []
        for (field, column) in compared.enumerated() {
            guard let column else {
                digester.add(nil)
                continue
            }
            values.withValue(row: row, column: column) { digester.add($0) }
            if let lookupTable, let attribute = lookupEntities[field] {
                chunk.records.fieldAttributes[lookupTable].withValue(row: row, column: attribute) { digester.addToLast($0) }
            }
            guard !rowMembers.isEmpty, let memberField else { continue }
            let name = values.columns[column].name
            for member in rowMembers where party.value(row: member, column: memberField) == name {
                for memberColumn in memberColumns {
                    var columnName = party.columns[memberColumn].name
                    columnName.withUTF8 { digester.addToLast(UnsafeRawBufferPointer($0)) }
                    party.withValue(row: member, column: memberColumn) { digester.addToLast($0) }
                }
            }
        }
    }
}
