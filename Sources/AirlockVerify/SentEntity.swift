import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The records of one target entity that a conversion's package sent (`to-fo.zip` or `to-sales.zip`), indexed by
/// the key `verify` matches them on, with what became of each as the export after the import is read.
///
/// The package's table is held (it is the conversion's output, the smaller side); the export is only streamed past
/// it. Per record: its flow, and one byte of outcome.
final class SentEntity {
    /// What became of a sent record.
    enum Outcome: UInt8 {
        case notFound = 0
        case landed = 1
        case drifted = 2
    }

    let side: DataSide
    /// The F&O entity label or the Sales logical name, as the package names it.
    let name: String
    /// The sent records: F&O columns by entity field name; Sales `@id` then the fields (canonical values).
    let table: Table
    /// The flows that wrote the entity, in run order, and each record's flow (an index into `flows`).
    let flows: [String]
    let flowOfRow: [UInt8]
    /// F&O: the entity's key (with the company); Sales: the natural key, when it is made of plain fields.
    let keyIndex: KeyIndex?
    /// The key's columns (F&O key fields; Sales `updateCompare` fields), without the company.
    let keyColumns: [String]
    /// Sales: the record ids.
    let idIndex: KeyIndex?
    /// Columns compared: every column sent but the key, the company and the record id.
    let compared: [Int]
    /// The rule of each column of `table`.
    let rules: [FieldRule]
    /// Sales: each column's type in the sent package's schema (values found are decoded by it).
    let salesTypes: [CMTFieldType]

    /// Per record.
    var outcomes: [Outcome]
    /// Per flow, per column: drifted records in which the field differs.
    var driftCounts: [[Int]]
    /// The export's entity read for this one (nil: not verified).
    var exportEntity: String?
    /// Fields sent that the export does not carry.
    var notCompared: [String] = []
    /// Whether the export was read for this entity.
    var verified = false
    /// Records of the export whose key an earlier export record had (only the first is compared).
    var repeatedInExport = 0

    init(
        side: DataSide, name: String, table: Table, flows: [String], flowOfRow: [UInt8], keyIndex: KeyIndex?, keyColumns: [String],
        idIndex: KeyIndex?, compared: [Int], rules: [FieldRule], salesTypes: [CMTFieldType]
    ) {
        self.side = side
        self.name = name
        self.table = table
        self.flows = flows
        self.flowOfRow = flowOfRow
        self.keyIndex = keyIndex
        self.keyColumns = keyColumns
        self.idIndex = idIndex
        self.compared = compared
        self.rules = rules
        self.salesTypes = salesTypes
        outcomes = Array(repeating: .notFound, count: table.rowCount)
        driftCounts = Array(repeating: Array(repeating: 0, count: table.columnNames.count), count: flows.count)
    }

    /// The flow that wrote record `row`.
    func flow(of row: Int) -> String { flows[Int(flowOfRow[row])] }

    /// Records that a field was found different in record `row` (once per field and record).
    func noteDrift(row: Int, column: Int) {
        outcomes[row] = .drifted
        driftCounts[Int(flowOfRow[row])][column] += 1
    }

    /// Sales: the record id of `row`.
    var idColumn: Int? { side == .sales ? table.columnIndex(named: CMTRecordTable.idColumn) : nil }
}
