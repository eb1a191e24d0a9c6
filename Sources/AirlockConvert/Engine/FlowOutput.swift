import AirlockMapping
import AirlockModel
import AirlockReconcile
import AirlockReport

/// What one flow produced: the records it accepts (written, or unchanged in the target), the status of every
/// source key for its line flows, the rejects and the counts.
///
/// Set up by its flow and not changed after `ConversionContext.add`, except for the index cache (a `SharedCache`).
final class FlowOutput: @unchecked Sendable {
    let template: MappingTemplate
    /// The flow's source records (for the reject file); released once the reject file is written.
    private(set) var source: Table
    /// Accepted records: one row per record, columns as `FlowLayout.columns`; a column that copies a source field shows
    /// the source column's rows (`SourceCopies`).
    let accepted: Table
    /// Per accepted row: the source row it came from.
    let acceptedSourceRows: [Int]
    /// Per accepted row: whether it is written (created or updated; unchanged ones only with `--full`).
    let written: [Bool]
    let layout: FlowLayout
    let counts: RecordCounts
    let rejects: [RejectEntry]
    /// Second-pass lookups waiting for `SecondPass` (set by the flow; nil once resolved, or when the template has
    /// none).
    var secondPass: SecondPassRecords?
    /// Second-pass lookups that found no record: the records are written without them.
    var unresolved: [UnresolvedLookup] = []
    /// Records rules generated beyond the source records (price-list items, freight tax lines, order statuses).
    var generated: [GeneratedRecords] = []
    /// The records the template names by a fixed value, and whether they are held (for the plan).
    var assumedReferences: [ConversionPlan.AssumedReference] = []
    /// Records left out as unchanged since the last wave whose key the target export does not hold (rejected or not
    /// imported then).
    var unchangedNotInTarget = 0
    /// Field name → the updated records in which it changed, with an example.
    let changedFields: [String: FieldChange]
    /// Field name → existing records that kept their value where the template would write its own (`on: create`).
    var keptExisting: [String: Int] = [:]
    /// Field → records the master holds that kept the master's value (`--master`, a flow towards it).
    var keptByMaster: [String: Int] = [:]
    /// How the accepted records took the values of the field maps that fill a blank source or withhold a value
    /// (set by the flow once its records are classified).
    var fills = FieldFills.none
    /// Filter name → records it left out.
    let filteredBy: [String: Int]
    let statusIndex: KeyIndex?
    let statuses: [HeaderStatus]
    private let indexes = SharedCache<KeyIndex>()

    init(
        template: MappingTemplate, source: Table, layout: FlowLayout, accepted: Table, acceptedSourceRows: [Int], written: [Bool],
        counts: RecordCounts, rejects: [RejectEntry], changedFields: [String: FieldChange], filteredBy: [String: Int],
        statusIndex: KeyIndex?,
        statuses: [HeaderStatus]
    ) {
        self.template = template
        self.source = source
        self.layout = layout
        self.accepted = accepted
        self.acceptedSourceRows = acceptedSourceRows
        self.written = written
        self.counts = counts
        self.rejects = rejects
        self.changedFields = changedFields
        self.filteredBy = filteredBy
        self.statusIndex = statusIndex
        self.statuses = statuses
    }

    /// The status of the source record whose (target-side) key is `key`, or nil when no source record has it.
    func status(of key: NaturalKey) -> HeaderStatus? {
        statusIndex?.row(for: key).map { statuses[$0] }
    }

    /// An index of the accepted records by `columns` (with the flow's company when its target is F&O).
    func index(by columns: [String]) throws -> KeyIndex? {
        try indexes.value(columns.joined(separator: "\u{0}")) {
            guard columns.allSatisfy({ accepted.columnIndex(named: $0) != nil }) else { return nil }
            return try KeyIndex(table: accepted, key: KeyDefinition(columns: columns, company: layout.company.map { .fixed($0) } ?? .none))
        }
    }

    /// Lets go of the source table (shared with the export), so the exports' memory can be freed: all but the columns
    /// the accepted records show (`SourceCopies`), which go with them.
    func releaseSource() { source = Table(name: source.name) }

    /// The output of a flow whose accepted records a shard read (`ShardLookups`) instead of running it: for the later
    /// flows' lookups alone, with no source, rejects or counts (a shard other than 0 writes none of its records).
    static func lookedUp(_ template: MappingTemplate, layout: FlowLayout, accepted: Table) -> FlowOutput {
        FlowOutput(
            template: template, source: Table(name: template.source.entity), layout: layout, accepted: accepted,
            acceptedSourceRows: Array(0..<accepted.rowCount), written: Array(repeating: false, count: accepted.rowCount),
            counts: RecordCounts(), rejects: [], changedFields: [:], filteredBy: [:], statusIndex: nil, statuses: [])
    }

    /// Number of accepted records written to the output package.
    var writtenCount: Int { written.reduce(0) { $0 + ($1 ? 1 : 0) } }
}
