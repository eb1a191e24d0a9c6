import AirlockModel

/// The second half of the invoiced-order-status rule: an invoiced order that only the Sales export holds (it is
/// not among the orders this conversion writes) gets a record setting its status to Invoiced, unless it
/// already has that status. The record repeats the order's required attributes from the export (name, customer,
/// price list, currency), so that it is a complete record for the importer and for `validate`.
enum OrderStatusUpdates {
    static let columns = ["salesorderid", "ordernumber", "statecode", "statuscode"]

    /// The status columns, then the entity's required attributes (with a lookup's entity and name columns).
    static func layout(catalog: SchemaCatalog) -> (columns: [String], copied: [(field: String, isLookup: Bool)]) {
        var result = columns
        var copied: [(String, Bool)] = []
        for attribute in catalog.salesEntity(named: "salesorder")?.requiredAttributes ?? [] where !result.contains(attribute.logicalName) {
            result.append(attribute.logicalName)
            copied.append((attribute.logicalName, attribute.type.isLookup))
            if attribute.type.isLookup {
                result.append(FlowLayout.lookupEntityColumn(attribute.logicalName))
                result.append(FlowLayout.lookupNameColumn(attribute.logicalName))
            }
        }
        return (result, copied)
    }

    static func records(invoices: FlowOutput, rule: InvoicedOrderStatusRule, context: ConversionContext) throws -> GeneratedRecords {
        let layout = layout(catalog: context.catalog)
        var table = Table(name: "salesorder", columnNames: layout.columns)
        let section = context.sales.section("salesorder")
        var written: [Bool] = []
        var updated = 0, unchanged = 0
        var writtenIds: Set<String> = []
        if let orders = context.outputs.values.first(where: { $0.template.target.entity == "salesorder" && $0.template.direction == .foToSales }),
           let idColumn = orders.layout.idColumn, let column = orders.accepted.columnIndex(named: idColumn) {
            for row in 0..<orders.accepted.rowCount {
                if let id = orders.accepted.value(row: row, column: column) { writtenIds.insert(id.lowercased()) }
            }
        }
        var seen: Set<String> = []
        for row in 0..<invoices.accepted.rowCount {
            guard let id = invoices.accepted.value(row: row, column: rule.orderField)?.lowercased(), !writtenIds.contains(id),
                  seen.insert(id).inserted, let orderRow = try context.sales.row("salesorder", id: id) else { continue }
            let state = context.sales.value("salesorder", row: orderRow, "statecode")?.trimmingASCIIWhitespace()
            let status = context.sales.value("salesorder", row: orderRow, "statuscode")?.trimmingASCIIWhitespace()
            if state == rule.statecode, status == rule.statuscode {
                unchanged += 1
                continue
            }
            updated += 1
            written.append(true)
            var values: [String?] = [id, context.sales.value("salesorder", row: orderRow, "ordernumber"), rule.statecode, rule.statuscode]
            for (field, isLookup) in layout.copied {
                values.append(context.sales.value("salesorder", row: orderRow, field))
                if isLookup {
                    values.append(section?.records.lookupEntity(row: orderRow, field: field))
                    values.append(section?.records.lookupEntityName(row: orderRow, field: field))
                }
            }
            try table.appendRow(values)
        }
        return GeneratedRecords(kind: "orderStatusUpdates", entity: "salesorder", table: table, written: written, created: 0, updated: updated, unchanged: unchanged)
    }
}
