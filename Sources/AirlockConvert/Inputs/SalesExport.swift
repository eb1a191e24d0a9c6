import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The Sales side's export (a Configuration Migration package) as the converter uses it: entity tables, and
/// indexes from record GUID and from business key to row, built on first use (`SharedCache`: flows on two cores
/// share them).
final class SalesExport: @unchecked Sendable {
    let schema: CMTSchema
    let data: CMTData
    private let sections: [String: CMTEntityData]
    /// The entities the export holds, in the order of their first sections.
    let entityNames: [String]
    private let idIndexes = SharedCache<KeyIndex>()
    private let keyIndexes = SharedCache<KeyIndex>()

    init(package: CMTPackage) {
        schema = package.schema
        data = package.data
        var sections: [String: CMTEntityData] = [:]
        for entity in package.data.entities where sections[entity.name] == nil { sections[entity.name] = entity }
        self.sections = sections
        var names: [String] = []
        for entity in package.data.entities where !names.contains(entity.name) { names.append(entity.name) }
        entityNames = names
    }

    /// The section of entity `name`, or nil when the export does not hold it.
    func section(_ name: String) -> CMTEntityData? { sections[name] }

    /// The record table of entity `name` (`@id`, then fields), or nil.
    func table(_ name: String) -> Table? { sections[name]?.records.values }

    /// The index from record GUID (`@id`, case-insensitive) to row.
    func idIndex(_ entity: String) throws -> KeyIndex? {
        try idIndexes.value(entity) { try table(entity).map(Self.idIndex(of:)) }
    }

    /// The index from record GUID (`@id`, case-insensitive) to row of a table of an entity's records.
    static func idIndex(of table: Table) throws -> KeyIndex {
        try KeyIndex(table: table, key: KeyDefinition(columns: [CMTRecordTable.idColumn]))
    }

    /// Per entity, its records' `@id` column alone, sharing its storage with the export.
    func idTables() -> [String: Table] {
        var tables: [String: Table] = [:]
        for name in entityNames { tables[name] = table(name)?.keeping(columns: [CMTRecordTable.idColumn]) }
        return tables
    }

    /// The index from business key `attribute` (e.g. `accountnumber`) to row; nil when the entity or the
    /// attribute is not in the export.
    func keyIndex(_ entity: String, by attribute: String) throws -> KeyIndex? {
        try keyIndexes.value(entity + "\u{0}" + attribute) {
            guard let table = table(entity), table.columnIndex(named: attribute) != nil else { return nil }
            return try KeyIndex(table: table, key: KeyDefinition(columns: [attribute]))
        }
    }

    /// The index from company and business key `attribute` to row of a company-specific entity: a row's company
    /// is the code of the legal entity its company lookup points to, and `blankCompany` (the conversion's) when
    /// that is blank; a row whose company cannot be resolved is not indexed.
    func companyKeyIndex(_ entity: String, by attribute: String, company lookup: SalesCompanyLookup, blankCompany: String) throws
        -> KeyIndex?
    {
        let cacheKey = [entity, attribute, lookup.field, lookup.companyEntity, lookup.codeAttribute, blankCompany]
        return try keyIndexes.value(cacheKey.joined(separator: "\u{0}")) {
            guard let table = table(entity), let keyColumn = table.columnIndex(named: attribute) else { return nil }
            let lookupColumn = table.columnIndex(named: lookup.field)
            let companies = try idIndex(lookup.companyEntity)
            let companyTable = self.table(lookup.companyEntity)
            let codeColumn = companyTable?.columnIndex(named: lookup.codeAttribute)
            var company = TableColumn(name: "company")
            var key = TableColumn(name: attribute)
            company.reserve(rows: table.rowCount)
            key.reserve(rows: table.rowCount)
            for row in 0..<table.rowCount {
                let reference = lookupColumn.flatMap { table.value(row: row, column: $0) }?.trimmingASCIIWhitespace() ?? ""
                var code: String?
                if reference.isEmpty {
                    code = blankCompany
                } else if let companyRow = companies?.row(for: NaturalKey(reference)), let codeColumn {
                    code = companyTable?.value(row: companyRow, column: codeColumn)
                }
                try company.append(code)
                try table.withValue(row: row, column: keyColumn) { try key.append($0) }
            }
            return try KeyIndex(
                table: Table(name: entity, columns: [company, key]), key: KeyDefinition(columns: ["company", attribute]))
        }
    }

    /// The row of company `code`'s record of a company-specific `entity` whose `attribute` equals `value` (see
    /// `companyKeyIndex`; a row with a blank company counts as `code`'s).
    func row(_ entity: String, by attribute: String, value: String, company lookup: SalesCompanyLookup, of code: String) throws -> Int? {
        try companyKeyIndex(entity, by: attribute, company: lookup, blankCompany: code)?.row(for: NaturalKey(parts: [code, value]))
    }

    /// The row of the record with GUID `id` in `entity`.
    func row(_ entity: String, id: String) throws -> Int? {
        try idIndex(entity)?.row(for: NaturalKey(id))
    }

    /// The row of the record of `entity` whose `attribute` equals `value` (trimmed, case-insensitive).
    func row(_ entity: String, by attribute: String, value: String) throws -> Int? {
        try keyIndex(entity, by: attribute)?.row(for: NaturalKey(value))
    }

    /// The value of `attribute` in row `row` of `entity`.
    func value(_ entity: String, row: Int, _ attribute: String) -> String? {
        table(entity)?.value(row: row, column: attribute)
    }

    /// The record GUID of row `row` of `entity`.
    func id(_ entity: String, row: Int) -> String? {
        table(entity)?.value(row: row, column: 0)
    }

    /// The primary name attribute of `entity`, from the export's schema.
    func primaryNameField(_ entity: String) -> String? {
        schema.entity(named: entity)?.primaryNameField
    }
}
