import AirlockIO
import AirlockPackages

/// The F&O side of a sample pair: customers, sellable released products, confirmed sales orders with lines
/// and invoices with lines, as a data management package (half the files CSV-Unicode, half CSV).
struct SampleFOExport {
    let world: SampleWorld
    let company: String

    /// Entity label, encoding and table of every file the package holds, in import order.
    func files() throws -> [(label: String, encoding: TextEncoding, table: Table)] {
        [
            ("Customers V2", .utf16LE, try customers()),
            ("Sellable released products", .utf8BOM, try products()),
            ("CDS sales order headers", .utf16LE, try orderHeaders()),
            ("CDS sales order lines", .utf16LE, try orderLines()),
            ("Externally maintained customer sales invoice headers", .utf8BOM, try invoiceHeaders()),
            ("Externally maintained customer sales invoice lines", .utf8BOM, try invoiceLines()),
        ]
    }

    /// Writes the package to `path`.
    func write(to path: String) throws {
        let files = try files()
        var lines = files.map { file in
            FOManifestLineBuilder.line(
                label: file.label, technicalName: nil, columns: file.table.columnNames,
                sourceFormat: file.encoding.isUTF16 ? "CSV-Unicode" : "CSV")
        }
        FOExecutionOrder.assign(&lines)
        let manifest = FOManifest(
            definitionGroupName: "Airlock sample", description: "Airlock sample export (\(company))", entities: lines,
            projectCategory: 0, hasRulesData: true)
        let entityFiles = zip(lines, files).map { FOEntityFile(entity: $0, table: $1.table, encoding: $1.encoding) }
        try FOPackageWriter.write(header: FOPackageHeader(description: "Airlock sample"), manifest: manifest, files: entityFiles, to: path)
    }

    private func customers() throws -> Table {
        var table = Table(
            name: "Customers V2",
            columnNames: [
                "CUSTOMERACCOUNT", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSDESCRIPTION", "ADDRESSLOCATIONROLES",
                "ADDRESSSTATE",
                "ADDRESSSTREET", "ADDRESSZIPCODE", "CREDITLIMIT", "CUSTOMERGROUPID", "DATAAREAID", "ISEXTERNALLYMAINTAINED", "LANGUAGEID",
                "ORGANIZATIONNAME", "ORGANIZATIONNUMBEROFEMPLOYEES", "PARTYNUMBER", "PARTYTYPE", "PRIMARYCONTACTEMAIL",
                "PRIMARYCONTACTPHONE",
                "PRIMARYCONTACTURL", "SALESCURRENCYCODE", "SALESMEMO", "SITEID", "WAREHOUSEID",
            ])
        for account in world.accounts where account.inFO {
            let a = account.address
            // Customers Sales also has came from Sales: externally maintained.
            try table.appendRow([
                account.number, a.city, a.country, account.name, "Business", a.state, a.street, a.zip, String(account.creditLimit), "10",
                company, account.inSales ? "Yes" : "No", "en-us", account.name, String(account.employees), account.number, "Organization",
                account.email, account.foPhone, account.website, account.currency, account.memo, "1", "13",
            ])
        }
        return table
    }

    private func products() throws -> Table {
        var table = Table(
            name: "Sellable released products",
            columnNames: [
                "PRODUCTNUMBER", "CURRENCYCODE", "DATAAREAID", "FIELDSERVICEPRODUCTTYPE", "INVENTORYUNITDECIMALPRECISION",
                "INVENTORYUNITSYMBOL",
                "ISSALESSTOPPED", "ISSTOCKEDPRODUCT", "PRODUCTDESCRIPTION", "PRODUCTNAME", "PRODUCTTYPE", "SALESPRICE",
                "SALESUNITDECIMALPRECISION", "SALESUNITSYMBOL", "UNITCOST",
            ])
        func add(_ product: SampleWorld.Product, stocked: String? = nil, price: String? = nil) throws {
            try table.appendRow([
                product.number, "USD", company, product.isService ? "Service" : "Inventory", String(product.unit.decimals),
                product.unit.symbol,
                "No", stocked ?? (product.isService ? "No" : "Yes"), product.description, product.name,
                product.isService ? "Service" : "Item",
                price ?? "\(product.price).00", String(product.unit.decimals), product.unit.symbol, "\(product.cost).00",
            ])
        }
        for product in world.products { try add(product) }
        if let defects = world.defects {
            for product in defects.unmappedProducts { try add(product, stocked: SampleDefects.unstockedValue) }
            for product in defects.invalidPriceProducts { try add(product, price: SampleDefects.invalidPrice) }
        }
        return table
    }

    /// Line amount (after discount) and line tax (10 %) of every line, in cents.
    private func lineAmounts(_ line: SampleWorld.Line) -> (amount: Int, tax: Int) {
        let amount = world.products[line.product].price * 100 * line.quantity - line.discountCents
        return (amount, amount / 10)
    }

    /// The totals of a document: lines after discount, discount, charges, and tax (lines' plus the charges').
    private func totals(_ order: SampleWorld.Document) -> (amount: Int, discount: Int, charges: Int, tax: Int) {
        var amount = 0
        var discount = 0
        var tax = order.headerTaxCents
        for line in order.lines {
            let (lineAmount, lineTax) = lineAmounts(line)
            amount += lineAmount
            tax += lineTax
            discount += line.discountCents
        }
        return (amount, discount, order.chargeCents, tax)
    }

    /// Every F&O order with its processing status and its customer's account number: the world's, then the
    /// defects' (confirmed orders of externally maintained customers, or of a customer no export has).
    private var allOrders: [(order: SampleWorld.Document, status: String, customer: String)] {
        var orders = world.foOrders.enumerated().map { index, order in
            (order, ["Confirmed", "Delivered", "Invoiced", "Active"][index % 4], world.accounts[order.account].number)
        }
        if let defects = world.defects {
            orders += defects.unknownProductFOOrders.map { ($0, "Confirmed", world.accounts[$0.account].number) }
            orders += defects.unknownCustomerFOOrders.enumerated().map { ($1, "Confirmed", SampleDefects.unknownCustomer($0)) }
        }
        return orders
    }

    private func orderHeaders() throws -> Table {
        var table = Table(
            name: "CDS sales order headers",
            columnNames: [
                "SALESORDERNUMBER", "ARETOTALSUPDATED", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "DELIVERYADDRESSCITY",
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSSTATEID", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSZIPCODE",
                "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONID", "INVOICEADDRESSSTATEID", "INVOICEADDRESSSTREET",
                "INVOICEADDRESSZIPCODE",
                "INVOICECUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERISEXTERNALLYMAINTAINED", "ORDERHEADERTAXAMOUNT",
                "ORDERINGCUSTOMERACCOUNTNUMBER",
                "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED", "ORDERTOTALAMOUNT", "ORDERTOTALCHARGESAMOUNT", "ORDERTOTALTAXAMOUNT",
                "REQUESTEDSHIPPINGDATE", "SALESORDERNAME", "SALESORDERORIGINTYPE", "SALESORDERPROCESSINGSTATUS", "SALESORDERSTATUS",
                "TOTALDISCOUNTAMOUNT",
            ])
        for (order, status, customer) in allOrders {
            let account = world.accounts[order.account]
            let a = account.address
            let (amount, discount, charges, tax) = totals(order)
            // A customer F&O has but Sales has not is F&O's own (not externally maintained); an unknown one says Yes.
            let external = account.inSales || customer != account.number ? "Yes" : "No"
            try table.appendRow([
                order.number, "Yes", account.currency, order.reference, company, a.city, a.country, a.state, a.street, a.zip,
                a.city, a.country, a.state, a.street, a.zip, customer, external, SampleWorld.money(cents: order.headerTaxCents), customer,
                external, SampleWorld.money(cents: amount + charges + tax), SampleWorld.money(cents: charges),
                SampleWorld.money(cents: tax),
                SampleWorld.usDate(day: order.day), "\(account.name) – \(order.number)", "SalesOrderIntegration", status,
                status == "Invoiced" ? "Invoiced" : "Backorder", SampleWorld.money(cents: discount),
            ])
        }
        return table
    }

    private func orderLines() throws -> Table {
        var table = Table(
            name: "CDS sales order lines",
            columnNames: [
                "SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER", "CURRENCYCODE", "DATAAREAID", "LINEAMOUNT", "ORDEREDSALESQUANTITY",
                "PRODUCTNAME", "PRODUCTNUMBER", "SALESPRICE", "SALESUNITSYMBOL", "TOTALDISCOUNTAMOUNT", "TOTALTAXAMOUNT",
            ])
        let unknownProducts = Dictionary(
            uniqueKeysWithValues: (world.defects?.unknownProductFOOrders ?? []).enumerated().map {
                ($1.number, SampleDefects.unknownProductNumber($0))
            })
        for (order, _, _) in allOrders {
            let currency = world.accounts[order.account].currency
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let (amount, tax) = lineAmounts(line)
                // The defect: the last line names a product neither export has.
                let unknown = index == order.lines.count - 1 ? unknownProducts[order.number] : nil
                try table.appendRow([
                    order.number, String(index + 1), currency, company, SampleWorld.money(cents: amount), String(line.quantity),
                    unknown == nil ? product.name : "Discontinued part", unknown ?? product.number, "\(product.price).00",
                    product.unit.symbol,
                    SampleWorld.money(cents: line.discountCents), SampleWorld.money(cents: tax),
                ])
            }
        }
        return table
    }

    private func invoiceHeaders() throws -> Table {
        var table = Table(
            name: "Externally maintained customer sales invoice headers",
            columnNames: [
                "INVOICENUMBER", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "INVOICEADDRESSCITY",
                "INVOICEADDRESSCOUNTRYREGIONISOCODE",
                "INVOICEADDRESSSTATE", "INVOICEADDRESSSTREET", "INVOICEADDRESSZIPCODE", "INVOICECUSTOMERACCOUNTNUMBER", "INVOICEDATE",
                "LEDGERVOUCHER", "SALESORDERNUMBER", "TOTALCHARGEAMOUNT", "TOTALDISCOUNTAMOUNT", "TOTALDISCOUNTCUSTOMERGROUPCODE",
                "TOTALINVOICEAMOUNT", "TOTALTAXAMOUNT",
            ])
        let invoiced = world.invoicedOrders
        // The defect: an invoice header written a second time (with no lines of its own), after all the others.
        let duplicated = (world.defects?.duplicatedInvoices ?? []).filter { $0 < invoiced.count }.map { invoiced[$0] }
        for order in invoiced + duplicated {
            let account = world.accounts[order.account]
            let a = account.address
            let (amount, discount, charges, tax) = totals(order)
            try table.appendRow([
                SampleWorld.invoiceNumber(order), account.currency, order.reference, company, a.city, a.country, a.state, a.street, a.zip,
                account.number, SampleWorld.usDate(day: min(order.day + 7, 364)), "VOU-" + order.number.dropFirst(3), order.number,
                SampleWorld.money(cents: charges), SampleWorld.money(cents: discount), "0.00",
                SampleWorld.money(cents: amount + charges + tax),
                SampleWorld.money(cents: tax),
            ])
        }
        return table
    }

    private func invoiceLines() throws -> Table {
        var table = Table(
            name: "Externally maintained customer sales invoice lines",
            columnNames: [
                "INVOICENUMBER", "LINECREATIONSEQUENCENUMBER", "CURRENCYCODE", "INVOICEDATE", "INVOICEDQUANTITY", "LEDGERVOUCHER",
                "LINEAMOUNT",
                "LINETOTALCHARGEAMOUNT", "LINETOTALDISCOUNTAMOUNT", "LINETOTALTAXAMOUNT", "PRODUCTDESCRIPTION", "PRODUCTNAME",
                "PRODUCTNUMBER",
                "SALESPRICE", "SALESUNITSYMBOL",
            ])
        for order in world.invoicedOrders {
            let currency = world.accounts[order.account].currency
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let (amount, tax) = lineAmounts(line)
                try table.appendRow([
                    SampleWorld.invoiceNumber(order), String(index + 1), currency, SampleWorld.usDate(day: min(order.day + 7, 364)),
                    String(line.quantity), "VOU-" + order.number.dropFirst(3), SampleWorld.money(cents: amount), "0.00",
                    SampleWorld.money(cents: line.discountCents), SampleWorld.money(cents: tax), product.description, product.name,
                    product.number, "\(product.price).00", product.unit.symbol,
                ])
            }
        }
        return table
    }
}
