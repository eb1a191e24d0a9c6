import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Streams one entity file of the F&O export after the import past the records sent for that entity: each export
/// record is matched on the sent entity's key (and company) and its fields compared with the values sent. Holds
/// nothing of the export but the values whose date locale is not settled yet (`FODateComparer`).
///
/// A record's values are first taken as a digest of their canonical forms, on the columns the sent record's digest
/// covers (`SentDigests`): the same digest and no date found different, and the record landed. Otherwise (or when
/// the entity has no digests) the values sent are read back from the work file and compared one by one, which names
/// the fields that differ; the outcome is the same either way, as `FieldRule`'s canonical forms compare as it does.
struct FORecordMatcher: FORecordConsumer {
    let entity: SentEntity
    let spool: SentValueSpool
    let drift: DriftRecorder
    let columnMap: FOColumnMap
    let locale: FOLocale?
    /// The export's decimal separator when given (`--fo-locale`); nil: each number's own (`FieldRule.equal`).
    let decimalSeparator: UInt8?

    private var keyPositions: [String: Int] = [:]
    /// Per key column: the export file's column.
    private(set) var keyFileColumns: [Int?]
    private var companyFileColumn: Int?
    /// The compared columns the export carries, with their sent columns.
    private var pairing: FOColumnPairing
    /// Whether the pairs are those the sent entity's digests were planned on.
    private var digestsApply = false
    private var dateComparers: [Int: FODateComparer] = [:]
    /// Per pair of the record being compared: a date's outcome (nil: not a date, or sent blank).
    private var dateOutcomes: [FODateComparer.Outcome?] = []
    private var undecided: [(row: Int, column: Int, found: String)] = []
    private var digester = FieldDigester()
    private var probe = KeyProbe()
    /// Export records whose key was not sent.
    private(set) var notSent = 0

    init(
        entity: SentEntity, spool: SentValueSpool, drift: DriftRecorder, columnMap: FOColumnMap, locale: FOLocale?, decimalSeparator: UInt8?
    ) {
        self.entity = entity
        self.spool = spool
        self.drift = drift
        self.columnMap = columnMap
        self.locale = locale
        self.decimalSeparator = decimalSeparator
        for (index, name) in entity.keyColumns.enumerated() { keyPositions[name.uppercased()] = index }
        keyFileColumns = Array(repeating: nil, count: entity.keyColumns.count)
        pairing = FOColumnPairing(sentColumns: entity.columnNames, compared: entity.compared)
        digestsApply = entity.digests != nil && entity.plannedPairs == []
    }

    mutating func addColumn(_ name: String, at index: Int) throws {
        let field = FOColumnPairing.field(name, map: columnMap)
        if field == SentPackages.companyColumn { companyFileColumn = index }
        if let position = keyPositions[field] { keyFileColumns[position] = index }
        if pairing.add(field: field, at: index) {
            digestsApply = entity.digests != nil && entity.plannedPairs == pairing.pairs.map(\.sent)
        }
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        guard let index = entity.keyIndex else { return }
        probe.reset()
        switch index.key.definition.company {
        case .none:
            break
        case .column:
            addPart(record, companyFileColumn)
        case .fixed(let fixed):
            // The export's company, else the run's.
            if let companyFileColumn, record.withValue(companyFileColumn, { $0 != nil }) {
                addPart(record, companyFileColumn)
            } else {
                var fixed = fixed
                fixed.withUTF8 { probe.add(UnsafeRawBufferPointer($0)) }
            }
        }
        for column in keyFileColumns { addPart(record, column) }
        guard let row = index.row(for: probe) else {
            notSent += 1
            return
        }
        guard entity.outcomes[row] == .notFound else {
            entity.repeatedInExport += 1
            return
        }
        entity.outcomes[row] = .landed
        try compare(record, row: row)
    }

    /// Adds the value of file column `column` (nil: the file has none) to the key looked up.
    private mutating func addPart(_ record: some FORecordView, _ column: Int?) {
        guard let column else { return probe.add(nil) }
        record.withValue(column) { probe.add($0) }
    }

    /// Compares the export record `record` with sent record `row`: dates as they stream, the other values by digest,
    /// then, unless all was equal, value by value.
    private mutating func compare(_ record: some FORecordView, row: Int) throws {
        let pairs = pairing.pairs
        let digests = digestsApply ? entity.digests : nil
        digester.reset()
        dateOutcomes.removeAll(keepingCapacity: true)
        var dateDiffers = false
        var position = 0
        for pair in pairs {
            guard entity.rules[pair.sent] == .foDate else {
                dateOutcomes.append(nil)
                if let digests {
                    if digests.isSent(row: row, position: position) {
                        record.withValue(pair.file) { found in
                            digester.addFound(found ?? Self.empty, rule: entity.rules[pair.sent], decimalSeparator: decimalSeparator)
                        }
                    }
                    position += 1
                }
                continue
            }
            let outcome = compareDate(record, file: pair.file, row: row, column: pair.sent)
            dateOutcomes.append(outcome)
            if outcome == .different { dateDiffers = true }
        }
        if let digests, !dateDiffers, digester.digest() == digests.digest(of: row) { return }
        let sent = try entity.sentValues(of: row, in: spool)
        for (index, pair) in pairs.enumerated() {
            let column = pair.sent
            if let outcome = dateOutcomes[index] {
                guard outcome == .different else { continue }
                let sentDate = entity.withKeptValue(row: row, column: column) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? ""
                try record.withValue(pair.file) { found in
                    try drift.record(entity, row: row, column: column, sent: sentDate, found: Self.text(found))
                }
                continue
            }
            guard entity.rules[column] != .foDate else { continue }
            try sent.withValue(column) { sentValue in
                guard let sentValue, !ASCII.trimmed(sentValue).isEmpty else { return }
                try record.withValue(pair.file) { found in
                    guard !entity.rules[column].equal(sentValue, found ?? Self.empty, decimalSeparator: decimalSeparator) else { return }
                    try drift.record(
                        entity, row: row, column: column, sent: String(decoding: sentValue, as: UTF8.self), found: Self.text(found))
                }
            }
        }
    }

    /// Compares a date column as the column's values stream (nil when it was sent blank: not compared); a value
    /// whose reading waits for the column's locale is kept.
    private mutating func compareDate(_ record: some FORecordView, file: Int, row: Int, column: Int) -> FODateComparer.Outcome? {
        let locale = locale
        return entity.withKeptValue(row: row, column: column) { sent -> FODateComparer.Outcome? in
            guard let sent, !ASCII.trimmed(sent).isEmpty else { return nil }
            return record.withValue(file) { value in
                let found = value ?? Self.empty
                let outcome = dateComparers[column, default: FODateComparer(pinned: locale)].compare(sent: sent, found: found)
                if outcome == .undecided { undecided.append((row, column, String(decoding: found, as: UTF8.self))) }
                return outcome
            }
        }
    }

    /// Decides the values left undecided, now that each date column's locale is known; returns warnings for
    /// columns whose locale the values never settled.
    mutating func finish(exportEntity: String) throws -> [String] {
        var warnings: [String] = []
        for item in undecided {
            guard let comparer = dateComparers[item.column] else { continue }
            let sent = entity.withKeptValue(row: item.row, column: item.column) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? ""
            if !comparer.resolve(sent: sent, found: item.found) {
                try drift.record(entity, row: item.row, column: item.column, sent: sent, found: item.found)
            }
        }
        undecided = []
        for (column, comparer) in dateComparers.sorted(by: { $0.key < $1.key }) where comparer.detector.isAmbiguous {
            let example = comparer.detector.ambiguousExample ?? ""
            warnings.append(
                "the F&O export's \(exportEntity) column \(entity.columnNames[column]): dates such as \(example) read differently as en-US and en-GB and no value settled which; read as \(comparer.finalLocale.rawValue) (give --fo-locale)"
            )
        }
        let carried = Set(pairing.pairs.map(\.sent))
        entity.notComparedColumns = entity.compared.filter { !carried.contains($0) }
        return warnings
    }

    private static var empty: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: nil, count: 0) }

    private static func text(_ bytes: UnsafeRawBufferPointer?) -> String {
        bytes.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
}
