import AirlockCatalog
import AirlockModel
import AirlockPackages

/// Files an F&O entity file of `convert --since`'s earlier export into a `SinceEntityIndex` as it streams, its
/// columns named by the manifest's field map and its decimals read as `FOExport` reads them (`FODecimalNormalizer`:
/// written with `.` when the file writes them with a comma, the separator given or learnt from the values).
///
/// While the separator is being learnt, values are filed as written; should it turn out to be a comma once records
/// with decimal columns have been filed, the scan stops with `Restart` and is run again with the separator given.
struct SinceFOIndexer: FORecordConsumer {
    /// Thrown when the scan must be run again with `separator`.
    struct Restart: Error {
        let separator: UInt8
    }

    private(set) var entity: SinceEntityIndex
    private let columnName: (String) -> String
    private let schema: FOEntitySchema?
    /// The file's decimal separator once given or learnt.
    private var separator: UInt8?
    private var learner = FODecimalSeparatorLearner()
    /// Per file column, whether it is a decimal field.
    private var decimals: [Bool] = []
    private var keyPositions: [Int?]
    private var positions: [Int?]
    /// Whether a record was filed as written while the file had a decimal column and no separator was known.
    private var filedAsWritten = false

    /// - Parameters:
    ///   - separator: the decimal separator when known (`--fo-locale`, or a scan run again), else nil to learn it.
    init(entity: SinceEntityIndex, fieldMap: FOColumnMap, schema: FOEntitySchema?, separator: UInt8?) {
        self.entity = entity
        self.columnName = { fieldMap.entityField(for: $0) ?? $0 }
        self.schema = schema
        self.separator = separator
        keyPositions = Array(repeating: nil, count: entity.keyColumns.count)
        positions = Array(repeating: nil, count: entity.columns.count)
    }

    /// The key columns the file lacks.
    var missingKeyColumns: [String] { entity.keyColumns.indices.filter { keyPositions[$0] == nil }.map { entity.keyColumns[$0] } }

    mutating func addColumn(_ name: String, at index: Int) throws {
        let name = columnName(name)
        let type = schema?.field(named: name)?.type
        learner.addColumn(type: type)
        decimals.append(type == .real)
        for (position, key) in entity.keyColumns.enumerated() where key == name && keyPositions[position] == nil {
            keyPositions[position] = index
        }
        for (position, column) in entity.columns.enumerated() where column == name && positions[position] == nil {
            positions[position] = index
        }
        entity.noteOldColumn(name)
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        if separator == nil {
            learner.read { column, body in column < record.count ? record.withValue(column, body) : body(nil) }
            if learner.isDecided {
                let learnt = learner.decide()
                if learnt != UInt8(ascii: "."), filedAsWritten { throw Restart(separator: learnt) }
                separator = learnt
            } else if decimals.contains(true) {
                filedAsWritten = true
            }
        }
        let comma = separator.flatMap { $0 == UInt8(ascii: ".") ? nil : $0 }
        try entity.file(keyPositions: keyPositions, positions: positions) { column, body in
            guard column < record.count else { return body(nil) }
            record.withValue(column) { bytes in
                if let comma, decimals[column], let bytes, let invariant = FODecimalGrammar.invariant(bytes, separator: comma) {
                    invariant.withUnsafeBytes { body($0) }
                } else {
                    body(bytes)
                }
            }
        }
    }

    /// Ends the scan: the separator of a file whose numbers never decided it.
    /// - Throws: `Restart` when records were filed as written and the separator is not the point.
    mutating func finish() throws {
        guard separator == nil else { return }
        let learnt = learner.decide()
        if learnt != UInt8(ascii: "."), filedAsWritten { throw Restart(separator: learnt) }
        separator = learnt
    }
}
