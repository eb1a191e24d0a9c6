import AirlockMapping
import AirlockModel

/// The invoiced-order-status rule (p2c §6): an order with an invoice becomes Invoiced in Sales.
///
/// It is applied where the order is mapped (orders-to-sales sets `statecode`/`statuscode` of orders that have an
/// invoice), so that a second run sees the same values and reports the order unchanged; orders that only the
/// Sales export holds get a status record of their own after the invoices flow.
struct InvoicedOrderStatusRule {
    /// Order numbers, trimmed and lower-cased, that some invoice of the conversion's company names.
    let orderNumbers: Set<String>
    let statecode: String
    let statuscode: String
    /// The invoice field (Sales side) holding the order lookup.
    let orderField: String

    /// The rule of the `invoices` template, with the orders its F&O source names; nil when the rule is off.
    static func prepare(_ template: MappingTemplate, fo: FOExport, company: String) throws -> InvoicedOrderStatusRule? {
        guard let rule = template.rules.first(where: { $0.kind == .invoicedOrderStatus }) else { return nil }
        let orderField = rule.parameter("order") ?? "salesorderid"
        guard let mapping = template.mapping(forTarget: orderField), let source = mapping.source,
              let table = try fo.table(template.source.entity), let column = table.columnIndex(named: source) else { return nil }
        let companyColumn = table.columnIndex(named: FlowLayout.companyField)
        var numbers: Set<String> = []
        for row in 0..<table.rowCount {
            if let companyColumn, let rowCompany = table.value(row: row, column: companyColumn),
               rowCompany.trimmingASCIIWhitespace().lowercased() != company.lowercased() { continue }
            if let number = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !number.isEmpty {
                numbers.insert(number.lowercased())
            }
        }
        return InvoicedOrderStatusRule(
            orderNumbers: numbers, statecode: rule.parameter("statecode") ?? "4", statuscode: rule.parameter("statuscode") ?? "100003",
            orderField: orderField)
    }

    /// Whether order `number` has an invoice.
    func isInvoiced(_ number: String?) -> Bool {
        guard let number else { return false }
        return orderNumbers.contains(number.trimmingASCIIWhitespace().lowercased())
    }
}
