import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The write-back rule (dual-write): a Sales record that a Sales → F&O flow creates in F&O gets back, in Sales, what
/// the reverse map would write on it: its company, and the reverse map's constants.
///
/// Dual-write matches the records of a company-specific table on company plus business key, so a Sales record
/// without `msdyn_company` would not be found when the maps are linked with "skip initial sync". The Sales → F&O
/// flow takes such a record as the conversion company's (`source.company`), and the F&O → Sales flows, which set
/// the company from DATAAREAID and their constants (`address1_addresstypecode`), do not see it: the F&O export does
/// not hold it yet. After the flow, every record it creates in F&O whose company is blank, or whose value differs
/// from a constant of the F&O → Sales flow writing the same entity from the same F&O entity, gets an update of its
/// own in `to-sales.zip` (`writeBacks` in `report.json`) with the company and those constants, and the entity's
/// required attributes copied from the export so that the record is complete for the importer. A second run after
/// the import then finds both sides equal.
struct WriteBackRule: BundledRule {
    /// The Sales → F&O flow the rule is declared on, and its Sales source entity.
    let flow: String
    let entity: String
    /// The source's company lookup field (`msdyn_company`) and the key of the entity it points to.
    let field: String
    let companyEntity: String
    let companyKey: String
    /// The constants of the reverse flow (F&O → Sales, same two entities): target attribute and value.
    let constants: [(field: String, value: String)]

    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws {
        guard template.direction == .salesToFO, let company = template.source.company, let key = company.referencedField else { return nil }
        flow = template.name
        entity = template.source.entity
        field = company.field
        companyKey = key
        companyEntity =
            context.catalog.salesEntity(named: entity)?.attribute(named: field)?.lookupTargets.first
            ?? SalesCompanyLookup.defaultCompanyEntity
        let reverse = context.templates.templates.first {
            $0.direction == .foToSales && $0.target.entity == template.source.entity && $0.source.entity == template.target.entity
        }
        var constants: [(String, String)] = []
        for mapping in reverse?.fields ?? [] where mapping.source == nil && mapping.lookup.isEmpty && mapping.valueMapName == nil {
            if let value = mapping.fixedValue, mapping.target != field { constants.append((mapping.target, value)) }
        }
        self.constants = constants
    }

    /// The entity's required attributes, which the records written back repeat, and the key of the company each is
    /// found by.
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] {
        let entity = salesEntity(of: template)
        let required = catalog.salesEntity(named: entity)?.requiredAttributes.map(\.logicalName) ?? []
        var reads = [SalesFieldRead(entity: entity, attributes: required)]
        if let company = template.source.company, let key = company.referencedField {
            for target in catalog.salesEntity(named: entity)?.attribute(named: company.field)?.lookupTargets ?? [] {
                reads.append(SalesFieldRead(entity: target, attributes: [key]))
            }
        }
        return reads
    }

    func generatesSalesRecords(on template: MappingTemplate) -> Bool { template.name == flow }

    /// The company record is looked up among the Sales records this conversion writes before the Sales export.
    func flowsRead(by template: MappingTemplate, among earlier: [MappingTemplate]) -> [String] {
        guard template.name == flow else { return [] }
        return earlier.filter { $0.target.side == .sales && $0.target.entity == companyEntity }.map(\.name)
    }

    /// The write-backs of the records the flow creates in F&O: each whose company is blank or whose value differs
    /// from a reverse constant (`needsWriteBack`), with its id and key, the company (`conversionCompany`, else its
    /// own), the constants and its required attributes (`CopiedAttributes`), in the columns `writtenColumns` lists.
    func generatedRecords(after result: RuleFlowResult) throws -> GeneratedRecords? {
        guard result.template.name == flow else { return nil }
        let context = result.context
        let schema = context.catalog.salesEntity(named: entity)
        let keyFields = result.template.source.key.map(\.field)
        // A key field that is a lookup (a line's order) carries the entity and name of the record it points to, as
        // in an export.
        let lookupKeys = Set(keyFields.filter { schema?.attribute(named: $0)?.type.isLookup ?? false })
        let (columns, copied) = writtenColumns(schema: schema, keyFields: keyFields, lookupKeys: lookupKeys)
        var table = Table(name: entity, columnNames: columns)
        var written: [Bool] = []
        var exportRows: [Int] = []
        let exportRow = context.exportRows(result.template.source)
        // An export without the company column holds no company on any record (lines exported before dual-write).
        let companyColumn = result.view.table.columnIndex(named: field)
        // Created in F&O: accepted records the F&O export does not hold.
        let targetIndex = try KeyIndex(table: result.target.table, key: result.target.key)
        let accepted = try BoundKey(table: result.accepted, definition: result.output.layout.keyDefinition)
        var company: (id: String, entity: String, name: String?)?
        let section = context.sales.section(entity)
        for row in 0..<result.accepted.rowCount where targetIndex.row(matching: accepted, row: row) == nil {
            let sourceRow = result.sourceRow(ofAccepted: row)
            guard let id = context.sales.id(entity, row: sourceRow) else { continue }
            let (blank, differing) = needsWriteBack(sourceRow, source: result.view.table, companyColumn: companyColumn, context: context)
            guard blank || differing else { continue }
            var companyValues: [String?] = []
            if blank {
                guard let company = conversionCompany(&company, context: context) else { continue }
                companyValues = [company.id, company.entity, company.name]
            } else {
                CopiedAttributes.append(
                    field, isLookup: true, ofRow: sourceRow, entity: entity, sales: context.sales, section: section, to: &companyValues)
            }
            var values: [String?] = [id]
            for key in keyFields {
                CopiedAttributes.append(
                    key, isLookup: lookupKeys.contains(key), ofRow: sourceRow, entity: entity, sales: context.sales, section: section,
                    to: &values)
            }
            values += companyValues + constants.map(\.value)
            copied.appendValues(ofRow: sourceRow, entity: entity, sales: context.sales, section: section, to: &values)
            try table.appendRow(values)
            written.append(true)
            exportRows.append(exportRow(sourceRow))
        }
        return GeneratedRecords(
            kind: "writeBacks", entity: entity, table: table, keyFields: keyFields, written: written, created: 0,
            updated: written.count, unchanged: 0, exportRows: exportRows)
    }

    /// The columns of the records written back: the id, the key (a lookup with its entity and name), the company
    /// lookup, the constants, then the entity's required attributes not among them, which are `copied`.
    private func writtenColumns(schema: SalesEntitySchema?, keyFields: [String], lookupKeys: Set<String>) -> (
        columns: [String], copied: CopiedAttributes
    ) {
        var columns = [schema?.primaryIdAttribute ?? entity + "id"]
        for key in keyFields {
            columns.append(key)
            if lookupKeys.contains(key) { columns += [FlowLayout.lookupEntityColumn(key), FlowLayout.lookupNameColumn(key)] }
        }
        columns += [field, FlowLayout.lookupEntityColumn(field), FlowLayout.lookupNameColumn(field)] + constants.map(\.field)
        // The Prospect to cash solution's own columns (origin `solution`) are not in an environment that runs
        // dual-write (the two cannot be installed together), so they are not repeated.
        let copied = CopiedAttributes(requiredOf: schema, appendingTo: &columns) { $0.origin != .solution }
        return (columns, copied)
    }

    /// Why the Sales record `sourceRow` is written back: its company is blank, or a value differs from a constant of
    /// the reverse flow.
    private func needsWriteBack(_ sourceRow: Int, source: Table, companyColumn: Int?, context: ConversionContext) -> (
        blank: Bool, differing: Bool
    ) {
        let blank =
            companyColumn.map { column in
                source.withValue(row: sourceRow, column: column) { $0.map { ASCII.scan($0).isBlank } ?? true }
            } ?? true
        let differing = constants.contains { constant in
            let current = context.sales.value(entity, row: sourceRow, constant.field)?.trimmingASCIIWhitespace() ?? ""
            return current.lowercased() != constant.value.lowercased()
        }
        return (blank, differing)
    }

    /// The conversion company's record, looked up among the Sales records the run writes and the Sales export while
    /// `company` holds none, with a warning when there is none (a record with a blank company is then not written
    /// back).
    private func conversionCompany(
        _ company: inout (id: String, entity: String, name: String?)?, context: ConversionContext
    ) -> (id: String, entity: String, name: String?)? {
        if company == nil {
            company = context.resolveSalesLookup([LookupTarget(entity: companyEntity, keyAttribute: companyKey)], value: context.company)
            if company == nil {
                context.warn(
                    "flow \(flow): no \(companyEntity) with \(companyKey) '\(context.company)' in the output or the Sales export, so the \(entity) records it creates in F&O keep a blank \(field); export the company or the F&O legal entities",
                    flow: flow)
            }
        }
        return company
    }
}
