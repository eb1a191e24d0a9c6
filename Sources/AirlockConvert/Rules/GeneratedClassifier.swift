import AirlockModel
import AirlockReconcile

/// Classifies records a rule generates against the target export, as flows classify theirs, and gives Sales
/// records their GUID (the existing one, or the stable UUIDv5).
enum GeneratedClassifier {
    /// - Parameters:
    ///   - table: the generated records; `idColumn` null, to be filled.
    ///   - keyColumns: the natural key (columns of both `table` and `target`).
    ///   - packageKey: the key the output package marks, when not `keyColumns`.
    ///   - target: the target export's records of the entity (nil when it has none).
    ///   - exportRows: per record of `table`, the export row it came from (`GeneratedRecords.exportRows`).
    static func classify(
        kind: String, table: Table, idColumn: String, keyColumns: [String], packageKey: [String]? = nil, target: Table?,
        comparisons: [String: ValueComparison], full: Bool, company: String, exportRows: [Int]? = nil
    ) throws -> GeneratedRecords {
        let definition = KeyDefinition(columns: keyColumns)
        let targetTable =
            target.flatMap { table in keyColumns.allSatisfy { table.columnIndex(named: $0) != nil } ? table : nil }
            ?? Table(name: table.name, columnNames: keyColumns)
        let classifier = try RecordClassifier(
            source: try KeyIndex(table: table, key: definition), target: try KeyIndex(table: targetTable, key: definition),
            comparisons: comparisons,
            uncomparedFieldsDiffer: targetTable.rowCount > 0,
            ignoredFields: Set(table.columnNames.filter(FlowLayout.isBookkeeping) + [idColumn]))
        var result = Table(name: table.name, columnNames: table.columnNames)
        var written: [Bool] = []
        var keptExportRows: [Int] = []
        var created = 0
        var updated = 0
        var unchanged = 0
        let idPosition = table.columnIndex(named: idColumn)
        let targetId = targetTable.columnIndex(named: "@id")
        let keyPositions = keyColumns.compactMap { table.columnIndex(named: $0) }
        for row in 0..<table.rowCount {
            var values = table.row(row)
            var targetRow: Int?
            switch classifier.classify(row: row) {
            case .create:
                created += 1
                written.append(true)
            case .update(let found, _):
                updated += 1
                written.append(true)
                targetRow = found
            case .unchanged(let found):
                unchanged += 1
                written.append(full)
                targetRow = found
            case .rejected, .filtered: continue
            }
            if let idPosition {
                let existing = targetRow.flatMap { row in targetId.flatMap { targetTable.value(row: row, column: $0) } }
                values[idPosition] =
                    existing.flatMap { StableIdentifier($0)?.description }
                    ?? SalesIdentity.identifier(entity: table.name, company: company, key: keyPositions.map { values[$0] ?? "" })
            }
            try result.appendRow(values)
            if let exportRows { keptExportRows.append(exportRows[row]) }
        }
        return GeneratedRecords(
            kind: kind, entity: table.name, table: result, keyFields: packageKey ?? keyColumns, written: written, created: created,
            updated: updated, unchanged: unchanged, exportRows: exportRows == nil ? nil : keptExportRows)
    }
}
