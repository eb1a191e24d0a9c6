import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Streams one entity file of the F&O export after the import past the records sent for that entity: each export
/// record is matched on the sent entity's key (and company) and its fields compared with the values sent. Holds
/// nothing of the export but the values whose date locale is not settled yet (`FODateComparer`).
struct FORecordMatcher: FORecordConsumer {
    let entity: SentEntity
    let drift: DriftRecorder
    let columnMap: FOColumnMap
    let locale: FOLocale?
    /// The export's decimal separator when given (`--fo-locale`); nil: each number's own (`FieldRule.equal`).
    let decimalSeparator: UInt8?

    private var sentColumnByName: [String: Int] = [:]
    private var keyPositions: [String: Int] = [:]
    /// Per key column: the export file's column.
    private(set) var keyFileColumns: [Int?]
    private var companyFileColumn: Int?
    /// The compared columns the export carries: (file column, sent column).
    private var comparedPairs: [(file: Int, sent: Int)] = []
    private var dateComparers: [Int: FODateComparer] = [:]
    private var undecided: [(row: Int, column: Int, found: String)] = []
    /// Export records whose key was not sent.
    private(set) var notSent = 0

    init(entity: SentEntity, drift: DriftRecorder, columnMap: FOColumnMap, locale: FOLocale?, decimalSeparator: UInt8?) {
        self.entity = entity
        self.drift = drift
        self.columnMap = columnMap
        self.locale = locale
        self.decimalSeparator = decimalSeparator
        for (index, name) in entity.table.columnNames.enumerated() { sentColumnByName[name.uppercased()] = index }
        for (index, name) in entity.keyColumns.enumerated() { keyPositions[name.uppercased()] = index }
        keyFileColumns = Array(repeating: nil, count: entity.keyColumns.count)
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        let field = (columnMap.entityField(for: name) ?? name).uppercased()
        if field == SentPackages.companyColumn { companyFileColumn = index }
        if let position = keyPositions[field] { keyFileColumns[position] = index }
        if let column = sentColumnByName[field], entity.compared.contains(column), !comparedPairs.contains(where: { $0.sent == column }) {
            comparedPairs.append((index, column))
        }
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        guard let index = entity.keyIndex else { return }
        var parts: [String?] = []
        parts.reserveCapacity(keyFileColumns.count)
        for column in keyFileColumns {
            parts.append(column.flatMap { record.withValue($0) { $0.map { String(decoding: $0, as: UTF8.self) } } })
        }
        let exportCompany = companyFileColumn.flatMap { record.withValue($0) { $0.map { String(decoding: $0, as: UTF8.self) } } }
        let company: String?
        switch index.key.definition.company {
        case .none: company = nil
        case .column: company = exportCompany
        case .fixed(let fixed): company = exportCompany ?? fixed
        }
        guard let row = index.row(for: NaturalKey(company: company, parts: parts)) else {
            notSent += 1
            return
        }
        guard entity.outcomes[row] == .notFound else {
            entity.repeatedInExport += 1
            return
        }
        entity.outcomes[row] = .landed
        for pair in comparedPairs {
            try compare(record, file: pair.file, row: row, column: pair.sent)
        }
    }

    private mutating func compare(_ record: some FORecordView, file: Int, row: Int, column: Int) throws {
        let rule = entity.rules[column]
        try entity.table.withValue(row: row, column: column) { sent in
            guard let sent, !ASCII.trimmed(sent).isEmpty else { return }
            try record.withValue(file) { value in
                let found = value ?? UnsafeRawBufferPointer(start: nil, count: 0)
                let outcome: FODateComparer.Outcome
                if rule == .foDate {
                    outcome = dateComparers[column, default: FODateComparer(pinned: locale)].compare(sent: sent, found: found)
                } else {
                    outcome = rule.equal(sent, found, decimalSeparator: decimalSeparator) ? .equal : .different
                }
                switch outcome {
                case .equal: break
                case .different:
                    try drift.record(entity, row: row, column: column, found: String(decoding: found, as: UTF8.self))
                case .undecided:
                    undecided.append((row, column, String(decoding: found, as: UTF8.self)))
                }
            }
        }
    }

    /// Decides the values left undecided, now that each date column's locale is known; returns warnings for
    /// columns whose locale the values never settled.
    mutating func finish(exportEntity: String) throws -> [String] {
        var warnings: [String] = []
        for item in undecided {
            guard let comparer = dateComparers[item.column] else { continue }
            let sent = entity.table.value(row: item.row, column: item.column) ?? ""
            if !comparer.resolve(sent: sent, found: item.found) {
                try drift.record(entity, row: item.row, column: item.column, found: item.found)
            }
        }
        undecided = []
        for (column, comparer) in dateComparers.sorted(by: { $0.key < $1.key }) where comparer.detector.isAmbiguous {
            let example = comparer.detector.ambiguousExample ?? ""
            warnings.append(
                "the F&O export's \(exportEntity) column \(entity.table.columnNames[column]): dates such as \(example) read differently as en-US and en-GB and no value settled which; read as \(comparer.finalLocale.rawValue) (give --fo-locale)"
            )
        }
        let carried = Set(comparedPairs.map(\.sent))
        entity.notCompared = entity.compared.filter { !carried.contains($0) }.map { entity.table.columnNames[$0] }
        return warnings
    }
}
