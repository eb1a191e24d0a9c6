import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The records of one target entity that a conversion's package sent (`to-fo.zip` or `to-sales.zip`), indexed by
/// the key `verify` matches them on, with what became of each as the export after the import is read.
///
/// Not the records: per record its key (`keys`, with the index over it), its flow, one byte of outcome, and what
/// the comparison needs of its values, a digest (`digests`) and the offset of the values in a work file (`values`,
/// read back only for a record whose digest differs). The export is streamed past it.
final class SentEntity {
    /// What became of a sent record.
    enum Outcome: UInt8 {
        case notFound = 0
        case landed = 1
        case drifted = 2
        /// Found with every compared field as sent, but sent with a value in a field the export does not carry
        /// (counted as landed, and as unproven).
        case unproven = 3
    }

    let side: DataSide
    /// The F&O entity label or the Sales logical name, as the package names it.
    let name: String
    /// The package's columns: F&O by entity field name; Sales `@id` then the fields.
    let columnNames: [String]
    /// The records sent.
    let rowCount: Int
    /// Per record, the columns held: the key's (F&O with the company column) and F&O date columns compared (their
    /// values are read in the export's locale as they stream, `FODateComparer`).
    let keys: Table
    /// The flows that wrote the entity, in run order, and each record's flow (an index into `flows`).
    let flows: [String]
    let flowOfRow: [UInt8]
    /// F&O: the entity's key (with the company); Sales: the natural key, when it is made of plain fields.
    let keyIndex: KeyIndex?
    /// The key's columns (F&O key fields; Sales `updateCompare` fields), without the company.
    let keyColumns: [String]
    /// Sales: the record ids.
    let ids: SentIDIndex?
    /// Columns compared: every column sent but the key, the company and the record id.
    let compared: [Int]
    /// The rule of each column.
    let rules: [FieldRule]
    /// Sales: each column's type in the sent package's schema (values found are decoded by it).
    let salesTypes: [CMTFieldType]
    /// The digests of the records' values; nil when the entity's records are compared value by value (the columns
    /// the export compares were not known when the package was read).
    let digests: SentDigests?
    /// F&O: the columns compared, in the export's order, that `digests` was planned for (date columns included).
    let plannedPairs: [Int]?
    /// Where the records' values are in the work file (nil when no export is read for the entity).
    let values: SentValueSpool.Segment?
    private let keptColumns: [Int: Int]
    private let columnIndexes: [String: Int]

    /// Per record.
    var outcomes: [Outcome]
    /// Per flow, per column: drifted records in which the field differs.
    var driftCounts: [[Int]]
    /// Per flow, per column: unproven records sent with a value in the field (one the export does not carry).
    var unprovenCounts: [[Int]]
    /// The export's entity read for this one (nil: not verified).
    var exportEntity: String?
    /// The columns compared that the export does not carry, so are not compared after all.
    var notComparedColumns: [Int] = []
    /// Whether the export was read for this entity.
    var verified = false
    /// Records of the export whose key an earlier export record had (only the first is compared).
    var repeatedInExport = 0

    /// What the reading of a package's entity gave (`FOSentReader`, `SalesSentReader`).
    struct Parts {
        var columnNames: [String]
        var rowCount: Int
        var keys: Table
        /// Per column of `columnNames` held in `keys`: its column there.
        var keptColumns: [Int: Int]
        var compared: [Int]
        var rules: [FieldRule]
        var salesTypes: [CMTFieldType] = []
        /// Sales: the record ids.
        var ids: SentIDIndex?
        var digests: SentDigests?
        var plannedPairs: [Int]?
        var values: SentValueSpool.Segment?
    }

    init(
        side: DataSide, name: String, parts: Parts, flows: [String], flowOfRow: [UInt8], keyIndex: KeyIndex?, keyColumns: [String]
    ) {
        self.side = side
        self.name = name
        columnNames = parts.columnNames
        rowCount = parts.rowCount
        keys = parts.keys
        keptColumns = parts.keptColumns
        compared = parts.compared
        rules = parts.rules
        salesTypes = parts.salesTypes
        ids = parts.ids
        digests = parts.digests
        plannedPairs = parts.plannedPairs
        values = parts.values
        self.flows = flows
        self.flowOfRow = flowOfRow
        self.keyIndex = keyIndex
        self.keyColumns = keyColumns
        var indexes: [String: Int] = [:]
        for (index, name) in parts.columnNames.enumerated() where indexes[name] == nil { indexes[name] = index }
        columnIndexes = indexes
        outcomes = Array(repeating: .notFound, count: parts.rowCount)
        driftCounts = Array(repeating: Array(repeating: 0, count: parts.columnNames.count), count: flows.count)
        unprovenCounts = driftCounts
    }

    /// Fields sent that the export does not carry.
    var notCompared: [String] { notComparedColumns.map { columnNames[$0] } }

    /// The flow that wrote record `row`.
    func flow(of row: Int) -> String { flows[Int(flowOfRow[row])] }

    /// The first column called `name` (exact), or nil.
    func columnIndex(named name: String) -> Int? { columnIndexes[name] }

    /// Calls `body` with the value of record `row` in `column`, a column held in `keys` (nil when it is not held or null).
    func withKeptValue<R>(row: Int, column: Int, _ body: (UnsafeRawBufferPointer?) throws -> R) rethrows -> R {
        guard let kept = keptColumns[column] else { return try body(nil) }
        return try keys.withValue(row: row, column: kept, body)
    }

    /// The values of record `row`'s compared columns, read back from `spool`.
    /// - Throws: `AirlockError(.io)` when the work file cannot be read.
    func sentValues(of row: Int, in spool: SentValueSpool) throws -> SentValues {
        guard let values else { return SentValues([]) }
        return try spool.values(of: row, in: values)
    }

    /// Records that a field was found different in record `row` (once per field and record).
    func noteDrift(row: Int, column: Int) {
        outcomes[row] = .drifted
        driftCounts[Int(flowOfRow[row])][column] += 1
    }

    /// Once the export is read (and `notComparedColumns` known): each landed record sent with a value in a column
    /// the export does not carry is unproven, and counted per such column. The values are read back from `spool`
    /// (the readers spool those columns too; a date column is in `keys`), only for the landed records of an entity
    /// with such columns.
    /// - Throws: `AirlockError(.io)` when the work file cannot be read.
    func settleUnproven(spool: SentValueSpool) throws {
        guard verified, !notComparedColumns.isEmpty else { return }
        let spooled = notComparedColumns.filter { keptColumns[$0] == nil }
        for row in 0..<rowCount where outcomes[row] == .landed {
            let values = spooled.isEmpty ? SentValues([]) : try sentValues(of: row, in: spool)
            var unproven = false
            for column in notComparedColumns {
                let sent =
                    keptColumns[column] != nil
                    ? withKeptValue(row: row, column: column) { Self.hasValue($0) } : values.withValue(column) { Self.hasValue($0) }
                guard sent else { continue }
                unproven = true
                unprovenCounts[Int(flowOfRow[row])][column] += 1
            }
            if unproven { outcomes[row] = .unproven }
        }
    }

    /// Whether `value` is a value sent (not blank).
    private static func hasValue(_ value: UnsafeRawBufferPointer?) -> Bool {
        guard let value else { return false }
        return !ASCII.trimmed(value).isEmpty
    }
}
