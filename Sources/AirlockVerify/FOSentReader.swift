import AirlockModel
import AirlockPackages

/// Reads one entity of `to-fo.zip` as its file streams: per record, the key columns (with the company's) and the
/// compared date columns into a small table, and the other compared values as a digest (`SentDigests`, planned on
/// the columns the export's file compares) and into the work file (`SentValueSpool`). The values are not held.
struct FOSentReader: FORecordConsumer {
    /// The columns of the export's file for the entity (file names), its field map, and whether they are all
    /// known before its first record (not so in XML, where a record can reveal one); nil when no export is read for
    /// the entity, or its columns are not known (the records are then compared value by value).
    typealias ExportColumns = (names: [String], map: FOColumnMap, fixed: Bool)

    private let columnMap: FOColumnMap
    private let schema: FOEntitySchema?
    /// The key's columns and the company's (exact names), which `keys` holds.
    private let keyNames: Set<String>
    /// Upper-case names of the columns not compared: the key's and the company's.
    private let skipped: Set<String>
    private let exportColumns: ExportColumns?
    private let spool: SentValueSpool?
    private var parts: SentEntity.Parts
    /// Per column of `parts.keys`: its file column.
    private var keptSources: [Int] = []
    /// Whether the first record has been read: the digests are planned on the columns known then.
    private var planned = false
    /// The columns whose values go to the work file: those digested first (in their order), then the other columns
    /// compared but dates (those the export's file does not carry, to tell the records sent with a value in them,
    /// which are not proven; and, when the export's columns are not fixed, those a record may reveal).
    private var spooled: [Int] = []
    private var filer = SentRecordFiler()

    /// - Parameters:
    ///   - keyColumns: the key's columns (`FOSentKey.columns`), which are neither compared nor digested.
    ///   - spool: where the compared values go; nil when no export is read for the entity.
    init(
        label: String, columnMap: FOColumnMap, schema: FOEntitySchema?, keyColumns: [String], exportColumns: ExportColumns?,
        spool: SentValueSpool?
    ) {
        self.columnMap = columnMap
        self.schema = schema
        keyNames = Set(keyColumns + [FOSentKey.companyColumn])
        skipped = Set(keyColumns.map { $0.uppercased() } + [FOSentKey.companyColumn])
        self.exportColumns = exportColumns
        self.spool = spool
        parts = SentEntity.Parts(columnNames: [], rowCount: 0, keys: Table(name: label), keptColumns: [:], compared: [], rules: [])
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        let column = columnMap.entityField(for: name) ?? name
        let rule = FieldRule.fo(schema?.field(named: column)?.type)
        let compared = !skipped.contains(column.uppercased())
        parts.columnNames.append(column)
        parts.rules.append(rule)
        if compared { parts.compared.append(index) }
        if keyNames.contains(column) || (compared && rule == .foDate) {
            parts.keptColumns[index] = parts.keys.addColumn(column)
            keptSources.append(index)
        }
        // A column revealed after the first record (XML): the digests no longer cover every column compared.
        if planned {
            parts.digests = nil
            parts.plannedPairs = nil
            spooled = parts.compared.filter { parts.rules[$0] != .foDate }
        }
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        if !planned { plan() }
        try parts.keys.appendRow { index, append in try record.withValue(keptSources[index]) { try append($0) } }
        if let spool {
            let rules = parts.rules
            try filer.file(FOSentRecordView(record: record), columns: spooled, rules: rules, digests: &parts.digests, spool: spool)
        }
        parts.rowCount += 1
    }

    /// What was read; the entity's values are in the work file from now on.
    /// - Throws: `AirlockError(.io)` when the work file cannot be written.
    mutating func finish() throws -> SentEntity.Parts {
        parts.values = try spool?.endSegment()
        parts.digests?.shrinkToFit()
        return parts
    }

    /// Plans the digests on the columns the export's file compares, in its order (dates are compared as they
    /// stream, so they are not digested).
    private mutating func plan() {
        planned = true
        let undated = parts.compared.filter { parts.rules[$0] != .foDate }
        spooled = undated
        guard let exportColumns, spool != nil else { return }
        let pairs = FOColumnPairing.plan(
            exportColumns: exportColumns.names, map: exportColumns.map, sentColumns: parts.columnNames, compared: parts.compared)
        let digests = SentDigests(columns: pairs.filter { parts.rules[$0] != .foDate })
        parts.plannedPairs = pairs
        parts.digests = digests
        spooled = digests.columns + undated.filter { !digests.columns.contains($0) }
    }
}
