import AirlockModel

/// A `CMTDataObserver` with what the writer needs to tell it about one record table's rows: the fields' names
/// and where each field's `lookupentity` is. Made once per table; a class, so that handing it down per record and
/// field copies nothing.
final class CMTObservedLayout {
    let observer: CMTDataObserver
    /// Per `values` column: its name.
    let names: [String]
    /// The `lookupentity` table, when the record table has one.
    let lookupEntities: Table?
    /// Per `values` column: its column in `lookupEntities`, if that table has it.
    let lookupEntityColumn: [Int?]

    init(observer: CMTDataObserver, layout: CMTTableLayout) {
        self.observer = observer
        let tables = layout.table.fieldAttributes
        names = layout.table.values.columns.map(\.name)
        let tableIndex = tables.firstIndex { $0.name == CMTRecordTable.lookupEntityAttribute }
        lookupEntities = tableIndex.map { tables[$0] }
        lookupEntityColumn = layout.table.values.columns.indices.map { column in
            layout.attributes(of: column).first { $0.table == tableIndex }?.column
        }
    }

    convenience init?(observer: CMTDataObserver, layout: CMTTableLayout?) {
        guard let layout else { return nil }
        self.init(observer: observer, layout: layout)
    }

    /// Tells the observer of a field just written with `value`, on `line`.
    func tell(_ value: UnsafeRawBufferPointer, row: Int, column: Int, line: Int, isMember: Bool, hasMembers: Bool) {
        func tell(_ lookupEntity: UnsafeRawBufferPointer?) {
            if isMember {
                observer.partyMemberField(name: names[column], value: value, lookupEntity: lookupEntity, line: line)
            } else {
                observer.field(
                    column: column, name: names[column], value: value, lookupEntity: lookupEntity, line: line, hasMembers: hasMembers)
            }
        }
        guard let lookupEntities, let attributeColumn = lookupEntityColumn[column] else { return tell(nil) }
        lookupEntities.withValue(row: row, column: attributeColumn) { tell($0) }
    }
}
