import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The exports of an earlier wave (`convert --since`), against which a source record is told unchanged: the
/// earlier export holds a record with the same key (a Sales record's id; an F&O record's company and the
/// template's source key) and the same bytes in every column both exports have. Such records are left out by the
/// filter `BuiltInFilter.unchangedSince`, so a wave converts only what changed, with the same accounting.
///
/// The earlier exports are not read into tables: each entity streams into a key index with a digest of each
/// record's values (`SinceEntityIndex`), so memory holds keys and digests, not records. The Sales export is
/// streamed once at load, for the entities the flows read; an F&O entity file when a flow first reads it.
final class SinceBaseline: Sendable {
    /// The earlier F&O export (its reader and labels; no table is read).
    let fo: FOExport?
    /// The earlier Sales export's indexes, by entity, until a flow asks (then its rows are cached and the index let go);
    /// nil without an earlier Sales export.
    private let state: LockedValueBox<State>

    private struct State: Sendable {
        var sales: [String: SinceEntityIndex]?
        /// Unchanged rows by side, entity and key, computed once (several flows read one entity).
        var unchanged: [String: [Bool]?] = [:]
    }

    private init(fo: FOExport?, sales: [String: SinceEntityIndex]?) {
        self.fo = fo
        state = LockedValueBox(State(sales: sales))
    }

    /// The baseline of `paths` (one export per side, each an F&O data package or a Configuration Migration
    /// package); nil when none is given. An earlier Sales export is indexed at once for `salesEntities` (the
    /// entities the flows read), in the columns of the new export's tables (`newSales`).
    /// - Throws: `AirlockError(.usage)` for two exports of one side; the readers' errors.
    static func load(
        _ paths: [String], catalog: SchemaCatalog, locale: FOLocale?, fileEncoding: FOFileEncoding = .utf8, salesEntities: [String],
        newSales: SalesExport
    ) throws -> SinceBaseline? {
        guard !paths.isEmpty else { return nil }
        let located = try locate(paths)
        let fo = try located.fo.map {
            FOExport(reader: try ConversionInputs.openFO($0, fileEncoding: fileEncoding), catalog: catalog, locale: locale)
        }
        let sales = try located.sales.map { try CMTPackageReader(source: $0) }
        let indexes = try sales.map { try salesIndexes($0, entities: salesEntities, newSales: newSales) }
        return SinceBaseline(fo: fo, sales: indexes)
    }

    /// The earlier exports `paths` name, each side's package source, told apart by their files (no record read):
    /// what `ConversionOptionCheck` checks before anything else is read, and `load` then reads.
    /// - Throws: `AirlockError(.usage)` for two exports of one side, naming the second; the detector's errors.
    static func locate(_ paths: [String]) throws -> (fo: PackageSource?, sales: PackageSource?) {
        var fo: PackageSource?
        var sales: PackageSource?
        for path in paths {
            let located = try PackageDetector.locate(openPackageSource(path: path))
            switch located.kind {
            case .fo:
                guard fo == nil else {
                    throw AirlockError(.usage, "--since names two F&O exports; give one per side", at: SourceLocation(file: path))
                }
                fo = located.source
            case .cmt:
                guard sales == nil else {
                    throw AirlockError(.usage, "--since names two Sales exports; give one per side", at: SourceLocation(file: path))
                }
                sales = located.source
            }
        }
        return (fo, sales)
    }

    /// Per row of `table` (the new export's source entity of `template`), whether the earlier export holds it
    /// unchanged; nil when the baseline has no export of that side or no such entity, or the key cannot be read
    /// (every record then counts as changed).
    func unchangedRows(of template: MappingTemplate, table: Table) throws -> [Bool]? {
        let side = template.source.side
        let entity = template.source.entity
        var key = template.source.key.map(\.field)
        if side == .sales, table.columnIndex(named: CMTRecordTable.idColumn) != nil { key = [CMTRecordTable.idColumn] }
        let cacheKey = "\(side)\u{0}\(entity)\u{0}\(key.joined(separator: ","))"
        // Under the lock: an F&O entity streams once however many flows ask for it at the same time.
        return try state.withLockedValue { state in
            if let known = state.unchanged[cacheKey] { return known }
            let rows: [Bool]?
            switch side {
            case .fo:
                rows = try foIndex(entity, key: key, table: table)?.unchangedRows(of: table)
            case .sales:
                let index = state.sales?[entity]
                state.sales?[entity] = nil
                rows =
                    key == [CMTRecordTable.idColumn] && index?.columns == table.columnNames ? index?.unchangedRows(of: table) : nil
            }
            state.unchanged[cacheKey] = rows
            return rows
        }
    }

    // MARK: F&O

    /// The index of F&O entity `label` of the earlier export, keyed by `key` (with the company when both exports
    /// have `DATAAREAID`) in the columns of `table`; nil when the export lacks the entity or a key column.
    private func foIndex(_ label: String, key: [String], table: Table) throws -> SinceEntityIndex? {
        guard let fo, let reader = fo.reader, let line = fo.manifestLine(label),
            !key.isEmpty, key.allSatisfy({ table.columnIndex(named: $0) != nil })
        else { return nil }
        let company = FlowLayout.companyField
        var withCompany = table.columnIndex(named: company) != nil
        var separator = fo.locale?.decimalSeparator
        let schema = fo.catalog.foEntity(named: line.label)
        let fieldMap = FOColumnMap(line.entity.entityMap ?? [])
        while true {
            var indexer = SinceFOIndexer(
                entity: SinceEntityIndex(keyColumns: (withCompany ? [company] : []) + key, columns: table.columnNames), fieldMap: fieldMap,
                schema: schema, separator: separator)
            do {
                _ = try reader.scan(line.entity, into: &indexer)
                try indexer.finish()
            } catch let restart as SinceFOIndexer.Restart {
                // A decimal-comma file learnt late: read again with its separator.
                separator = restart.separator
                continue
            }
            let missing = indexer.missingKeyColumns
            if withCompany, missing == [company] {
                // The key has a company only when both exports have the column.
                withCompany = false
                continue
            }
            return missing.isEmpty ? indexer.entity : nil
        }
    }

    // MARK: Sales

    /// Streams the earlier Sales export once into an index per entity of `entities` the new export holds (its
    /// first section, as `SalesExport` reads it), keyed by record id, in the new tables' columns.
    private static func salesIndexes(_ reader: CMTPackageReader, entities: [String], newSales: SalesExport) throws -> [String:
        SinceEntityIndex]
    {
        var indexes: [String: SinceEntityIndex] = [:]
        for entity in entities where indexes[entity] == nil {
            guard let table = newSales.table(entity), table.columnIndex(named: CMTRecordTable.idColumn) != nil else { continue }
            indexes[entity] = SinceEntityIndex(keyColumns: [CMTRecordTable.idColumn], columns: table.columnNames)
        }
        var finished = Set<String>()
        _ = try reader.readChunks(chunkRecords: 4096, valueProblems: .collect) { chunk, isLast in
            guard var index = indexes[chunk.name], !finished.contains(chunk.name) else { return }
            defer { if isLast { finished.insert(chunk.name) } }
            let values = chunk.records.values
            let keyPositions = index.keyColumns.map { values.columnIndex(named: $0) }
            let positions = index.columns.map { values.columnIndex(named: $0) }
            // Take the index out of the dictionary while filing, so that it is not copied.
            indexes[chunk.name] = nil
            defer { indexes[chunk.name] = index }
            for row in 0..<values.rowCount {
                try index.file(keyPositions: keyPositions, positions: positions) { column, body in
                    values.withValue(row: row, column: column, body)
                }
            }
            if isLast { for name in values.columnNames { index.noteOldColumn(name) } }
        }
        // An entity the earlier export has no section of counts as changed throughout.
        return indexes.filter { finished.contains($0.key) }
    }
}
