import AirlockModel
import AirlockReconcile
import AirlockReport

/// What mapping a flow's source records gives (`FlowRunner.mapRecords`): an outcome for each record filtered or
/// rejected so far, and the mapped records that go on to classification.
struct MappedRecords {
    /// Source records read.
    var read = 0
    /// Per source row: its outcome's kind once decided.
    var outcomes: OutcomeKinds
    var rejects: [RejectEntry] = []
    /// The records that passed, in the target layout, and the source row of each.
    var mapped: Table
    var mappedSourceRows: [Int] = []
    /// Every record's key (for the status index line flows read) and source row, and its status.
    var keyTable: Table
    var keySourceRows: [Int] = []
    var statuses: [HeaderStatus] = []
    /// Per mapped record: its entry in `statuses`.
    var statusOfMapped: [Int] = []
    /// The records the template names by a fixed value, whether they are held, and the value a record that
    /// carries one holds in the target field.
    var assumedReferences: [(reference: ConversionPlan.AssumedReference, written: String?)] = []
    /// Field → existing records that kept their value instead of the template's own (`on: create`).
    var keptExisting: [String: Int] = [:]
    /// Field → records the master holds that kept the master's value (`--master`, a flow towards it).
    var keptByMaster: [String: Int] = [:]
    /// Per mapped record: whether it kept a master's value (`--master`, a flow towards it).
    var masterKept: [Bool] = []
    /// The layout positions of the key's columns, in `keyTable`'s order.
    private let keyPositions: [Int]
    /// The mapped columns that copy their source field so far, held as the source's rows once mapping ends.
    private var copies: MappedCopies

    /// No record yet, of a source of `rowCount` rows, for the flow's `layout` whose key's columns are at
    /// `keyPositions`; `copies`: the columns that copy their source field.
    init(rowCount: Int, layout: FlowLayout, keyPositions: [Int], copies: MappedCopies) {
        outcomes = OutcomeKinds(rowCount: rowCount)
        self.copies = copies
        mapped = Table(name: layout.targetEntity, columnNames: layout.columns)
        keyTable = Table(name: layout.targetEntity, columnNames: layout.keyColumns)
        self.keyPositions = keyPositions
    }

    /// Source row `row` is another company's record: left out before any field is mapped, so neither its key nor a
    /// status is kept.
    mutating func leaveOutOtherCompany(_ row: Int) {
        outcomes.settle(row, .filtered(filter: BuiltInFilter.otherCompany))
    }

    /// Source row `row` is left out by `filter` (a template's filter, `--since`'s, or its header's): its key, the
    /// only fields mapped in `values`, is kept for the status lines read, and a record unchanged since the last wave
    /// counts as present there (it is in the target since that wave).
    mutating func leaveOut(_ row: Int, filter: String, key values: RowValues) throws {
        try appendKey(of: row, values: values)
        outcomes.settle(row, .filtered(filter: filter))
        statuses.append(filter == BuiltInFilter.unchangedSince ? .accepted : .filtered)
    }

    /// Keeps the key of source row `row`, mapped in `values`.
    mutating func appendKey(of row: Int, values: RowValues) throws {
        try values.appendRow(to: &keyTable, positions: keyPositions)
        keySourceRows.append(row)
    }

    /// Settles source row `row`, whose key is kept, with an `outcome` other than classification's: a rejected
    /// record's reject line gives its first reason and the others with it (`reasons`, the most fundamental first).
    mutating func settle(_ row: Int, outcome: RecordOutcome, reasons: [RejectEntry.Problem]) {
        outcomes.settle(row, outcome)
        if case .rejected = outcome, let first = reasons.first {
            rejects.append(
                RejectEntry(
                    sourceRow: row, reason: first.reason, field: first.field, message: first.message, value: first.value,
                    also: Array(reasons.dropFirst())))
            statuses.append(.rejected)
        } else {
            statuses.append(outcome == .filtered(filter: BuiltInFilter.unchangedSince) ? .accepted : .filtered)
        }
    }

    /// Takes source row `row`, whose key is kept, as mapped in `values` to classification; `keptForMaster`: whether
    /// it kept a master's value (`ExistingValueKeeper`).
    mutating func accept(_ row: Int, values: RowValues, keptForMaster: Bool) throws {
        statuses.append(.accepted)
        statusOfMapped.append(statuses.count - 1)
        try copies.check(row: row, values: values, mapped: &mapped, sourceRows: mappedSourceRows)
        try values.appendRow(to: &mapped, leavingNull: copies.positions)
        mappedSourceRows.append(row)
        masterKept.append(keptForMaster)
    }

    /// Ends the mapping: the columns that copy their source field in every mapped row show the source's rows.
    mutating func finishMapping() {
        mapped = copies.sealed(mapped, sourceRows: mappedSourceRows)
    }
}
