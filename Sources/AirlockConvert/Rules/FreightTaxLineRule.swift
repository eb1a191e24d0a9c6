import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile
import Foundation

/// The freight-tax-line rule (p2c §5.2): Sales holds tax on lines only, so an order's header-level tax (on
/// freight and charges) becomes a write-in line "Freight Tax" carrying the amount, numbered after the order's
/// last line; none when the amount is zero and `skipWhenZero` is true.
struct FreightTaxLineRule: BundledRule {
    let rule: SpecialRule
    /// The lines flow the rule is declared on.
    let flow: String

    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) {
        self.rule = rule
        flow = template.name
    }

    /// The attributes of a write-in line, which the rule compares with the export's lines.
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] {
        let fields = [
            "productdescription", "isproductoverridden", rule.parameter("taxField") ?? "tax", "quantity", "priceperunit",
            "ispriceoverridden", "msdynce_ismaintainedexternally", "msdynce_ordernumber", "transactioncurrencyid",
        ]
        return [SalesFieldRead(entity: salesEntity(of: template), attributes: fields)]
    }

    /// The write-in line's own attributes, added to the flow's layout.
    func extraTargetFields(for template: MappingTemplate) -> [String] {
        template.name == flow ? ["productdescription", "isproductoverridden"] : []
    }

    func generatesSalesRecords(on template: MappingTemplate) -> Bool { template.name == flow }

    /// The header flow, whose accepted orders get the freight tax lines.
    func flowsRead(by template: MappingTemplate, among earlier: [MappingTemplate]) -> [String] {
        guard template.name == flow, let parent = template.parent?.flow else { return [] }
        return [parent]
    }

    /// The freight tax lines of the orders the header flow accepted, classified against the export's lines.
    func generatedRecords(after result: RuleFlowResult) throws -> GeneratedRecords? {
        let output = result.output
        let view = result.view
        let context = result.context
        let target = result.target
        guard output.template.name == flow, let parent = output.template.parent, let header = context.output(named: parent.flow),
            let headerTax = rule.parameter("headerTax"), let headerSource = try context.fo.table(header.template.source.entity),
            let taxColumn = headerSource.columnIndex(named: headerTax)
        else { return nil }
        let skipZero = (rule.parameter("skipWhenZero") ?? "true").lowercased() == "true"
        let taxField = rule.parameter("taxField") ?? "tax"
        let description = rule.parameter("productDescription") ?? "Freight Tax"
        let layout = output.layout
        // The last line number of each order among the source lines.
        var lastLine: [String: Int] = [:]
        if let orderField = parent.link.first?.field, let orderColumn = view.table.columnIndex(named: orderField),
            let sequenceField = output.template.mapping(forTarget: "sequencenumber")?.source,
            let sequenceColumn = view.table.columnIndex(named: sequenceField)
        {
            for row in 0..<view.table.rowCount {
                guard let order = view.table.value(row: row, column: orderColumn)?.trimmingASCIIWhitespace().lowercased(),
                    let sequence = view.table.value(row: row, column: sequenceColumn).flatMap({ Int($0.trimmingASCIIWhitespace()) })
                else { continue }
                lastLine[order] = max(lastLine[order] ?? 0, sequence)
            }
        }
        let orderKey = header.layout.keyColumns.first ?? "ordernumber"
        var table = Table(name: layout.targetEntity, columnNames: layout.columns)
        var exportRows: [Int] = []
        let exportRow = context.exportRows(header.template.source)
        for row in 0..<header.accepted.rowCount {
            let sourceRow = header.acceptedSourceRows[row]
            guard let text = headerSource.value(row: sourceRow, column: taxColumn)?.trimmingASCIIWhitespace(), !text.isEmpty,
                let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
            else { continue }
            if skipZero, amount == 0 { continue }
            guard let order = header.accepted.value(row: row, column: orderKey),
                let orderId = header.layout.idColumn.flatMap({ header.accepted.value(row: row, column: $0) })
            else { continue }
            var values = [String?](repeating: nil, count: layout.columns.count)
            func set(_ column: String, _ value: String?) { if let position = layout.position(column) { values[position] = value } }
            set("salesorderid", orderId)
            set(FlowLayout.lookupEntityColumn("salesorderid"), "salesorder")
            set(FlowLayout.lookupNameColumn("salesorderid"), header.accepted.value(row: row, column: "name"))
            set("salesorderid.ordernumber", order)
            set("sequencenumber", String((lastLine[order.lowercased()] ?? 0) + 1))
            set("productdescription", description)
            set("isproductoverridden", "True")
            set("quantity", "1")
            set("priceperunit", "0")
            set(taxField, try? CMTValueCodec.canonical(text, as: .money))
            set("ispriceoverridden", "True")
            set("msdynce_ismaintainedexternally", "True")
            set("msdynce_ordernumber", order)
            for field in [
                "transactioncurrencyid", FlowLayout.lookupEntityColumn("transactioncurrencyid"),
                FlowLayout.lookupNameColumn("transactioncurrencyid"),
            ] {
                set(field, header.accepted.value(row: row, column: field))
            }
            try table.appendRow(values)
            exportRows.append(exportRow(sourceRow))
        }
        return try GeneratedClassifier.classify(
            kind: "freightTaxLines", table: table, idColumn: layout.idColumn ?? "salesorderdetailid", keyColumns: layout.keyColumns,
            packageKey: output.template.target.key.map(\.field),
            target: target.table, comparisons: [taxField: .decimal, "quantity": .decimal, "priceperunit": .decimal],
            full: context.options.full, company: context.company, exportRows: exportRows)
    }
}
