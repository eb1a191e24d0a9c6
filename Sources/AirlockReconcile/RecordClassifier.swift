import AirlockModel

/// Classifies each row of a mapped source table against the target side's export as create, update (naming
/// the fields that differ) or unchanged, rejecting duplicate and incomplete keys.
///
/// Rules:
/// - The source row is matched by its natural key (`source.key`) in `target`, normalised with the target
///   index's rules. Rows the source index found incomplete are rejected `missing-required`; rows it found
///   duplicate (every one after the first, see `KeyIndex`) are rejected `duplicate-key`.
/// - Compared fields are the source columns that the target table also has (exact column name), except the
///   key columns and the company column, which matched by construction. Source columns the target export
///   lacks are listed in `uncomparedFields`; by default they never make an update, with
///   `uncomparedFieldsDiffer` a non-blank value in one of them does (the target cannot be shown to hold it).
/// - A null source value means "not mapped": it is not compared. A non-null source value against a null
///   target value differs, unless the source value is blank (empty after trimming).
/// - Each field compares with its `ValueComparison` (default `.trimmed`).
public struct RecordClassifier: Sendable {
    struct ComparedField: Sendable {
        var name: String
        var sourceColumn: Int
        var targetColumn: Int
        var comparison: ValueComparison
    }

    public let source: KeyIndex
    public let target: KeyIndex
    let fields: [ComparedField]
    /// Source columns the target export does not have: mapped, but never compared.
    public let uncomparedFields: [String]
    let keptRows: [Int: Int]
    let incomplete: Set<Int>
    /// Source columns the target export lacks, checked when `uncomparedFieldsDiffer`.
    let uncomparedColumns: [(name: String, column: Int)]

    /// Prepares classification of `source`'s table against `target`'s.
    /// - Parameters:
    ///   - source: the index over the mapped source table (columns named as target fields).
    ///   - target: the index over the target side's export.
    ///   - comparisons: the comparison per field name; fields not listed use `defaultComparison`.
    ///   - defaultComparison: `.trimmed` unless told otherwise.
    ///   - uncomparedFieldsDiffer: a non-blank source value in a field the target export does not have makes
    ///     the record an update (the converter's choice: a second run after importing the output then finds the
    ///     field and reports the record unchanged).
    ///   - ignoredFields: source columns never compared (bookkeeping).
    /// - Throws: `AirlockError(.usage)` when the two keys do not have the same shape.
    public init(
        source: KeyIndex,
        target: KeyIndex,
        comparisons: [String: ValueComparison] = [:],
        defaultComparison: ValueComparison = .trimmed,
        uncomparedFieldsDiffer: Bool = false,
        ignoredFields: Set<String> = []
    ) throws {
        guard target.isCompatible(with: source.key) else {
            throw AirlockError(
                .usage,
                "the key of \(source.table.name) (\(source.key.definition.columns.joined(separator: ", "))) does not match the key of \(target.table.name) (\(target.key.definition.columns.joined(separator: ", "))) in parts or company"
            )
        }
        var excluded = Set(source.key.definition.columns).union(ignoredFields)
        if case .column(let name) = source.key.definition.company { excluded.insert(name) }
        var fields: [ComparedField] = []
        var uncompared: [String] = []
        var uncomparedColumns: [(name: String, column: Int)] = []
        for (index, column) in source.table.columns.enumerated() where !excluded.contains(column.name) {
            if let targetColumn = target.table.columnIndex(named: column.name) {
                fields.append(
                    ComparedField(
                        name: column.name, sourceColumn: index, targetColumn: targetColumn,
                        comparison: comparisons[column.name] ?? defaultComparison))
            } else {
                uncompared.append(column.name)
                if uncomparedFieldsDiffer { uncomparedColumns.append((column.name, index)) }
            }
        }
        self.source = source
        self.target = target
        self.fields = fields
        self.uncomparedFields = uncompared
        self.uncomparedColumns = uncomparedColumns
        self.keptRows = Dictionary(source.duplicates.map { ($0.row, $0.keptRow) }, uniquingKeysWith: { first, _ in first })
        self.incomplete = Set(source.incompleteRows)
    }

    /// The outcome for source row `row`: create, update, unchanged, or rejected (duplicate or incomplete key).
    /// - Parameter rowNumber: the number a message gives row `row` of the source table by (`row + 1` unless told:
    ///   a conversion gives the record's row in the whole export, which a shard's table is not).
    public func classify(row: Int, rowNumber: (Int) -> Int = { $0 + 1 }) -> RecordOutcome {
        if incomplete.contains(row) {
            return .rejected(.missingRequired, detail: "key \(source.key.naturalKey(row: row)) has an empty part (\(keyFieldsText))")
        }
        if let kept = keptRows[row] {
            return .rejected(.duplicateKey, detail: "key \(source.key.naturalKey(row: row)) repeats row \(rowNumber(kept)), which is kept")
        }
        guard let targetRow = target.row(matching: source.key, row: row) else { return .create }
        let changed = changedFields(sourceRow: row, targetRow: targetRow)
        return changed.isEmpty ? .unchanged(targetRow: targetRow) : .update(targetRow: targetRow, changedFields: changed)
    }

    /// Classifies every source row in order, counting each outcome into `tally` (whose `read` it also advances).
    public func classifyAll(into tally: inout RecordCounts) -> [RecordOutcome] {
        var outcomes: [RecordOutcome] = []
        outcomes.reserveCapacity(source.table.rowCount)
        for row in 0..<source.table.rowCount {
            let outcome = classify(row: row)
            tally.read += 1
            tally.record(outcome)
            outcomes.append(outcome)
        }
        return outcomes
    }

    /// The record's GUID: the target's own (from `targetIdColumn`) when the record is already there, else the
    /// stable UUIDv5 of (`entity`, company, key) from `StableIdentifier`. Nil for an incomplete key.
    public func recordIdentifier(row: Int, entity: String, targetIdColumn: String) -> String? {
        let key = source.key.naturalKey(row: row)
        guard !incomplete.contains(row) else { return nil }
        if let targetRow = target.row(matching: source.key, row: row),
            let existing = target.table.value(row: targetRow, column: targetIdColumn),
            let parsed = StableIdentifier(existing.trimmingASCIIWhitespace())
        {
            return parsed.description
        }
        return StableIdentifier.record(entity: entity, company: key.company, key: key.parts.map { $0 ?? "" }).description
    }

    /// Names of the compared fields whose values differ between the two rows, in source column order.
    func changedFields(sourceRow: Int, targetRow: Int) -> [String] {
        var changed: [String] = []
        for field in fields {
            let same = source.table.withValue(row: sourceRow, column: field.sourceColumn) { sourceBytes -> Bool in
                guard let sourceBytes else { return true }
                return target.table.withValue(row: targetRow, column: field.targetColumn) { targetBytes -> Bool in
                    guard let targetBytes else { return ValueComparison.isBlank(sourceBytes) }
                    return field.comparison.equivalent(sourceBytes, targetBytes)
                }
            }
            if !same { changed.append(field.name) }
        }
        for field in uncomparedColumns {
            let present = source.table.withValue(row: sourceRow, column: field.column) { bytes in
                bytes.map { !ValueComparison.isBlank($0) } ?? false
            }
            if present { changed.append(field.name) }
        }
        return changed
    }

    var keyFieldsText: String { source.key.definition.columns.joined(separator: ", ") }
}
