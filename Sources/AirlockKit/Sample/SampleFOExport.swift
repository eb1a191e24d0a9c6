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
        var table = Table(name: "Customers V2", columnNames: [
            "CUSTOMERACCOUNT", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSDESCRIPTION", "ADDRESSLOCATIONROLES", "ADDRESSSTATE",
            "ADDRESSSTREET", "ADDRESSZIPCODE", "CREDITLIMIT", "CUSTOMERGROUPID", "DATAAREAID", "ISEXTERNALLYMAINTAINED", "LANGUAGEID",
            "ORGANIZATIONNAME", "ORGANIZATIONNUMBEROFEMPLOYEES", "PARTYNUMBER", "PARTYTYPE", "PRIMARYCONTACTEMAIL", "PRIMARYCONTACTPHONE",
            "PRIMARYCONTACTURL", "SALESCURRENCYCODE", "SALESMEMO", "SITEID", "WAREHOUSEID",
        ])
        for account in world.accounts where account.inFO {
            let a = account.address
            try table.appendRow([
                account.number, a.city, a.country, account.name, "Business", a.state, a.street, a.zip, String(account.creditLimit), "10",
                company, "Yes", "en-us", account.name, String(account.employees), account.number, "Organization", account.email,
                account.foPhone, account.website, account.currency, account.memo, "1", "13",
            ])
        }
        return table
    }

    private func products() throws -> Table {
        var table = Table(name: "Sellable released products", columnNames: [
            "PRODUCTNUMBER", "CURRENCYCODE", "DATAAREAID", "FIELDSERVICEPRODUCTTYPE", "INVENTORYUNITDECIMALPRECISION", "INVENTORYUNITSYMBOL",
            "ISSALESSTOPPED", "ISSTOCKEDPRODUCT", "PRODUCTDESCRIPTION", "PRODUCTNAME", "PRODUCTTYPE", "SALESPRICE",
            "SALESUNITDECIMALPRECISION", "SALESUNITSYMBOL", "UNITCOST",
        ])
        for product in world.products {
            try table.appendRow([
                product.number, "USD", company, product.isService ? "Service" : "Inventory", String(product.unit.decimals), product.unit.symbol,
                "No", product.isService ? "No" : "Yes", product.description, product.name, product.isService ? "Service" : "Item",
                "\(product.price).00", String(product.unit.decimals), product.unit.symbol, "\(product.cost).00",
            ])
        }
        return table
    }

    private func totals(_ order: SampleWorld.Document) -> (amount: Int, discount: Int, tax: Int) {
        var amount = 0, discount = 0
        for line in order.lines {
            amount += world.products[line.product].price * 100 * line.quantity - line.discountCents
            discount += line.discountCents
        }
        return (amount, discount, amount / 10)
    }

    private func orderHeaders() throws -> Table {
        var table = Table(name: "CDS sales order headers", columnNames: [
            "SALESORDERNUMBER", "ARETOTALSUPDATED", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "DELIVERYADDRESSCITY",
            "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSSTATEID", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSZIPCODE",
            "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONID", "INVOICEADDRESSSTATEID", "INVOICEADDRESSSTREET", "INVOICEADDRESSZIPCODE",
            "INVOICECUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERISEXTERNALLYMAINTAINED", "ORDERINGCUSTOMERACCOUNTNUMBER",
            "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED", "ORDERTOTALAMOUNT", "ORDERTOTALCHARGESAMOUNT", "ORDERTOTALTAXAMOUNT",
            "REQUESTEDSHIPPINGDATE", "SALESORDERNAME", "SALESORDERORIGINTYPE", "SALESORDERPROCESSINGSTATUS", "SALESORDERSTATUS",
            "TOTALDISCOUNTAMOUNT",
        ])
        for (index, order) in world.foOrders.enumerated() {
            let account = world.accounts[order.account], a = account.address
            let (amount, discount, tax) = totals(order)
            let status = ["Confirmed", "Delivered", "Invoiced", "Active"][index % 4]
            try table.appendRow([
                order.number, "Yes", account.currency, order.reference, company, a.city, a.country, a.state, a.street, a.zip,
                a.city, a.country, a.state, a.street, a.zip, account.number, "Yes", account.number, "Yes",
                SampleWorld.money(cents: amount + tax), "0.00", SampleWorld.money(cents: tax), SampleWorld.usDate(day: order.day),
                "\(account.name) – \(order.number)", "SalesOrderIntegration", status, status == "Invoiced" ? "Invoiced" : "Backorder",
                SampleWorld.money(cents: discount),
            ])
        }
        return table
    }

    private func orderLines() throws -> Table {
        var table = Table(name: "CDS sales order lines", columnNames: [
            "SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER", "CURRENCYCODE", "DATAAREAID", "LINEAMOUNT", "ORDEREDSALESQUANTITY",
            "PRODUCTNAME", "PRODUCTNUMBER", "SALESPRICE", "SALESUNITSYMBOL", "TOTALDISCOUNTAMOUNT", "TOTALTAXAMOUNT",
        ])
        for order in world.foOrders {
            let currency = world.accounts[order.account].currency
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let amount = product.price * 100 * line.quantity - line.discountCents
                try table.appendRow([
                    order.number, String(index + 1), currency, company, SampleWorld.money(cents: amount), String(line.quantity),
                    product.name, product.number, "\(product.price).00", product.unit.symbol, SampleWorld.money(cents: line.discountCents),
                    SampleWorld.money(cents: amount / 10),
                ])
            }
        }
        return table
    }

    /// Invoices exist for every order F&O has invoiced or delivered.
    private var invoicedOrders: [SampleWorld.Document] {
        world.foOrders.enumerated().filter { $0.offset % 4 == 1 || $0.offset % 4 == 2 }.map(\.element)
    }

    private func invoiceHeaders() throws -> Table {
        var table = Table(name: "Externally maintained customer sales invoice headers", columnNames: [
            "INVOICENUMBER", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONISOCODE",
            "INVOICEADDRESSSTATE", "INVOICEADDRESSSTREET", "INVOICEADDRESSZIPCODE", "INVOICECUSTOMERACCOUNTNUMBER", "INVOICEDATE",
            "LEDGERVOUCHER", "SALESORDERNUMBER", "TOTALCHARGEAMOUNT", "TOTALDISCOUNTAMOUNT", "TOTALDISCOUNTCUSTOMERGROUPCODE",
            "TOTALINVOICEAMOUNT", "TOTALTAXAMOUNT",
        ])
        for order in invoicedOrders {
            let account = world.accounts[order.account], a = account.address
            let (amount, discount, tax) = totals(order)
            try table.appendRow([
                "INV-" + order.number.dropFirst(3), account.currency, order.reference, company, a.city, a.country, a.state, a.street, a.zip,
                account.number, SampleWorld.usDate(day: min(order.day + 7, 364)), "VOU-" + order.number.dropFirst(3), order.number, "0.00",
                SampleWorld.money(cents: discount), "0.00", SampleWorld.money(cents: amount + tax), SampleWorld.money(cents: tax),
            ])
        }
        return table
    }

    private func invoiceLines() throws -> Table {
        var table = Table(name: "Externally maintained customer sales invoice lines", columnNames: [
            "INVOICENUMBER", "LINECREATIONSEQUENCENUMBER", "CURRENCYCODE", "INVOICEDATE", "INVOICEDQUANTITY", "LEDGERVOUCHER", "LINEAMOUNT",
            "LINETOTALCHARGEAMOUNT", "LINETOTALDISCOUNTAMOUNT", "LINETOTALTAXAMOUNT", "PRODUCTDESCRIPTION", "PRODUCTNAME", "PRODUCTNUMBER",
            "SALESPRICE", "SALESUNITSYMBOL",
        ])
        for order in invoicedOrders {
            let currency = world.accounts[order.account].currency
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let amount = product.price * 100 * line.quantity - line.discountCents
                try table.appendRow([
                    "INV-" + order.number.dropFirst(3), String(index + 1), currency, SampleWorld.usDate(day: min(order.day + 7, 364)),
                    String(line.quantity), "VOU-" + order.number.dropFirst(3), SampleWorld.money(cents: amount), "0.00",
                    SampleWorld.money(cents: line.discountCents), SampleWorld.money(cents: amount / 10), product.description, product.name,
                    product.number, "\(product.price).00", product.unit.symbol,
                ])
            }
        }
        return table
    }
}
