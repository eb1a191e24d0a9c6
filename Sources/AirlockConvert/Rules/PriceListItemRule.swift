import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// The price-list-item rule (p2c §3): each product gets an item on a price list of the Sales export — the one
/// `priceList` names, else the first active list by name whose currency is the product's — at the F&O sales
/// price. A product with no such list is rejected `orphan-reference`.
struct PriceListItemRule: BundledRule {
    static let entity = "productpricelevel"
    /// An item's natural key: its price list, product and unit.
    static let keyColumns = ["pricelevelid", "productid", "uomid"]
    static let columns = [
        "productpricelevelid", "pricelevelid", "productid", "uomid", "transactioncurrencyid", "amount",
        "pricelevelid@entity", "pricelevelid@name", "productid@entity", "productid@name", "uomid@entity", "uomid@name",
        "transactioncurrencyid@entity", "transactioncurrencyid@name",
    ]

    private struct PriceList: Sendable {
        var id: String
        var name: String
        var currency: String
    }

    private let lists: [PriceList]
    private let forced: String?
    private let amountField: String
    private let currencyField: String
    private let unitField: String
    /// The products flow the rule is declared on.
    private let flow: String

    init?(rule: SpecialRule, template: MappingTemplate, context: ConversionContext) throws {
        flow = template.name
        let forced = rule.parameter("priceList")?.trimmingASCIIWhitespace() ?? ""
        self.forced = forced.isEmpty ? nil : forced
        amountField = rule.parameter("amount") ?? "SALESPRICE"
        currencyField = rule.parameter("currency") ?? "CURRENCYCODE"
        unitField = rule.parameter("unit") ?? "defaultuomid"
        var lists: [(PriceList, Int)] = []
        if let table = context.sales.table("pricelevel") {
            for row in 0..<table.rowCount {
                let state = table.value(row: row, column: "statecode")?.trimmingASCIIWhitespace()
                guard state == nil || state == "0" || state == "" || forced.isEmpty == false,
                    let id = table.value(row: row, column: 0), let name = table.value(row: row, column: "name")
                else { continue }
                var currency = ""
                if let currencyId = table.value(row: row, column: "transactioncurrencyid"),
                    let currencyRow = try context.sales.row("transactioncurrency", id: currencyId)
                {
                    currency = context.sales.value("transactioncurrency", row: currencyRow, "isocurrencycode") ?? ""
                }
                lists.append((PriceList(id: id, name: name, currency: currency), row))
            }
        }
        self.lists = lists.sorted { ($0.0.name.lowercased(), $0.1) < ($1.0.name.lowercased(), $1.1) }.map(\.0)
    }

    /// The price lists (name, currency, state), their items and the currencies' ISO codes.
    static func salesReads(of rule: SpecialRule, on template: MappingTemplate, catalog: SchemaCatalog) -> [SalesFieldRead] {
        [
            SalesFieldRead(entity: "pricelevel", attributes: ["name", "transactioncurrencyid", "statecode"]),
            SalesFieldRead(entity: entity, attributes: ["pricelevelid", "productid", "uomid", "transactioncurrencyid", "amount"]),
            SalesFieldRead(entity: "transactioncurrency", attributes: ["isocurrencycode"]),
        ]
    }

    private func list(forCurrency currency: String) -> PriceList? {
        if let forced { return lists.first { $0.name.lowercased() == forced.lowercased() } }
        let wanted = currency.trimmingASCIIWhitespace().lowercased()
        return lists.first { $0.currency.trimmingASCIIWhitespace().lowercased() == wanted }
    }

    func generatesSalesRecords(on template: MappingTemplate) -> Bool { template.name == flow }

    /// Refuses a product that has no price list to get an item on.
    func rowHook(for flow: RuleFlow) -> (any RuleRowHook)? {
        flow.template.name == self.flow ? PriceListCheck(rule: self, view: flow.view) : nil
    }

    /// The per-record half of the rule: a product must have a price list to get an item on.
    private struct PriceListCheck: RuleRowHook {
        let rule: PriceListItemRule
        let view: SourceView

        func apply(row: Int, values: inout RowValues) -> RuleRefusal? {
            let currency = view.table.value(row: row, column: rule.currencyField) ?? ""
            guard rule.list(forCurrency: currency) == nil else { return nil }
            if let forced = rule.forced {
                return RuleRefusal(
                    .orphanReference, field: rule.currencyField,
                    message: "the price list '\(forced)' (priceList) is not in the Sales export")
            }
            let message = "no active price list in currency '\(currency)' in the Sales export for the product's price-list item"
            return RuleRefusal(.orphanReference, field: rule.currencyField, message: message)
        }
    }

    /// The items of every product the flow accepted, classified against the export's items.
    func generatedRecords(after result: RuleFlowResult) throws -> GeneratedRecords? {
        guard result.template.name == flow else { return nil }
        let output = result.output
        let view = result.view
        let context = result.context
        var table = Table(name: Self.entity, columnNames: Self.columns)
        var exportRows: [Int] = []
        let exportRow = context.exportRows(output.template.source)
        let accepted = output.accepted
        for row in 0..<accepted.rowCount {
            let sourceRow = output.acceptedSourceRows[row]
            guard let list = list(forCurrency: view.table.value(row: sourceRow, column: currencyField) ?? ""),
                let product = accepted.value(row: row, column: output.layout.idColumn ?? "productid"),
                let unit = accepted.value(row: row, column: unitField)
            else { continue }
            let amount = view.table.value(row: sourceRow, column: amountField).flatMap { try? CMTValueCodec.canonical($0, as: .money) }
            let currency = accepted.value(row: row, column: "transactioncurrencyid")
            try table.appendRow([
                nil, list.id, product, unit, currency, amount,
                "pricelevel", list.name, "product", accepted.value(row: row, column: "name"),
                "uom", accepted.value(row: row, column: FlowLayout.lookupNameColumn(unitField)),
                currency == nil ? nil : "transactioncurrency",
                accepted.value(row: row, column: FlowLayout.lookupNameColumn("transactioncurrencyid")),
            ])
            exportRows.append(exportRow(sourceRow))
        }
        return try GeneratedClassifier.classify(
            kind: "priceListItems", table: table, idColumn: "productpricelevelid", keyColumns: Self.keyColumns,
            target: context.sales.table(Self.entity), comparisons: ["amount": .decimal, "transactioncurrencyid": .caseInsensitive],
            full: context.options.full, company: context.company, exportRows: exportRows)
    }
}
