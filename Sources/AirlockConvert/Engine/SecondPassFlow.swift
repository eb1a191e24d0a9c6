import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport

/// One flow's second pass under way (`SecondPass`): record by record (`resolve(row:)`), each second-pass field's
/// business key resolved to the record it names (`resolve(_:row:targetRow:changes:)`) and compared with the target
/// export's value (`compare`), then the record settled: filtered for the master, made an update, or kept as
/// classification left it (`settle`). What it keeps is what the flow's new output is built from.
struct SecondPassFlow {
    /// A second-pass field: its field map, where the layout holds it and its lookup's entity and name, its column in
    /// the target export, what its lookup looks for (for the list of unresolved lookups) and the lookup itself.
    struct Field {
        let mapping: FieldMapping
        let position: Int
        let entityPosition: Int?
        let namePosition: Int?
        let targetColumn: Int?
        let what: String
        let lookup: SalesLookup

        /// The layout positions the field writes: its value, and its lookup's entity and name where the layout has them.
        var positions: [Int] { [position, entityPosition, namePosition].compactMap { $0 } }
    }

    /// What one record's fields came to against the target: the fields it changes, and whether the master kept a value.
    private struct RecordChanges {
        var changed: [String] = []
        var masterKept = false
    }

    let output: FlowOutput
    let pending: SecondPassRecords
    let fields: [Field]
    private let towardsMaster: Bool
    private let boundKey: BoundKey
    private let idPosition: Int?
    /// Field and key → the record found (nil: none), each lookup made once.
    private var found: [String: (id: String, entity: String, name: String?)?] = [:]
    /// The record being resolved: layout position → its value, for the positions the second-pass fields write.
    private var values: [Int: String?] = [:]

    /// Only the columns the second-pass fields write change: they are built anew from `touched` (per column position,
    /// one value per kept record); every other column is the flow's own, shared, or copied without the records the
    /// pass filters.
    private(set) var touched: [Int: [String?]] = [:]
    /// The accepted rows kept, with their source rows and whether each is written.
    private(set) var keptRows: [Int] = []
    private(set) var sourceRows: [Int] = []
    private(set) var written: [Bool] = []
    private(set) var counts: RecordCounts
    private(set) var changedFields: [String: FieldChange]
    /// Field → the first change's values, for a field no change had named before (`from` nil: the target export
    /// lacks the column).
    private var examples: [String: (from: String?, to: String)] = [:]
    private(set) var filteredBy: [String: Int]
    private(set) var unresolved: [UnresolvedLookup] = []
    /// The second-pass fields the target export has no column for.
    private(set) var uncompared: Set<String> = []

    init(output: FlowOutput, pending: SecondPassRecords, context: ConversionContext) throws {
        let layout = output.layout
        self.output = output
        self.pending = pending
        towardsMaster = context.masterSide == output.template.target.side
        boundKey = try BoundKey(table: output.accepted, definition: layout.keyDefinition)
        idPosition = layout.idColumn.flatMap { layout.position($0) }
        fields = pending.fields.compactMap { mapping -> Field? in
            guard let position = layout.position(mapping.target) else { return nil }
            return Field(
                mapping: mapping, position: position, entityPosition: layout.position(FlowLayout.lookupEntityColumn(mapping.target)),
                namePosition: layout.position(FlowLayout.lookupNameColumn(mapping.target)),
                targetColumn: pending.target.columnIndex(named: mapping.target),
                what: mapping.lookup.map { "\($0.entity) with \($0.keyAttribute)" }.joined(separator: " or "),
                lookup: context.salesLookup(mapping.lookup))
        }
        counts = output.counts
        changedFields = output.changedFields
        filteredBy = output.filteredBy
        for field in fields {
            for position in field.positions { touched[position] = [] }
        }
    }

    /// Resolves the second-pass fields of the accepted record `row` and settles it.
    mutating func resolve(row: Int) {
        values.removeAll(keepingCapacity: true)
        for position in touched.keys { values[position] = output.accepted.value(row: row, column: position) }
        let targetRow = pending.targetRows[row]
        var changes = RecordChanges()
        for field in fields { resolve(field, row: row, targetRow: targetRow, changes: &changes) }
        settle(row: row, targetRow: targetRow, changes: changes)
    }

    /// Resolves `field` of record `row` to the record its key names, writing its id, entity and name, or lists it
    /// as unresolved (the field left empty); a record the target export holds (`targetRow`) is then compared.
    private mutating func resolve(_ field: Field, row: Int, targetRow: Int?, changes: inout RecordChanges) {
        let key = values[field.position].flatMap { $0 }?.trimmingASCIIWhitespace() ?? ""
        values[field.position] = .some(nil)
        guard !key.isEmpty else { return }
        let memoKey = field.mapping.target + "\u{0}" + key
        let record: (id: String, entity: String, name: String?)?
        if let known = found[memoKey] {
            record = known
        } else {
            record = field.lookup.resolve(key)
            found[memoKey] = record
        }
        guard let record else {
            unresolved.append(
                UnresolvedLookup(
                    sourceRow: output.acceptedSourceRows[row],
                    id: idPosition.flatMap { output.accepted.value(row: row, column: $0) } ?? "",
                    key: boundKey.naturalKey(row: row).description, field: field.mapping.target, value: key, target: field.what))
            return
        }
        values[field.position] = .some(record.id)
        if let position = field.entityPosition { values[position] = .some(record.entity) }
        if let position = field.namePosition { values[position] = .some(record.name) }
        guard let targetRow else { return }
        compare(field, id: record.id, targetRow: targetRow, changes: &changes)
    }

    /// Compares the resolved `id` of `field` with the target export's value: a different one is a change, unless the
    /// flow goes towards the master and the master holds a value, which stays (the field left out of the record).
    private mutating func compare(_ field: Field, id: String, targetRow: Int, changes: inout RecordChanges) {
        guard let column = field.targetColumn else {
            // The target export lacks the column: it cannot be shown to hold the value (as in classification).
            changes.changed.append(field.mapping.target)
            uncompared.insert(field.mapping.target)
            if changedFields[field.mapping.target] == nil, examples[field.mapping.target] == nil {
                examples[field.mapping.target] = (nil, id)
            }
            return
        }
        let held = pending.target.value(row: targetRow, column: column)?.trimmingASCIIWhitespace().lowercased() ?? ""
        if towardsMaster, !held.isEmpty, held != id.lowercased() {
            // The master's value stays: left out of the record, the importer keeps it.
            for position in field.positions { values[position] = .some(nil) }
            changes.masterKept = true
        } else if held != id.lowercased() {
            changes.changed.append(field.mapping.target)
            if changedFields[field.mapping.target] == nil { examples[field.mapping.target] = (held, id) }
        }
    }

    /// Settles record `row` by what its fields came to: a record the master's values leave with nothing to change is
    /// filtered `held-by-master`; an unchanged one that changes becomes an update; the record is kept with its values.
    private mutating func settle(row: Int, targetRow: Int?, changes: RecordChanges) {
        var isWritten = output.written[row]
        if targetRow != nil, changes.changed.isEmpty, changes.masterKept, !pending.updated[row] {
            // All it would change is the master's: left out, as classification leaves such records.
            counts.unchanged -= 1
            counts.filtered += 1
            filteredBy[BuiltInFilter.heldByMaster, default: 0] += 1
            return
        }
        if targetRow != nil, !changes.changed.isEmpty {
            if !pending.updated[row] {
                counts.unchanged -= 1
                counts.updated += 1
                isWritten = true
            }
            for field in changes.changed {
                var change =
                    changedFields[field]
                    ?? FieldChange(records: 0, from: examples[field].map { $0.from } ?? "", to: examples[field]?.to ?? "")
                change.records += 1
                changedFields[field] = change
            }
        }
        for (position, value) in values { touched[position]?.append(value) }
        keptRows.append(row)
        sourceRows.append(output.acceptedSourceRows[row])
        written.append(isWritten)
    }
}
