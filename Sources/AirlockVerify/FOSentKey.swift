import AirlockModel
import AirlockReconcile

/// How `verify` and `retry` name a record of an F&O entity a conversion sent: the company (a column, the run's
/// company, or none for a shared entity) and the key columns of the template of the first flow that writes the
/// entity (else the catalog's key), as `company/part/…` text (`USMF/ORD-100000/2`).
struct FOSentKey {
    let company: KeyDefinition.Company
    let columns: [String]

    /// The key of entity `label`, whose package file has the columns `columnNames`, written first by flow `flow`.
    /// - Throws: `AirlockError(.usage)` when neither the templates nor the catalog give the key.
    init(run: RunFolder, label: String, columnNames: [String], flow: String?, catalog: SchemaCatalog, location: SourceLocation) throws {
        let columns = Self.columns(run: run, label: label, flow: flow, catalog: catalog)
        guard !columns.isEmpty else {
            throw AirlockError(.usage, "neither the templates nor the catalog give the key of \(label)", at: location)
        }
        self.columns = columns
        company =
            catalog.foEntity(named: label)?.isCompanySpecific == false
            ? .none : columnNames.contains(Self.companyColumn) ? .column(Self.companyColumn) : .fixed(run.report.company)
    }

    /// The key columns of entity `label` written first by flow `flow`: the template's target key, else the catalog's
    /// key fields without the company (empty when neither gives one).
    static func columns(run: RunFolder, label: String, flow: String?, catalog: SchemaCatalog) -> [String] {
        let template = run.order.first { $0.name == flow }
        let columns = template?.target.key.map(\.field) ?? []
        if !columns.isEmpty { return columns }
        return catalog.foEntity(named: label)?.keyFields.filter { $0.uppercased() != companyColumn } ?? []
    }

    /// The F&O company column.
    static let companyColumn = "DATAAREAID"

    /// The key definition, for a `KeyIndex` over the table.
    var definition: KeyDefinition { KeyDefinition(columns: columns, company: company) }

    /// The text of the key of `values` (the company's first unless the entity is shared), parts joined by `/`.
    static func text(company: String?, parts: [String]) -> String {
        ((company.map { [$0] } ?? []) + parts).joined(separator: "/")
    }

    /// The key text of record `row` of `table`.
    func text(row: Int, of table: Table) -> String {
        let companyValue: String?
        switch company {
        case .column(let name): companyValue = table.value(row: row, column: name) ?? ""
        case .fixed(let value): companyValue = value
        case .none: companyValue = nil
        }
        return Self.text(company: companyValue, parts: columns.map { table.value(row: row, column: $0) ?? "" })
    }
}
