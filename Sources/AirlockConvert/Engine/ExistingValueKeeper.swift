import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Keeps an existing record's own values where the template would write its constant or default (`on: create`,
/// the default of a field map's own value): a template's default describes a new record, and written on an update it
/// would change what the target holds without a word ("the group for new customers" moving every existing
/// customer to another group). So it does where `onlyWith` withholds a field's value (a record without a delivery
/// address gets no delivery country): written empty on an update, an F&O import would clear what the target holds.
///
/// Per record whose value of such a field is the template's own: when the target export holds the record, the field
/// takes the target export's value (a lookup its record id and entity), so that the import writes back what the
/// record holds and the package still carries every value the platform requires. When the export lacks the column,
/// a Sales field is left out (the importer leaves its value as it is); an F&O field cannot be kept (an F&O import
/// writes what the file says): the record gets the template's value, and the flow says how many (`notKept`).
///
/// In a flow towards the master side (`--master`), it keeps more: every field of a record the master holds keeps
/// the master's value wherever the master has one, so that only the fields the master holds empty take the other
/// side's values (`keptByMaster` counts the fields kept; `keep` says whether it kept any, for `held-by-master`). A
/// field whose column the master's export lacks is left out of a Sales record (the importer keeps its value); an
/// F&O one cannot be kept (`notKeptByMaster`, for the flow's warning).
struct ExistingValueKeeper {
    private struct Field {
        var plan: FieldPlan
        var name: String
        /// The target export's column of the field (F&O), nil when it has none.
        var targetColumn: Int?
    }

    private let fields: [Field]
    /// Every field but the key's, kept where the master holds a value (empty unless the flow is towards the master).
    private let masterFields: [Field]
    private let side: DataSide
    /// How the flow compares each field with the target (`FlowRunner.comparisons`): a value equal that way is not
    /// a master's value kept.
    private let comparisons: [String: ValueComparison]
    private let index: KeyIndex?
    private let target: Table
    private let keyPositions: [Int]
    private let company: String?
    /// The Sales export's records of the target entity (the lookup entity of each lookup value).
    private let salesRecords: CMTRecordTable?
    /// Field → existing records that kept their value.
    private(set) var kept: [String: Int] = [:]
    /// Field → existing records that got the template's value because the F&O export lacks the column.
    private(set) var notKept: [String: Int] = [:]
    /// Field → records the master holds that kept the master's value instead of the other side's.
    private(set) var keptByMaster: [String: Int] = [:]
    /// Field → records the master holds that take the other side's value because the master's export lacks the
    /// column (its value there cannot be told), create-only fields aside (`notKept` counts those).
    private(set) var notKeptByMaster: [String: Int] = [:]

    /// The keeper of `plans`' create-only fields in `layout`, against the target export `target`, and of every field
    /// when `towardsMaster`; keeps nothing when there is no such field or the target holds no record.
    init(
        plans: [FieldPlan], layout: FlowLayout, side: DataSide, target: (table: Table, key: KeyDefinition), salesRecords: CMTRecordTable?,
        towardsMaster: Bool = false, comparisons: [String: ValueComparison] = [:]
    ) throws {
        self.comparisons = comparisons
        self.salesRecords = salesRecords
        let keys = Set(layout.keyColumns + [layout.companyColumn].compactMap { $0 })
        let fields = plans.filter {
            ($0.pipeline.mapping.writesOwnValueOnCreateOnly || !$0.pipeline.mapping.onlyWithFields.isEmpty)
                && !keys.contains($0.pipeline.mapping.target) && $0.keyPathPosition == nil
        }
        .map {
            Field(plan: $0, name: $0.pipeline.mapping.target, targetColumn: target.table.columnIndex(named: $0.pipeline.mapping.target))
        }
        self.fields = fields
        masterFields =
            towardsMaster
            ? plans.filter {
                !keys.contains($0.pipeline.mapping.target) && $0.keyPathPosition == nil && !$0.pipeline.mapping.isSecondPass
            }
            .map {
                Field(plan: $0, name: $0.pipeline.mapping.target, targetColumn: target.table.columnIndex(named: $0.pipeline.mapping.target))
            } : []
        self.side = side
        self.target = target.table
        keyPositions = layout.keyColumns.compactMap { layout.position($0) }
        company = layout.company
        index =
            (fields.isEmpty && masterFields.isEmpty) || target.table.rowCount == 0
            ? nil : try KeyIndex(table: target.table, key: target.key)
    }

    /// Whether any field is kept.
    var isActive: Bool { index != nil }

    /// Keeps the existing record's values in `values`, the mapped record of source row `row`; returns whether it
    /// kept a master's value.
    @discardableResult
    mutating func keep(row: Int, view: SourceView, values: inout RowValues) -> Bool {
        guard let index, keyPositions.count > 0 else { return false }
        let own = fields.filter { $0.plan.pipeline.keepsExistingValue(row: row, view: view) }
        guard !own.isEmpty || !masterFields.isEmpty else { return false }
        let parts = keyPositions.map { values[$0] }
        guard parts.allSatisfy({ $0 != nil }), let targetRow = index.row(for: NaturalKey(company: company, parts: parts)) else {
            return false
        }
        var keptForMaster = false
        for field in masterFields {
            guard let column = field.targetColumn else {
                guard values[field.plan.position].map({ !$0.isEmpty }) ?? false, !fields.contains(where: { $0.name == field.name }) else {
                    continue
                }
                if side == .sales {
                    // The master's value cannot be told, but left out of the record, the importer keeps it.
                    for position in field.plan.positions { values[position] = nil }
                    keptByMaster[field.name, default: 0] += 1
                    keptForMaster = true
                } else {
                    notKeptByMaster[field.name, default: 0] += 1
                }
                continue
            }
            // The master holds no value there: the other side's fills it.
            guard let existing = target.value(row: targetRow, column: column),
                !existing.trimmingASCIIWhitespace().isEmpty
            else { continue }
            guard let value = values[field.plan.position], !value.trimmingASCIIWhitespace().isEmpty,
                !equivalent(value, existing, field: field.name)
            else { continue }
            keepExisting(existing, field: field, targetRow: targetRow, values: &values)
            keptByMaster[field.name, default: 0] += 1
            keptForMaster = true
        }
        for field in own {
            let existing = field.targetColumn.flatMap { target.value(row: targetRow, column: $0) }
            // The template's value is the record's already, or nothing is written where the record holds nothing:
            // nothing to keep.
            if let existing, values[field.plan.position] == existing { continue }
            if values[field.plan.position] == nil, field.targetColumn != nil, ASCII.isBlank(existing) { continue }
            switch side {
            case .sales:
                guard let existing else {
                    // Left out of the record: the importer leaves the existing value as it is.
                    for position in field.plan.positions { values[position] = nil }
                    kept[field.name, default: 0] += 1
                    continue
                }
                keepExisting(existing, field: field, targetRow: targetRow, values: &values)
                kept[field.name, default: 0] += 1
            case .fo:
                guard field.targetColumn != nil else {
                    notKept[field.name, default: 0] += 1
                    continue
                }
                values[field.plan.position] = existing
                kept[field.name, default: 0] += 1
            }
        }
        return keptForMaster
    }

    /// Whether `value` and `existing` are equal as the flow compares field `name`.
    private func equivalent(_ value: String, _ existing: String, field name: String) -> Bool {
        var value = value
        var existing = existing
        let comparison = comparisons[name] ?? .trimmed
        return value.withUTF8 { lhs in
            existing.withUTF8 { rhs in comparison.equivalent(UnsafeRawBufferPointer(lhs), UnsafeRawBufferPointer(rhs)) }
        }
    }

    /// Puts the target's value `existing` of `field` in `values` (with its lookup entity, for Sales).
    private func keepExisting(_ existing: String, field: Field, targetRow: Int, values: inout RowValues) {
        values[field.plan.position] = existing
        guard side == .sales else { return }
        if let entity = field.plan.lookupEntityPosition {
            let targets = field.plan.pipeline.targetLookups.map(\.entity)
            values[entity] = salesRecords?.lookupEntity(row: targetRow, field: field.name) ?? (targets.count == 1 ? targets[0] : nil)
        }
        if let name = field.plan.lookupNamePosition { values[name] = nil }
    }
}
