import AirlockCatalog
import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport

/// What a conversion sent: the records of `to-fo.zip` and `to-sales.zip`, entity by entity, each record tied to
/// the flow that wrote it.
///
/// A package does not say which flow wrote a record; the converter writes an entity's records flow by flow in run
/// order (a flow's own records, then those its rules generated), so `report.json`'s counts of written records
/// attribute them. A package whose entity holds another number of records than the report's flows wrote is refused.
final class SentPackages {
    let fo: [SentEntity]
    let sales: [SentEntity]
    let company: String
    private let salesByName: [String: SentEntity]

    /// The entities each package sent (`foEntities`, `salesEntities`; empty for a package the run did not write).
    init(company: String, fo: [SentEntity], sales: [SentEntity]) {
        self.company = company
        self.fo = fo
        self.sales = sales
        var byName: [String: SentEntity] = [:]
        for entity in sales { byName[entity.name] = entity }
        salesByName = byName
    }

    /// The sent Sales entity named `name`.
    func salesEntity(named name: String) -> SentEntity? { salesByName[name] }

    // MARK: attribution

    /// The flows that wrote `entity` on `side`, in run order, with the records each wrote to the package.
    static func writers(_ run: RunFolder, side: DataSide, entity: String, catalog: SchemaCatalog) -> [(flow: String, count: Int)] {
        var writers: [(flow: String, count: Int)] = []
        for template in run.order {
            guard let flow = run.report.flows[template.name] else { continue }
            switch side {
            case .fo:
                let label = catalog.foLabel(of: flow.target)
                if flow.direction == "sales-to-fo", label.lowercased() == entity.lowercased() {
                    writers.append((template.name, flow.written))
                }
            case .sales:
                if flow.direction == "fo-to-sales", flow.target == entity { writers.append((template.name, flow.written)) }
                for (_, generated) in flow.generated.sorted(by: { $0.key < $1.key }) where generated.entity == entity {
                    let count = generated.created + generated.updated + (run.report.options.full ? generated.unchanged : 0)
                    writers.append((template.name, count))
                }
            }
        }
        return writers
    }

    /// Each record's flow: `writers`' counts laid end to end.
    /// - Throws: `AirlockError(.usage)` when they do not add up to the package's records.
    static func attribute(
        _ writers: [(flow: String, count: Int)], rows: Int, entity: String, package: String, location: SourceLocation
    ) throws -> (flows: [String], flowOfRow: [UInt8]) {
        let total = writers.reduce(0) { $0 + $1.count }
        guard total == rows, !writers.isEmpty else {
            let named = writers.isEmpty ? "no flow" : writers.map { "\($0.flow) \($0.count)" }.joined(separator: ", ")
            throw AirlockError(
                .usage,
                "\(package) holds \(rows) records of \(entity), but the flows of \(RunLayout.conversionReport) that write it wrote \(total) (\(named)): the package and the report do not belong together",
                at: location)
        }
        var flows: [String] = []
        var flowOfRow: [UInt8] = []
        flowOfRow.reserveCapacity(rows)
        for writer in writers {
            if !flows.contains(writer.flow) { flows.append(writer.flow) }
            guard let slot = flows.firstIndex(of: writer.flow), slot < Int(UInt8.max) else {
                throw AirlockError(.limitExceeded, "more than 254 flows write \(entity)", at: location)
            }
            flowOfRow.append(contentsOf: repeatElement(UInt8(slot), count: writer.count))
        }
        return (flows, flowOfRow)
    }

    // MARK: F&O

    /// Reads `to-fo.zip` entity by entity into `SentEntity`s.
    /// - Parameters:
    ///   - export: the F&O export after the import, when one is read: each entity's digests are planned on the
    ///     columns of its file there (`FOExportMatcher.line`); a file that cannot be probed only leaves the entity's
    ///     records to be compared value by value (the export's read reports the problem).
    ///   - spool: where the compared values go, when an export is read.
    static func foEntities(_ run: RunFolder, catalog: SchemaCatalog, export: FOPackageReader?, spool: SentValueSpool?) throws
        -> [SentEntity]
    {
        let path = run.file(RunLayout.foPackage)
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        var entities: [SentEntity] = []
        for line in reader.manifest.entities {
            let label = line.entityName
            let location = SourceLocation(file: path, entity: label)
            let writers = writers(run, side: .fo, entity: label, catalog: catalog)
            let keyColumns = FOSentKey.columns(run: run, label: label, flow: writers.first?.flow, catalog: catalog)
            var exportColumns: FOSentReader.ExportColumns?
            var exported = export == nil
            if let export, let exportLine = FOExportMatcher.line(for: label, in: export, catalog: catalog) {
                exported = true
                if let probe = try? FOColumnProbe.probe(export, exportLine, wholeFile: false) {
                    exportColumns = (probe.columns, FOColumnMap(exportLine.entityMap ?? []), probe.format != nil)
                }
            }
            var sentReader = FOSentReader(
                label: label, columnMap: FOColumnMap(line.entityMap ?? []), schema: catalog.foEntity(named: label), keyColumns: keyColumns,
                exportColumns: exportColumns, spool: exported ? spool : nil)
            _ = try reader.scan(line, into: &sentReader)
            let parts = try sentReader.finish()
            let (flows, flowOfRow) = try attribute(
                writers, rows: parts.rowCount, entity: label, package: RunLayout.foPackage, location: location)
            let key = try FOSentKey(
                run: run, label: label, columnNames: parts.columnNames, flow: flows.first, catalog: catalog, location: location)
            let keyIndex = try KeyIndex(table: parts.keys, key: key.definition)
            entities.append(
                SentEntity(
                    side: .fo, name: label, parts: parts, flows: flows, flowOfRow: flowOfRow, keyIndex: keyIndex, keyColumns: key.columns))
        }
        return entities
    }

    /// The F&O company column.
    static let companyColumn = FOSentKey.companyColumn

    // MARK: Sales

    /// Reads `to-sales.zip` section by section, record by record: `declare` gets the entities its schema declares
    /// (every section's entity is one of them), `body` each sent entity as soon as its section is read.
    /// - Parameters:
    ///   - exportSchema: the schema of the Sales export after the import, when one is read and its schema could be
    ///     read: each entity's digests are planned on the fields it declares.
    ///   - spool: where the compared values go, when an export is read.
    static func salesEntities(
        _ run: RunFolder, exportSchema: CMTSchema?, spool: SentValueSpool?, declare: (Set<String>) -> Void,
        _ body: @escaping (SentEntity) throws -> Void
    ) throws {
        let path = run.file(RunLayout.salesPackage)
        let reader = try CMTPackageReader(path: path)
        declare(Set(reader.schema.entities.map(\.name)))
        let sections = SalesSentReader(path: path, packageSchema: reader.schema, exportSchema: exportSchema, spool: spool) { section in
            try body(salesEntity(section, run: run, path: path))
        }
        _ = try reader.readRecords(into: sections)
    }

    /// The sent entity of a section read whole.
    private static func salesEntity(_ section: SalesSentReader.Section, run: RunFolder, path: String) throws -> SentEntity {
        let location = SourceLocation(file: path, entity: section.name)
        guard let schema = section.schema else {
            throw AirlockError(.usage, "the package's schema does not declare the entity", at: location)
        }
        let parts = section.parts
        let writers = writers(run, side: .sales, entity: section.name, catalog: .empty)
        let (flows, flowOfRow) = try attribute(
            writers, rows: parts.rowCount, entity: section.name, package: RunLayout.salesPackage, location: location)
        let keyColumns = section.keyColumns
        let plainKey = !keyColumns.isEmpty && keyColumns.allSatisfy { schema.field(named: $0)?.type.isLookup == false }
        let keyIndex = plainKey ? try KeyIndex(table: parts.keys, key: KeyDefinition(columns: keyColumns)) : nil
        return SentEntity(
            side: .sales, name: section.name, parts: parts, flows: flows, flowOfRow: flowOfRow, keyIndex: keyIndex, keyColumns: keyColumns)
    }

    // MARK: naming records

    /// The natural key of record `row` as text, for people: F&O `company/part/…`; Sales the key fields' values, a
    /// lookup shown as the key of the record it names when the package holds it (else its id).
    func keyText(_ entity: SentEntity, row: Int) -> String {
        Self.keyText(entity, row: row) { id in Self.referencedKey(id: id, from: entity, among: sales) }
    }

    /// `keyText` with the key text of the Sales record a lookup names given by `referenced` (nil: not sent).
    static func keyText(_ entity: SentEntity, row: Int, referenced: (String) -> String?) -> String {
        var parts: [String] = []
        if entity.side == .fo, let index = entity.keyIndex {
            switch index.key.definition.company {
            case .column(let name): parts.append(entity.keys.value(row: row, column: name) ?? "")
            case .fixed(let company): parts.append(company)
            case .none: break
            }
        }
        for column in entity.keyColumns {
            let value = entity.keys.value(row: row, column: column) ?? ""
            if entity.side == .sales, let position = entity.columnIndex(named: column), entity.salesTypes[position].isLookup,
                let key = referenced(value)
            {
                parts.append(key)
            } else {
                parts.append(value)
            }
        }
        return parts.joined(separator: "/")
    }

    /// The key text of the sent Sales record with id `id` in the first of `entities` (other than `origin`) that
    /// holds it with a key of plain fields.
    static func referencedKey(id: String, from origin: SentEntity, among entities: [SentEntity]) -> String? {
        for entity in entities where entity !== origin {
            guard let row = entity.ids?.row(for: id) else { continue }
            let parts = entity.keyColumns.compactMap { column -> String? in
                guard let position = entity.columnIndex(named: column), !entity.salesTypes[position].isLookup else { return nil }
                return entity.keys.value(row: row, column: column)
            }
            if !parts.isEmpty { return parts.joined(separator: "/") }
        }
        return nil
    }

    /// The record id of a Sales record (empty for F&O).
    static func recordID(_ entity: SentEntity, row: Int) -> String {
        entity.ids?.text(of: row) ?? ""
    }
}
