import AirlockModel
import AirlockPackages

/// Reads `to-sales.zip` record by record as it streams (`CMTPackageReader.readRecords`): per record of a section,
/// the id (`SentIDIndex`) and the key fields into a small table, and the compared values as a digest (`SentDigests`, planned on the
/// fields the export's schema declares) and into the work file (`SentValueSpool`). The values are not held; each
/// section, once read, goes to `sectionRead`.
final class SalesSentReader: CMTRecordConsumer {
    /// What the reading of one section gave.
    struct Section {
        let name: String
        /// The section's entity in the package's schema (nil: the schema does not declare it).
        let schema: CMTSchemaEntity?
        /// The natural key's fields: those the schema marks `updateCompare`, in schema order.
        let keyColumns: [String]
        let parts: SentEntity.Parts
    }

    /// The package read, for errors.
    private let path: String
    private let packageSchema: CMTSchema
    private let exportSchema: CMTSchema?
    private let spool: SentValueSpool?
    private let sectionRead: (Section) throws -> Void
    // The section being read.
    private var name = ""
    private var location = SourceLocation()
    private var schema: CMTSchemaEntity?
    private var idField = ""
    private var keyColumns: [String] = []
    /// The fields the export's schema declares for the entity; nil when the digests are not planned.
    private var exportFields: Set<String>?
    private var values: SentValueSpool?
    private var parts = SentEntity.Parts(columnNames: [], rowCount: 0, keys: Table(name: ""), keptColumns: [:], compared: [], rules: [])
    /// Per column of `parts.keys`: its column in the section.
    private var keySources: [Int] = []
    /// The columns whose values go to the work file: those digested (in their order), then those the export's schema
    /// does not declare (to tell the records sent with a value in them, which are not proven); every column compared
    /// when there are no digests.
    private var spooled: [Int] = []
    private var filer = SentRecordFiler()

    /// - Parameters:
    ///   - exportSchema: the schema of the export after the import, on whose fields the digests are planned; nil
    ///     when it is not known (the records are then compared value by value) or no export is read.
    ///   - spool: where the compared values go; nil when no export is read.
    init(
        path: String, packageSchema: CMTSchema, exportSchema: CMTSchema?, spool: SentValueSpool?,
        sectionRead: @escaping (Section) throws -> Void
    ) {
        self.path = path
        self.packageSchema = packageSchema
        self.exportSchema = exportSchema
        self.spool = spool
        self.sectionRead = sectionRead
    }

    func beginSection(name: String, columns: [String]) throws {
        self.name = name
        schema = packageSchema.entity(named: name)
        idField = schema?.primaryIDField ?? name + "id"
        keyColumns = (schema?.fields ?? []).filter { $0.updateCompare == true }.map(\.name)
        let exportEntity = exportSchema?.entity(named: name)
        // An entity the export's schema lacks is not verified: nothing of its values is needed.
        values = exportSchema == nil || exportEntity != nil ? spool : nil
        exportFields = values == nil ? nil : exportEntity.map { Set($0.fieldNames) }
        parts = SentEntity.Parts(
            columnNames: [], rowCount: 0, keys: Table(name: name, columnNames: keyColumns), keptColumns: [:], compared: [], rules: [])
        parts.ids = SentIDIndex()
        location = SourceLocation(file: path, entity: name)
        for column in columns { try addColumn(column) }
        keySources = keyColumns.map { name in parts.columnNames.firstIndex(of: name) ?? 0 }
        for (index, column) in keySources.enumerated() { parts.keptColumns[column] = index }
        spooled = parts.compared
        if let exportFields {
            let digests = SentDigests(columns: parts.compared.filter { exportFields.contains(parts.columnNames[$0]) })
            parts.digests = digests
            spooled = digests.columns + parts.compared.filter { !exportFields.contains(parts.columnNames[$0]) }
        }
    }

    func addColumn(_ name: String) throws {
        let index = parts.columnNames.count
        let type = name == CMTRecordTable.idColumn ? CMTFieldType.guid : schema?.field(named: name)?.type ?? .string
        parts.columnNames.append(name)
        parts.salesTypes.append(type)
        parts.rules.append(FieldRule.sales(type))
        guard !CMTRecordTable.isAttributeColumn(name), name != idField else { return }
        parts.compared.append(index)
        // A field compared that the digests were not planned on: the records are compared value by value.
        if exportFields?.contains(name) == true, parts.digests != nil {
            parts.digests = nil
            spooled = parts.compared
        } else if parts.digests == nil {
            spooled = parts.compared
        } else {
            // A field the export's schema does not declare: spooled, not compared.
            spooled.append(index)
        }
    }

    func consume(_ record: CMTRecordValues) throws {
        try record.withValue(0) { try parts.ids?.append($0, location: location) }
        try parts.keys.appendRow { index, append in try record.withValue(keySources[index]) { try append($0) } }
        if let values {
            let rules = parts.rules
            try filer.file(record, columns: spooled, rules: rules, digests: &parts.digests, spool: values)
        }
        parts.rowCount += 1
    }

    func endSection() throws {
        parts.values = try values?.endSegment()
        parts.digests?.shrinkToFit()
        parts.ids?.shrinkToFit()
        try sectionRead(Section(name: name, schema: schema, keyColumns: keyColumns, parts: parts))
        parts = SentEntity.Parts(columnNames: [], rowCount: 0, keys: Table(name: ""), keptColumns: [:], compared: [], rules: [])
    }
}
