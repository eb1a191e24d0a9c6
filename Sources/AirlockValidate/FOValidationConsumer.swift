import AirlockModel
import AirlockPackages

/// Checks the records of one F&O entity file as they stream past: values against the catalog, mandatory
/// fields, duplicate keys, and references to parent entities already validated.
struct FOValidationConsumer: FORecordConsumer {
    let entityName: String
    let file: String
    let schema: FOEntitySchema?
    let catalog: SchemaCatalog
    let collector: FindingCollector
    /// Maps a file column to its entity field (the manifest's field map).
    let entityField: (String) -> String
    /// Parent key sets this entity's references are checked against: (reference, key set).
    let parentKeys: [(reference: FOEntityReference, keys: Set<FOKeyHash>, parentName: String)]
    /// Key fields whose values this entity collects for children validated later (company left out: a package
    /// holds one company's data).
    let keyFieldsForChildren: [[String]]
    /// A missing parent is an error (the package must hold every parent of the entities it carries).
    var selfContained = false
    /// The records the target holds, when the package is a delta against them: a parent the package lacks and the
    /// target holds is no finding.
    var target: (any FOTargetRecords)?
    /// The data project's locale, when the user gives it (`--fo-locale`); else each date column's is learnt, and
    /// the file's decimal separator.
    var locale: FOLocale?

    /// A number read while the file's decimal separator was undecided, checked once it is.
    private struct PendingNumber {
        var line: Int
        var record: String?
        var column: Int
        var value: String
    }

    /// How many numbers may wait for the separator; later ones are checked with the point, F&O's default.
    static let pendingLimit = 100_000

    private(set) var columns: [String] = []
    private var checkers: [FOValueChecker?] = []
    private var keyColumns: [Int] = []
    private var companyColumn: Int?
    private var mandatoryColumns: [Int] = []
    private var seenKeys = Set<FOKeyHash>()
    /// Keys collected for children, one set per entry of `keyFieldsForChildren`.
    private(set) var childKeySets: [Set<FOKeyHash>] = []
    private var childKeyColumns: [[Int]?] = []
    private var referenceColumns: [[Int]?] = []
    private var unknownColumns: [String] = []
    /// The entity's conditional requirements (an organization's name), and the column of each field they read.
    private let requirements: FORequirementCheck
    private var requirementColumns: [String: Int] = [:]
    /// The self-references that fix the order of the file's rows (`FOEntitySchema.loadOrder`).
    private var loadOrder: FOLoadOrderTracker?
    private(set) var records = 0
    private var plannedColumns = -1
    /// The file's decimal separator, learnt from its numbers and dates (`FODecimalSeparatorLearner`) or given.
    private var decimals = FODecimalSeparatorLearner()
    private var pendingNumbers: [PendingNumber] = []

    init(
        entityName: String, file: String, schema: FOEntitySchema?, catalog: SchemaCatalog, collector: FindingCollector,
        entityField: @escaping (String) -> String,
        parentKeys: [(reference: FOEntityReference, keys: Set<FOKeyHash>, parentName: String)],
        keyFieldsForChildren: [[String]]
    ) {
        self.entityName = entityName
        self.file = file
        self.schema = schema
        self.catalog = catalog
        self.collector = collector
        self.entityField = entityField
        self.parentKeys = parentKeys
        self.keyFieldsForChildren = keyFieldsForChildren
        self.childKeySets = Array(repeating: [], count: keyFieldsForChildren.count)
        requirements = FORequirementCheck(entity: schema)
        if let order = schema?.loadOrder, !order.isEmpty { loadOrder = FOLoadOrderTracker(order) }
    }

    /// The entity field names of the file's columns.
    var fieldNames: [String] { columns.map(entityField) }

    mutating func addColumn(_ name: String, at index: Int) throws {
        columns.append(name)
        let field = entityField(name)
        let fieldSchema = schema?.field(named: field)
        let checker = fieldSchema.map { FOValueChecker(field: $0, catalog: catalog, locale: locale) }
        checkers.append(checker)
        decimals.addColumn(type: fieldSchema?.type)
        if schema != nil && fieldSchema == nil && field.uppercased() != "DATAAREAID" { unknownColumns.append(name) }
        if field.uppercased() == "DATAAREAID" { companyColumn = index }
        if fieldSchema?.isMandatory == true { mandatoryColumns.append(index) }
    }

    /// Resolves key, reference and child-key columns once the header is known (XML files announce columns as
    /// they go, so this runs before the first record and again whenever columns were added).
    private mutating func plan() {
        let fields = fieldNames.map { $0.uppercased() }
        func index(_ name: String) -> Int? { fields.firstIndex(of: name.uppercased()) }
        keyColumns = (schema?.keyFields ?? []).compactMap(index)
        if keyColumns.count != schema?.keyFields.count { keyColumns = [] }
        referenceColumns = parentKeys.map { parent in
            let columns = parent.reference.fields.map { index($0.child) }
            return columns.contains(nil) ? nil : columns.compactMap { $0 }
        }
        childKeyColumns = keyFieldsForChildren.map { names in
            let columns = names.map(index)
            return columns.contains(nil) ? nil : columns.compactMap { $0 }
        }
        requirementColumns = [:]
        for field in requirements.fieldsRead { requirementColumns[field] = index(field) }
        loadOrder?.plan(column: index)
    }

    /// Reports columns the catalog does not know and mandatory fields the file lacks; call after the header.
    func reportColumns() {
        for name in unknownColumns {
            collector.add(
                ValidationRules.foFieldUnknown, entity: entityName, file: file, field: name,
                "the column is not a field of \(schema?.label ?? entityName) in the catalog")
        }
        guard let schema else { return }
        let present = Set(fieldNames.map { $0.uppercased() })
        for field in schema.mandatoryFields where !present.contains(field.name.uppercased()) {
            collector.add(
                ValidationRules.foFieldMandatoryMissing, entity: entityName, file: file, field: field.name,
                "mandatory field \(field.name) is not a column of the file")
        }
    }

    /// Checks the numbers still waiting for the decimal separator, which the file's numbers now decide, and
    /// reports date columns whose values leave the locale open (en-US or en-GB); call after the records.
    mutating func finishRecords() {
        checkPendingNumbers()
        reportAmbiguousDates()
        loadOrder?.report(entity: entityName, file: file, into: collector)
    }

    /// Checks the numbers that waited for the separator (deciding it if the file has not).
    private mutating func checkPendingNumbers() {
        let separator = decimals.decide()
        for pending in pendingNumbers {
            guard let checker = checkers[pending.column] else { continue }
            var value = pending.value
            let problem = value.withUTF8 { checker.problem(UnsafeRawBufferPointer($0), decimalSeparator: separator) }
            if let problem {
                collector.add(
                    problem.rule, entity: entityName, file: file, line: pending.line, record: pending.record, field: checker.name,
                    value: pending.value, problem.message, severity: problem.severity, basis: problem.basis)
            }
        }
        pendingNumbers = []
    }

    private func reportAmbiguousDates() {
        for (column, checker) in zip(columns, checkers) {
            guard let checker, checker.dates.isAmbiguous, let example = checker.dates.ambiguousExample else { continue }
            let readings = checker.dates.candidates.map { "\($0.rawValue) \($0.datePattern)" }.joined(separator: " or ")
            collector.add(
                ValidationRules.foValueDateAmbiguous, entity: entityName, file: file, field: column, value: example,
                "the column's dates read as \(readings), and '\(example)' is a different date in each; give the data project's locale with --fo-locale"
            )
        }
    }

    mutating func consume(_ record: some FORecordView, line: Int) throws {
        if plannedColumns != columns.count {
            if plannedColumns < 0, let locale { decimals.pin(to: locale) }
            plan()
            plannedColumns = columns.count
        }
        records += 1
        var recordKey: String?
        func key() -> String? {
            if recordKey == nil, !keyColumns.isEmpty {
                var parts: [String] = []
                if let companyColumn {
                    parts.append(record.withValue(companyColumn) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? "")
                }
                for column in keyColumns { parts.append(record.withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? "") }
                recordKey = parts.joined(separator: " / ")
            }
            return recordKey
        }
        for column in 0..<min(record.count, checkers.count) {
            guard let checker = checkers[column] else { continue }
            record.withValue(column) { bytes in
                guard let bytes, !bytes.isEmpty else {
                    if checker.isMandatory {
                        collector.add(
                            ValidationRules.foValueMandatory, entity: entityName, file: file, line: line, record: key(),
                            field: checker.name,
                            "mandatory field \(checker.name) is empty")
                    } else if let note = checker.noticeWhenEmpty {
                        collector.add(
                            ValidationRules.foValueMandatory, entity: entityName, file: file, line: line, record: key(),
                            field: checker.name, "\(checker.name) is empty: \(note)", severity: .notice, basis: .documented)
                    }
                    return
                }
                var separator = decimals.separator ?? UInt8(ascii: ".")
                if checker.isNumeric && !decimals.isDecided && decimals.readNumber(bytes) != .none {
                    if let decided = decimals.separator {
                        separator = decided
                    } else if pendingNumbers.count < Self.pendingLimit {
                        pendingNumbers.append(
                            PendingNumber(line: line, record: key(), column: column, value: String(decoding: bytes, as: UTF8.self)))
                        return
                    }
                }
                if let problem = checker.problem(bytes, decimalSeparator: separator) {
                    collector.add(
                        problem.rule, entity: entityName, file: file, line: line, record: key(), field: checker.name,
                        value: String(decoding: bytes, as: UTF8.self), problem.message, severity: problem.severity, basis: problem.basis)
                }
            }
        }
        decimals.endRecord { column, body in column < record.count ? record.withValue(column, body) : body(nil) }
        if decimals.isDecided && !pendingNumbers.isEmpty { checkPendingNumbers() }
        if !requirements.isEmpty {
            let columns = requirementColumns
            for unmet in requirements.unmet({ field in
                columns[field].flatMap { column in
                    column < record.count ? record.withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } } : nil
                }
            }) {
                collector.add(
                    ValidationRules.foValueMandatory, entity: entityName, file: file, line: line, record: key(),
                    field: unmet.requirement.anyOf.joined(separator: ", "), unmet.message, basis: .documented)
            }
        }
        loadOrder?.consume(record, line: line, record: key)
        if !keyColumns.isEmpty {
            var hash = FOKeyHash()
            if let companyColumn { record.withValue(companyColumn) { hash.add($0) } }
            for column in keyColumns { record.withValue(column) { hash.add($0) } }
            if !seenKeys.insert(hash).inserted {
                collector.add(
                    ValidationRules.foKeyDuplicate, entity: entityName, file: file, line: line, record: key(),
                    "another record of the file has the same company and key (\((schema?.keyFields ?? []).joined(separator: ", ")))")
            }
        }
        for (position, columns) in childKeyColumns.enumerated() {
            guard let columns else { continue }
            var hash = FOKeyHash()
            for column in columns { record.withValue(column) { hash.add($0) } }
            childKeySets[position].insert(hash)
        }
        for (position, parent) in parentKeys.enumerated() {
            guard let columns = referenceColumns[position] else { continue }
            var hash = FOKeyHash()
            var empty = true
            for column in columns {
                record.withValue(column) { bytes in
                    hash.add(bytes)
                    if let bytes, !bytes.isEmpty { empty = false }
                }
            }
            if !empty && !parent.keys.contains(hash) {
                // The value as text only for the target and the finding (most references are found).
                let text = columns.map { column in record.withValue(column) { $0.map { String(decoding: $0, as: UTF8.self) } } ?? "" }
                if let target, target.holds(entities: parent.reference.parents, fields: parent.reference.fields.map(\.parent), values: text)
                {
                    continue
                }
                collector.add(
                    ValidationRules.foReferenceMissing, entity: entityName, file: file, line: line, record: key(),
                    field: parent.reference.fields.map(\.child).joined(separator: ", "), value: text.joined(separator: " / "),
                    "\(parent.parentName) in this package has no record with this key\(selfContained ? "" : "; it must already exist in the target")",
                    severity: selfContained ? .error : .warning)
            }
        }
    }
}
