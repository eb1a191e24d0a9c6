import AirlockPackages

extension SampleDualWriteSalesExport {
    /// Quotes with lines and orders with lines, for customers Sales has (accounts or sellable contacts) and products
    /// Sales knows. Quotes are drafts (statecode 0, which the quotes map takes) but every twentieth from the second,
    /// which is active. Orders created in Sales are item-based (msdyn_ordertype 192350000, which the orders map takes)
    /// but every twentieth from the second (192350001, service-based). Every third F&O order whose products Sales
    /// knows is in Sales too, under its F&O number (msdyn_salesordernumber) and with F&O's totals. Lines name their
    /// header's company (msdyn_company), as dual-write's line maps write it.
    mutating func documents(_ references: References) throws -> [SampleEntityBuilder] {
        let base = world.base
        let shared: [CMTSchemaField] = [
            Self.field("name", .string, "Name"),
            Self.field("customerid", .entityReference, "Customer", lookup: "account|contact"),
            Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
            Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
            Self.field("shipto_line1", .string, "Ship To Street 1"), Self.field("shipto_city", .string, "Ship To City"),
            Self.field("shipto_stateorprovince", .string, "Ship To State/Province"),
            Self.field("shipto_postalcode", .string, "Ship To ZIP/Postal Code"),
            Self.field("shipto_country", .string, "Ship To Country/Region"),
            Self.field("billto_line1", .string, "Bill To Street 1"), Self.field("billto_city", .string, "Bill To City"),
            Self.field("billto_stateorprovince", .string, "Bill To State/Province"),
            Self.field("billto_postalcode", .string, "Bill To ZIP/Postal Code"),
            Self.field("billto_country", .string, "Bill To Country/Region"),
            Self.field("requestdeliveryby", .datetime, "Requested Delivery Date"),
            Self.field("discountamount", .money, "Order Discount Amount"), Self.field("freightamount", .money, "Freight Amount"),
            Self.field("totaltax", .money, "Total Tax"), Self.field("totalamount", .money, "Total Amount"),
            Self.field("statecode", .state, "Status"), Self.field("statuscode", .status, "Status Reason"),
        ]
        func lineFields(_ parent: String, _ display: String, _ entity: String) -> [CMTSchemaField] {
            [
                Self.field(parent, .entityReference, display, lookup: entity), Self.field("sequencenumber", .number, "Sequence Number"),
                Self.field("msdyn_company", .entityReference, "Company", lookup: "cdm_company"),
                Self.field("productid", .entityReference, "Existing Product", lookup: "product"),
                Self.field("description", .string, "Description"), Self.field("uomid", .entityReference, "Unit", lookup: "uom"),
                Self.field("quantity", .decimal, "Quantity"), Self.field("priceperunit", .money, "Price Per Unit"),
                Self.field("ispriceoverridden", .bool, "Pricing"), Self.field("baseamount", .money, "Amount"),
                Self.field("manualdiscountamount", .money, "Manual Discount"), Self.field("tax", .money, "Tax"),
                Self.field("extendedamount", .money, "Extended Amount"),
            ]
        }
        var quotes = SampleEntityBuilder(
            "quote", "Quote", id: "quoteid", primaryName: "name",
            fields: [
                Self.field("quotenumber", .string, "Quote ID", key: true), Self.field("msdyn_quotenumber", .string, "Quotation Number"),
                Self.field("msdyn_customersreference", .string, "Customer Reference"),
            ] + shared)
        var quoteLines = SampleEntityBuilder(
            "quotedetail", "Quote Product", id: "quotedetailid", primaryName: "productid", fields: lineFields("quoteid", "Quote", "quote"))
        var orders = SampleEntityBuilder(
            "salesorder", "Order", id: "salesorderid", primaryName: "name",
            fields: [
                Self.field("ordernumber", .string, "Order ID", key: true),
                Self.field("msdyn_salesordernumber", .string, "Sales Order Number"),
                Self.field("msdyn_customersorderreference", .string, "Customer Reference"),
                Self.field("msdyn_ordertype", .optionSetValue, "Order Type"),
            ] + shared)
        var orderLines = SampleEntityBuilder(
            "salesorderdetail", "Order Product", id: "salesorderdetailid", primaryName: "productid",
            fields: lineFields("salesorderid", "Order", "salesorder"))

        /// `fromFO`: an F&O order Sales has too (F&O's totals, tax and charges); else a Sales document (no tax).
        func add(_ document: SampleWorld.Document, quote: Bool, state: Int, orderType: String, fromFO: Bool) throws {
            guard let customer = references.customers[document.account] else { return }
            let account = base.accounts[document.account]
            let invoice = world.invoiceAddresses[document.account]
            let id = random.guid()
            var lineAmounts: [(base: Int, extended: Int, tax: Int)] = []
            var discount = 0
            for line in document.lines {
                let gross = base.products[line.product].price * 100 * line.quantity
                if fromFO {
                    let (amount, tax) = world.lineAmounts(line)
                    lineAmounts.append((amount, amount, tax))
                } else {
                    lineAmounts.append((gross, gross - line.discountCents, 0))
                }
                discount += line.discountCents
            }
            let totals = world.totals(document)
            let total = fromFO ? totals.amount + totals.charges + totals.tax : lineAmounts.reduce(0) { $0 + $1.extended }
            let values: [CMTFieldValue?] = [
                Self.value(quote ? "quotenumber" : "ordernumber", document.number),
                Self.value(quote ? "msdyn_quotenumber" : "msdyn_salesordernumber", document.number),
                Self.value(quote ? "msdyn_customersreference" : "msdyn_customersorderreference", document.reference),
                quote ? nil : Self.value("msdyn_ordertype", orderType),
                Self.value("name", "\(world.displayName(document.account)) – \(document.number)"),
                Self.lookup("customerid", customer.id, customer.entity, world.displayName(document.account)),
                Self.lookup("msdyn_company", references.company, "cdm_company", world.company),
                Self.lookup("transactioncurrencyid", references.currencies[account.currency], "transactioncurrency", account.currency),
                Self.value("shipto_line1", account.address.street), Self.value("shipto_city", account.address.city),
                Self.value("shipto_stateorprovince", account.address.state), Self.value("shipto_postalcode", account.address.zip),
                Self.value("shipto_country", account.address.country), Self.value("billto_line1", invoice.street),
                Self.value("billto_city", invoice.city), Self.value("billto_stateorprovince", invoice.state),
                Self.value("billto_postalcode", invoice.zip), Self.value("billto_country", invoice.country),
                Self.value("requestdeliveryby", SampleWorld.isoDate(day: document.day)),
                Self.value("discountamount", Self.money(cents: discount)),
                fromFO ? Self.value("freightamount", Self.money(cents: totals.charges)) : nil,
                fromFO ? Self.value("totaltax", Self.money(cents: totals.tax)) : nil,
                Self.value("totalamount", Self.money(cents: total)),
                // Quotes: 0 Draft or 1 Active (the export schema has no quote status reason); orders: 0 Active (1 New).
                Self.value("statecode", String(state)), quote ? nil : Self.value("statuscode", "1"),
            ]
            if quote { try quotes.add(id: id, values) } else { try orders.add(id: id, values) }
            for (index, line) in document.lines.enumerated() {
                let product = base.products[line.product]
                let amounts = lineAmounts[index]
                let lineValues: [CMTFieldValue?] = [
                    Self.lookup(quote ? "quoteid" : "salesorderid", id, quote ? "quote" : "salesorder", document.number),
                    Self.value("sequencenumber", String(index + 1)),
                    Self.lookup("msdyn_company", references.company, "cdm_company", world.company),
                    Self.lookup("productid", references.products[line.product], "product", product.name),
                    Self.value("description", product.name),
                    Self.lookup("uomid", references.units[product.unit.symbol], "uom", product.unit.name),
                    Self.value("quantity", "\(line.quantity).0000000000"), Self.value("priceperunit", "\(product.price).0000000000"),
                    Self.value("ispriceoverridden", "True"), Self.value("baseamount", Self.money(cents: amounts.base)),
                    Self.value("manualdiscountamount", Self.money(cents: line.discountCents)),
                    fromFO ? Self.value("tax", Self.money(cents: amounts.tax)) : nil,
                    Self.value("extendedamount", Self.money(cents: amounts.extended)),
                ]
                if quote { try quoteLines.add(id: random.guid(), lineValues) } else { try orderLines.add(id: random.guid(), lineValues) }
            }
        }
        for (index, quote) in base.quotes.enumerated() {
            try add(quote, quote: true, state: index % 20 == 1 ? 1 : 0, orderType: "", fromFO: false)
        }
        for (index, order) in base.salesOrders.enumerated() {
            try add(order, quote: false, state: 0, orderType: index % 20 == 1 ? "192350001" : "192350000", fromFO: false)
        }
        // F&O orders Sales has too: every third whose products are all in Sales.
        for (index, order) in base.foOrders.enumerated() where index % 3 == 0 {
            guard order.lines.allSatisfy({ references.products[$0.product] != nil }) else { continue }
            try add(order, quote: false, state: 0, orderType: "192350000", fromFO: true)
        }
        return [quotes, quoteLines, orders, orderLines]
    }
}
