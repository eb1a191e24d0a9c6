import AirlockModel
import AirlockReconcile

/// Gives accepted Sales records their GUID: the one the target export has for the same natural key, else the
/// stable UUIDv5 of (entity, company, key) (`StableIdentifier`), so a second run and a re-import agree.
enum SalesIdentity {
    /// The accepted rows of `mapped` as a table, with the id column filled for a Sales layout.
    /// - Parameters:
    ///   - rows: the accepted rows of `mapped`, in order.
    ///   - targetRows: per accepted row, the matching row of `target` (nil when created).
    static func table(
        _ mapped: Table, rows: [Int], targetRows: [Int?], layout: FlowLayout, target: Table, company: String
    ) throws -> Table {
        let idPosition = layout.idColumn.flatMap { layout.position($0) }
        let targetId = target.columnIndex(named: "@id") ?? layout.idColumn.flatMap { target.columnIndex(named: $0) }
        let keyPositions = layout.keyColumns.compactMap { layout.position($0) }
        guard !mapped.columns.isEmpty else {
            var empty = Table(name: mapped.name)
            for _ in rows { try empty.appendRow([]) }
            return empty
        }
        // Column by column, as bytes: only the id column is computed. When every row is accepted (the usual case)
        // the other columns are the mapped table's own, without the spare capacity they grew with.
        let everyRow = rows.count == mapped.rowCount && rows.elementsEqual(0..<mapped.rowCount)
        var columns: [TableColumn] = []
        // The columns of rows of a source column (`MappedCopies`) show the accepted rows of it, sharing one selection.
        let shownIndices = mapped.columns.indices.filter { !everyRow && $0 != idPosition && mapped.columns[$0].isRowsOfAnotherColumn }
        let shown = Dictionary(uniqueKeysWithValues: zip(shownIndices, mapped.columnsShowing(rows: rows, of: shownIndices)))
        for (index, column) in mapped.columns.enumerated() {
            if everyRow && index != idPosition {
                var kept = column
                kept.shrinkToFit()
                columns.append(kept)
                continue
            }
            if let shown = shown[index] {
                columns.append(shown)
                continue
            }
            var copy = TableColumn(name: column.name)
            copy.reserve(rows: rows.count)
            if index == idPosition {
                for (offset, row) in rows.enumerated() {
                    var id: String?
                    if let targetRow = targetRows[offset], let targetId, let existing = target.value(row: targetRow, column: targetId),
                        let parsed = StableIdentifier(existing.trimmingASCIIWhitespace())
                    {
                        id = parsed.description
                    }
                    try copy.append(
                        id
                            ?? identifier(
                                entity: layout.targetEntity, company: company,
                                key: keyPositions.map { mapped.value(row: row, column: $0) ?? "" }))
                }
            } else {
                for row in rows { try column.withValue(row) { try copy.append($0) } }
            }
            columns.append(copy)
        }
        return Table(name: mapped.name, columns: columns)
    }

    /// The stable GUID of a record new to Sales.
    static func identifier(entity: String, company: String, key: [String]) -> String {
        StableIdentifier.record(entity: entity, company: company, key: key).description
    }
}
