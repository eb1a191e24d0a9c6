import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The exports of an earlier wave (`convert --since`), against which a source record is told unchanged: the
/// earlier export holds a record with the same key (a Sales record's id; an F&O record's company and the
/// template's source key) and the same bytes in every column both exports have. Such records are left out by the
/// filter `Converter.unchangedSinceFilter`, so a wave converts only what changed, with the same accounting.
final class SinceBaseline: Sendable {
    /// The earlier F&O export, its tables read on first use (with the new export's decimal separator rules).
    let fo: FOExport?
    /// The earlier Sales export.
    let sales: SalesExport?
    /// Unchanged rows by side, entity and key, computed once (several flows read one entity).
    private let unchanged = LockedValueBox<[String: [Bool]?]>([:])

    private init(fo: FOExport?, sales: SalesExport?) {
        self.fo = fo
        self.sales = sales
    }

    /// The baseline of `paths` (one export per side, each an F&O data package or a Configuration Migration
    /// package); nil when none is given.
    /// - Throws: `AirlockError(.usage)` for two exports of one side; the readers' errors.
    static func load(_ paths: [String], catalog: SchemaCatalog, locale: FOLocale?) throws -> SinceBaseline? {
        guard !paths.isEmpty else { return nil }
        var fo: FOExport?
        var sales: SalesExport?
        for path in paths {
            let located = try PackageDetector.locate(openPackageSource(path: path))
            switch located.kind {
            case .fo:
                guard fo == nil else {
                    throw AirlockError(.usage, "--since names two F&O exports; give one per side", at: SourceLocation(file: path))
                }
                fo = FOExport(reader: try FOPackageReader(source: located.source), catalog: catalog, locale: locale)
            case .cmt:
                guard sales == nil else {
                    throw AirlockError(.usage, "--since names two Sales exports; give one per side", at: SourceLocation(file: path))
                }
                sales = SalesExport(package: try CMTPackageReader(source: located.source).read(valueProblems: .collect))
            }
        }
        return SinceBaseline(fo: fo, sales: sales)
    }

    /// Per row of `table` (the new export's source entity of `template`), whether the earlier export holds it
    /// unchanged; nil when the baseline has no export of that side or no such entity, or the key cannot be read
    /// (every record then counts as changed).
    func unchangedRows(of template: MappingTemplate, table: Table) throws -> [Bool]? {
        let side = template.source.side
        let entity = template.source.entity
        var key = template.source.key.map(\.field)
        let old: Table?
        switch side {
        case .fo: old = try fo?.table(entity)
        case .sales: old = sales?.table(entity)
        }
        guard let old else { return nil }
        if side == .sales, table.columnIndex(named: CMTRecordTable.idColumn) != nil, old.columnIndex(named: CMTRecordTable.idColumn) != nil
        {
            key = [CMTRecordTable.idColumn]
        }
        let cacheKey = "\(side)\u{0}\(entity)\u{0}\(key.joined(separator: ","))"
        if let known = unchanged.withLockedValue({ $0[cacheKey] }) { return known }
        let rows = try Self.unchanged(table, old: old, key: key, side: side)
        unchanged.withLockedValue { $0[cacheKey] = rows }
        return rows
    }

    /// Whether each row of `new` is in `old` with the same key and the same bytes in every shared column.
    private static func unchanged(_ new: Table, old: Table, key: [String], side: DataSide) throws -> [Bool]? {
        guard !key.isEmpty, key.allSatisfy({ new.columnIndex(named: $0) != nil && old.columnIndex(named: $0) != nil }) else { return nil }
        let companyColumn = FlowLayout.companyField
        let company: KeyDefinition.Company =
            side == .fo && new.columnIndex(named: companyColumn) != nil && old.columnIndex(named: companyColumn) != nil
            ? .column(companyColumn) : .none
        let definition = KeyDefinition(columns: key, company: company)
        let index = try KeyIndex(table: old, key: definition, normalization: .exact)
        let probe = try BoundKey(table: new, definition: definition)
        let shared = new.columnNames.indices.compactMap { column -> (Int, Int)? in
            old.columnIndex(named: new.columnNames[column]).map { (column, $0) }
        }
        var result = [Bool](repeating: false, count: new.rowCount)
        for row in 0..<new.rowCount {
            guard let oldRow = index.row(matching: probe, row: row) else { continue }
            result[row] = shared.allSatisfy { newColumn, oldColumn in
                new.withValue(row: row, column: newColumn) { newValue in
                    old.withValue(row: oldRow, column: oldColumn) { oldValue in
                        switch (newValue, oldValue) {
                        case (nil, nil): true
                        case (let value?, nil), (nil, let value?): value.isEmpty
                        case (let value?, let other?): value.hasSameBytes(as: other)
                        }
                    }
                }
            }
        }
        return result
    }
}
