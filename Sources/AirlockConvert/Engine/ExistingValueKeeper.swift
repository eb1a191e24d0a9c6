import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Keeps an existing record's own values where the template would write its constant or default (`on: create`,
/// the default of a field map's own value): a template's default describes a new record, and written on an update it
/// would change what the target holds without a word ("the group for new customers" moving every existing
/// customer to another group).
///
/// Per record whose value of such a field is the template's own: when the target export holds the record, the field
/// takes the target export's value (a lookup its record id and entity), so that the import writes back what the
/// record holds and the package still carries every value the platform requires. When the export lacks the column,
/// a Sales field is left out (the importer leaves its value as it is); an F&O field cannot be kept (an F&O import
/// writes what the file says): the record gets the template's value, and the flow says how many (`notKept`).
struct ExistingValueKeeper {
    private struct Field {
        var plan: FieldPlan
        var name: String
        /// The target export's column of the field (F&O), nil when it has none.
        var targetColumn: Int?
    }

    private let fields: [Field]
    private let side: DataSide
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

    /// The keeper of `plans`' create-only fields in `layout`, against the target export `target`; keeps nothing when
    /// no field map has a create-only value of its own or the target holds no record.
    init(
        plans: [FieldPlan], layout: FlowLayout, side: DataSide, target: (table: Table, key: KeyDefinition), salesRecords: CMTRecordTable?
    ) throws {
        self.salesRecords = salesRecords
        let keys = Set(layout.keyColumns + [layout.companyColumn].compactMap { $0 })
        let fields = plans.filter {
            $0.pipeline.mapping.writesOwnValueOnCreateOnly && !keys.contains($0.pipeline.mapping.target) && $0.keyPathPosition == nil
        }
        .map {
            Field(plan: $0, name: $0.pipeline.mapping.target, targetColumn: target.table.columnIndex(named: $0.pipeline.mapping.target))
        }
        self.fields = fields
        self.side = side
        self.target = target.table
        keyPositions = layout.keyColumns.compactMap { layout.position($0) }
        company = layout.company
        index = fields.isEmpty || target.table.rowCount == 0 ? nil : try KeyIndex(table: target.table, key: target.key)
    }

    /// Whether any field is kept.
    var isActive: Bool { index != nil }

    /// Keeps the existing record's values in `values`, the mapped record of source row `row`.
    mutating func keep(row: Int, view: SourceView, values: inout RowValues) {
        guard let index, keyPositions.count > 0 else { return }
        let own = fields.filter { $0.plan.pipeline.ownValueApplies(row: row, view: view) }
        guard !own.isEmpty else { return }
        let parts = keyPositions.map { values[$0] }
        guard parts.allSatisfy({ $0 != nil }), let targetRow = index.row(for: NaturalKey(company: company, parts: parts)) else { return }
        for field in own {
            let existing = field.targetColumn.flatMap { target.value(row: targetRow, column: $0) }
            // The template's value is the record's already: nothing to keep.
            if let existing, values[field.plan.position] == existing { continue }
            switch side {
            case .sales:
                guard let existing else {
                    // Left out of the record: the importer leaves the existing value as it is.
                    for position in field.plan.positions { values[position] = nil }
                    kept[field.name, default: 0] += 1
                    continue
                }
                values[field.plan.position] = existing
                if let entity = field.plan.lookupEntityPosition {
                    let targets = field.plan.pipeline.targetLookups.map(\.entity)
                    values[entity] =
                        salesRecords?.lookupEntity(row: targetRow, field: field.name) ?? (targets.count == 1 ? targets[0] : nil)
                }
                if let name = field.plan.lookupNamePosition { values[name] = nil }
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
    }
}
