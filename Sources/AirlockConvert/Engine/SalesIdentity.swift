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
        // The columns of rows of a source column (`MappedCopies`) share one list of rows: so do their selections.
        var selection: (of: [UInt32], rows: [UInt32])?
        for (index, column) in mapped.columns.enumerated() {
            if everyRow && index != idPosition {
                var kept = column
                kept.shrinkToFit()
                columns.append(kept)
                continue
            }
            if index != idPosition, let shown = column.shownRows {
                if selection.map({ !sameStorage($0.of, shown.rows) }) ?? true {
                    selection = (shown.rows, rows.map { shown.rows[$0] })
                }
                columns.append(TableColumn(rows: selection?.rows ?? [], of: shown.of, name: column.name))
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

    /// Whether two lists of rows are one list (one storage), not merely equal.
    private static func sameStorage(_ first: [UInt32], _ second: [UInt32]) -> Bool {
        first.withUnsafeBufferPointer { first in second.withUnsafeBufferPointer { first.baseAddress == $0.baseAddress } }
    }

    /// The stable GUID of a record new to Sales.
    static func identifier(entity: String, company: String, key: [String]) -> String {
        StableIdentifier.record(entity: entity, company: company, key: key).description
    }
}
