import AirlockMapping
import AirlockModel
import AirlockPackages

/// The invoiced-order-status rule (p2c §6): an order with an invoice becomes Invoiced in Sales.
///
/// Before the flows, it collects the orders the invoices flow's F&O source names. Per record, on the F&O → Sales
/// flow that writes the entity the rule's `order` lookup points to (orders-to-sales), it sets `statecode` and
/// `statuscode` of orders that have an invoice, so that a second run sees the same values and reports the order
/// unchanged. After the invoices flow, an invoiced order that only the Sales export holds (not among the orders
/// this conversion writes) gets a status record of its own, unless it already has that status; the record
/// repeats the order's required attributes from the export (name, customer, price list, currency), so that it is
/// a complete record for the importer and for `validate`.
struct InvoicedOrderStatusRule: BundledRule {
    /// Order numbers, trimmed and lower-cased, that some invoice of the conversion's company names.
    let orderNumbers: Set<String>
    let statecode: String
    let statuscode: String
    /// The invoice field (Sales side) holding the order lookup.
    let orderField: String
    /// The Sales entity that lookup points to.
    let orderEntity: String
    /// The invoices flow the rule is declared on.
    let flow: String

    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws {
        let orderField = rule.parameter("order") ?? "salesorderid"
        guard let mapping = template.mapping(forTarget: orderField), let source = mapping.source,
            let table = try context.fo.table(template.source.entity), let column = table.columnIndex(named: source)
        else { return nil }
        let company = context.company.lowercased()
        let companyColumn = table.columnIndex(named: FlowLayout.companyField)
        var numbers: Set<String> = []
        for row in 0..<table.rowCount {
            if let companyColumn, let rowCompany = table.value(row: row, column: companyColumn),
                rowCompany.trimmingASCIIWhitespace().lowercased() != company
            {
                continue
            }
            if let number = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !number.isEmpty {
                numbers.insert(number.lowercased())
            }
        }
        orderNumbers = numbers
        statecode = rule.parameter("statecode") ?? "4"
        statuscode = rule.parameter("statuscode") ?? "100003"
        self.orderField = orderField
        orderEntity =
            context.catalog.salesEntity(named: template.target.entity)?.attribute(named: orderField)?.lookupTargets.first ?? "salesorder"
        flow = template.name
    }

    /// The orders' state, status and required attributes (which a status record of its own repeats), on each entity
    /// the `order` lookup points to.
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] {
        let field = rule.parameter("order") ?? "salesorderid"
        let targets = catalog.salesEntity(named: salesEntity(of: template))?.attribute(named: field)?.lookupTargets ?? []
        return (targets.isEmpty ? ["salesorder"] : targets).map { order in
            let required = catalog.salesEntity(named: order)?.requiredAttributes.map(\.logicalName) ?? []
            return SalesFieldRead(entity: order, attributes: ["statecode", "statuscode"] + required)
        }
    }

    /// Whether order `number` has an invoice.
    func isInvoiced(_ number: String?) -> Bool {
        guard let number else { return false }
        return orderNumbers.contains(number.trimmingASCIIWhitespace().lowercased())
    }

    func generatesSalesRecords(on template: MappingTemplate) -> Bool { template.name == flow }

    /// After the invoices flow: the orders this conversion writes (an invoiced order among them needs no status
    /// record of its own).
    func flowsRead(by template: MappingTemplate, among earlier: [MappingTemplate]) -> [String] {
        guard template.name == flow else { return [] }
        return earlier.filter { $0.direction == .foToSales && $0.target.entity == orderEntity }.map(\.name)
    }

    /// On the flow that writes the orders: their status when they have an invoice.
    func rowHook(for flow: RuleFlow) -> (any RuleRowHook)? {
        let template = flow.template
        guard template.direction == .foToSales, template.target.entity == orderEntity,
            let number = flow.layout.keyColumns.first.flatMap({ flow.layout.position($0) })
        else { return nil }
        return InvoicedStatus(
            rule: self, numberPosition: number, statecodePosition: flow.layout.position("statecode"),
            statuscodePosition: flow.layout.position("statuscode"))
    }

    /// The per-record half of the rule, on the orders flow.
    private struct InvoicedStatus: RuleRowHook {
        let rule: InvoicedOrderStatusRule
        let numberPosition: Int
        let statecodePosition: Int?
        let statuscodePosition: Int?

        func apply(row: Int, values: inout RowValues) -> RuleRefusal? {
            guard rule.isInvoiced(values[numberPosition]) else { return nil }
            if let statecodePosition { values[statecodePosition] = rule.statecode }
            if let statuscodePosition { values[statuscodePosition] = rule.statuscode }
            return nil
        }
    }

    func generatedRecords(after result: RuleFlowResult) throws -> GeneratedRecords? {
        guard result.template.name == flow else { return nil }
        return try statusRecords(invoices: result.output, context: result.context)
    }

    static let statusColumns = ["salesorderid", "ordernumber", "statecode", "statuscode"]

    /// The status records' columns: the status columns, then the entity's required attributes (with a lookup's entity and name columns).
    private func statusLayout(catalog: SchemaCatalog) -> (columns: [String], copied: CopiedAttributes) {
        var result = Self.statusColumns
        let copied = CopiedAttributes(requiredOf: catalog.salesEntity(named: orderEntity), appendingTo: &result) { _ in true }
        return (result, copied)
    }

    /// The status records of invoiced orders that only the Sales export holds.
    private func statusRecords(invoices: FlowOutput, context: ConversionContext) throws -> GeneratedRecords {
        let rule = self
        let layout = statusLayout(catalog: context.catalog)
        var table = Table(name: orderEntity, columnNames: layout.columns)
        let section = context.sales.section(orderEntity)
        var written: [Bool] = []
        var updated = 0
        var unchanged = 0
        var writtenIds: Set<String> = []
        var exportRows: [Int] = []
        let exportRow = context.exportRows(invoices.template.source)
        if let orders = context.outputs.values.first(where: {
            $0.template.target.entity == orderEntity && $0.template.direction == .foToSales
        }),
            let idColumn = orders.layout.idColumn, let column = orders.accepted.columnIndex(named: idColumn)
        {
            for row in 0..<orders.accepted.rowCount {
                if let id = orders.accepted.value(row: row, column: column) { writtenIds.insert(id.lowercased()) }
            }
        }
        var seen: Set<String> = []
        for row in 0..<invoices.accepted.rowCount {
            guard let id = invoices.accepted.value(row: row, column: rule.orderField)?.lowercased(), !writtenIds.contains(id),
                seen.insert(id).inserted, let orderRow = try context.sales.row(orderEntity, id: id)
            else { continue }
            let state = context.sales.value(orderEntity, row: orderRow, "statecode")?.trimmingASCIIWhitespace()
            let status = context.sales.value(orderEntity, row: orderRow, "statuscode")?.trimmingASCIIWhitespace()
            if state == rule.statecode, status == rule.statuscode {
                unchanged += 1
                continue
            }
            updated += 1
            written.append(true)
            var values: [String?] = [id, context.sales.value(orderEntity, row: orderRow, "ordernumber"), rule.statecode, rule.statuscode]
            layout.copied.appendValues(ofRow: orderRow, entity: orderEntity, sales: context.sales, section: section, to: &values)
            try table.appendRow(values)
            exportRows.append(exportRow(invoices.acceptedSourceRows[row]))
        }
        return GeneratedRecords(
            kind: "orderStatusUpdates", entity: orderEntity, table: table, keyFields: ["ordernumber"], written: written, created: 0,
            updated: updated, unchanged: unchanged, exportRows: exportRows)
    }
}
