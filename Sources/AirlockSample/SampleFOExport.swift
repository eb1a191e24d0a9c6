import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O side of a sample pair: customers, sellable released products, confirmed sales orders with lines
/// and invoices with lines, as a data management package (half the files CSV-Unicode, half CSV).
///
/// Each file has the columns the sample fills and every column the template set reads or writes on its entity
/// (`FOExportColumns`, what `convert` looks for), the key first, then the others in alphabetical order; a column
/// the world has no value for is empty, as F&O exports a field without a value. The customers that came from Sales
/// (externally maintained) hold what the accounts map wrote at the last sync from the Sales account's values, but
/// the phone of those whose phone changed in Sales since (`SampleWorld.Account.foPhone`, drift by design).
struct SampleFOExport {
    let world: SampleWorld
    let company: String
    /// Per entity label, the columns the template set needs (`FOExportColumns.needed(by:catalog:)`).
    let neededColumns: [String: [String]]

    /// Entity label, encoding and table of every file the package holds, in import order.
    func files() throws -> [(label: String, encoding: TextEncoding, table: Table)] {
        [
            ("Customers V2", .utf16LE, try customers()),
            ("CDS Contacts", .utf16LE, empty("CDS Contacts", key: ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER"])),
            ("Sellable released products", .utf8BOM, try products()),
            ("CDS sales quotation header", .utf16LE, empty("CDS sales quotation header", key: ["SALESQUOTATIONNUMBER"])),
            (
                "CDS sales quotation lines", .utf16LE,
                empty("CDS sales quotation lines", key: ["SALESQUOTATIONNUMBER", "LINECREATIONSEQUENCENUMBER"])
            ),
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

    /// A builder of entity `label` with the columns `own` (the key, `key`, among them) and those the template set
    /// needs there: the key first, then the others in alphabetical order.
    private func builder(_ label: String, key: [String], own: [String]) -> SampleTableBuilder {
        var seen = Set(key.map { $0.uppercased() })
        var others: [String] = []
        for column in own + (neededColumns[label] ?? []) where seen.insert(column.uppercased()).inserted { others.append(column) }
        return SampleTableBuilder(name: label, columns: key + others.sorted())
    }

    /// An entity F&O holds no record of: its file with the key and needed columns and no row. Contact persons and
    /// quotations are such: in the sample's pre-migration state the Prospect to cash contact and quote maps never
    /// ran, so F&O holds none of Sales' contacts and quotes. The data project exports them all the same, which is
    /// what lets `convert` tell that every contact and quote it sends is new (an export without the entity says
    /// nothing, and `convert` refuses it).
    private func empty(_ label: String, key: [String]) -> Table {
        builder(label, key: key, own: ["DATAAREAID"]).table
    }

    private func customers() throws -> Table {
        var table = builder(
            "Customers V2", key: ["CUSTOMERACCOUNT"],
            own: [
                "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSDESCRIPTION", "ADDRESSLOCATIONROLES", "ADDRESSSTATE",
                "ADDRESSSTREET", "ADDRESSZIPCODE", "CREDITLIMIT", "CUSTOMERGROUPID", "DATAAREAID", "DELIVERYADDRESSCITY",
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSSTATE", "DELIVERYADDRESSSTREET",
                "DELIVERYADDRESSZIPCODE", "ISEXTERNALLYMAINTAINED", "LANGUAGEID", "ORGANIZATIONNAME", "ORGANIZATIONNUMBEROFEMPLOYEES",
                "PARTYNUMBER", "PARTYTYPE", "PRIMARYCONTACTEMAIL", "PRIMARYCONTACTFAX", "PRIMARYCONTACTPHONE", "PRIMARYCONTACTURL",
                "SALESCURRENCYCODE", "SALESMEMO", "SITEID", "WAREHOUSEID",
            ])
        for account in world.accounts where account.inFO {
            let a = account.address
            // Customers Sales also has came from Sales (externally maintained), with what the accounts map wrote.
            table.set([
                "CUSTOMERACCOUNT": account.number, "ADDRESSCITY": a.city, "ADDRESSCOUNTRYREGIONISOCODE": a.country,
                "ADDRESSDESCRIPTION": account.name, "ADDRESSLOCATIONROLES": "Business", "ADDRESSSTATE": a.state, "ADDRESSSTREET": a.street,
                "ADDRESSZIPCODE": a.zip, "CREDITLIMIT": String(account.creditLimit), "CUSTOMERGROUPID": "10", "DATAAREAID": company,
                "ISEXTERNALLYMAINTAINED": account.inSales ? "Yes" : "No", "LANGUAGEID": "en-us", "ORGANIZATIONNAME": account.name,
                "ORGANIZATIONNUMBEROFEMPLOYEES": String(account.employees), "PARTYNUMBER": account.number, "PARTYTYPE": "Organization",
                "PRIMARYCONTACTEMAIL": account.email, "PRIMARYCONTACTFAX": account.fax, "PRIMARYCONTACTPHONE": account.foPhone,
                "PRIMARYCONTACTURL": account.website, "SALESCURRENCYCODE": account.currency, "SALESMEMO": account.memo, "SITEID": "1",
                "WAREHOUSEID": "13",
            ])
            if let d = account.deliveryAddress {
                table.set([
                    "DELIVERYADDRESSCITY": d.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": d.country,
                    "DELIVERYADDRESSDESCRIPTION": account.name, "DELIVERYADDRESSSTATE": d.state, "DELIVERYADDRESSSTREET": d.street,
                    "DELIVERYADDRESSZIPCODE": d.zip,
                ])
            } else if account.inSales {
                // The accounts map's own values for an account without address 2: the country's default and the name.
                table.set(["DELIVERYADDRESSCOUNTRYREGIONISOCODE": "US", "DELIVERYADDRESSDESCRIPTION": account.name])
            }
            try table.appendRow()
        }
        return table.table
    }

    private func products() throws -> Table {
        var table = builder(
            "Sellable released products", key: ["PRODUCTNUMBER"],
            own: [
                "CURRENCYCODE", "DATAAREAID", "FIELDSERVICEPRODUCTTYPE", "INVENTORYUNITDECIMALPRECISION", "INVENTORYUNITSYMBOL",
                "ISSALESSTOPPED", "ISSTOCKEDPRODUCT", "PRODUCTDESCRIPTION", "PRODUCTNAME", "PRODUCTTYPE", "SALESPRICE",
                "SALESUNITDECIMALPRECISION", "SALESUNITSYMBOL", "UNITCOST",
            ])
        func add(_ product: SampleWorld.Product, stocked: String? = nil, price: String? = nil) throws {
            table.set([
                "PRODUCTNUMBER": product.number, "CURRENCYCODE": "USD", "DATAAREAID": company,
                "FIELDSERVICEPRODUCTTYPE": product.isService ? "Service" : "Inventory",
                "INVENTORYUNITDECIMALPRECISION": String(product.unit.decimals), "INVENTORYUNITSYMBOL": product.unit.symbol,
                "ISSALESSTOPPED": "No", "ISSTOCKEDPRODUCT": stocked ?? (product.isService ? "No" : "Yes"),
                "PRODUCTDESCRIPTION": product.description, "PRODUCTNAME": product.name,
                "PRODUCTTYPE": product.isService ? "Service" : "Item",
                "SALESPRICE": price ?? "\(product.price).00", "SALESUNITDECIMALPRECISION": String(product.unit.decimals),
                "SALESUNITSYMBOL": product.unit.symbol, "UNITCOST": "\(product.cost).00",
            ])
            try table.appendRow()
        }
        for product in world.products { try add(product) }
        if let defects = world.defects {
            for product in defects.unmappedProducts { try add(product, stocked: SampleDefects.unstockedValue) }
            for product in defects.invalidPriceProducts { try add(product, price: SampleDefects.invalidPrice) }
        }
        return table.table
    }

    /// Every F&O order with its processing status and its customer's account number: the world's, then the
    /// defects' (confirmed orders of externally maintained customers, or of a customer no export has).
    private var allOrders: [(order: SampleWorld.Document, status: String, customer: String)] {
        var orders = world.foOrders.enumerated().map { index, order in
            (order, SampleWorld.foOrderStatus(index), world.accounts[order.account].number)
        }
        if let defects = world.defects {
            orders += defects.unknownProductFOOrders.map { ($0, "Confirmed", world.accounts[$0.account].number) }
            orders += defects.unknownCustomerFOOrders.enumerated().map { ($1, "Confirmed", SampleDefects.unknownCustomer($0)) }
        }
        return orders
    }

    private func orderHeaders() throws -> Table {
        var table = builder(
            "CDS sales order headers", key: ["SALESORDERNUMBER"],
            own: [
                "ARETOTALSUPDATED", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "DELIVERYADDRESSCITY",
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSNAME", "DELIVERYADDRESSSTATEID",
                "DELIVERYADDRESSSTREET", "DELIVERYADDRESSSTREETNUMBER", "DELIVERYADDRESSZIPCODE", "INVOICEADDRESSCITY",
                "INVOICEADDRESSCOUNTRYREGIONID", "INVOICEADDRESSSTATEID", "INVOICEADDRESSSTREET", "INVOICEADDRESSSTREETNUMBER",
                "INVOICEADDRESSZIPCODE", "INVOICECUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERISEXTERNALLYMAINTAINED",
                "ISDELIVERYADDRESSORDERSPECIFIC", "ORDERHEADERTAXAMOUNT", "ORDERINGCUSTOMERACCOUNTNUMBER",
                "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED", "ORDERTOTALAMOUNT", "ORDERTOTALCHARGESAMOUNT", "ORDERTOTALTAXAMOUNT",
                "REQUESTEDSHIPPINGDATE", "SALESORDERNAME", "SALESORDERORIGINTYPE", "SALESORDERPROCESSINGSTATUS", "SALESORDERSTATUS",
                "TOTALDISCOUNTAMOUNT",
            ])
        for (order, status, customer) in allOrders {
            let account = world.accounts[order.account]
            let a = account.address
            // Goods go to the customer's delivery address (else its address), the invoice to its address.
            let d = account.shipTo
            let (amount, discount, charges, tax) = world.totals(order)
            // A customer F&O has but Sales has not is F&O's own (not externally maintained); an unknown one says Yes.
            let external = account.inSales || customer != account.number ? "Yes" : "No"
            table.set([
                "SALESORDERNUMBER": order.number, "ARETOTALSUPDATED": "Yes", "CURRENCYCODE": account.currency,
                "CUSTOMERSORDERREFERENCE": order.reference, "DATAAREAID": company, "DELIVERYADDRESSCITY": d.city,
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE": d.country, "DELIVERYADDRESSDESCRIPTION": account.name,
                "DELIVERYADDRESSNAME": account.name, "DELIVERYADDRESSSTATEID": d.state, "DELIVERYADDRESSSTREET": d.street,
                "DELIVERYADDRESSZIPCODE": d.zip, "INVOICEADDRESSCITY": a.city, "INVOICEADDRESSCOUNTRYREGIONID": a.country,
                "INVOICEADDRESSSTATEID": a.state, "INVOICEADDRESSSTREET": a.street, "INVOICEADDRESSZIPCODE": a.zip,
                "INVOICECUSTOMERACCOUNTNUMBER": customer, "INVOICECUSTOMERISEXTERNALLYMAINTAINED": external,
                "ISDELIVERYADDRESSORDERSPECIFIC": "No", "ORDERHEADERTAXAMOUNT": SampleWorld.money(cents: order.headerTaxCents),
                "ORDERINGCUSTOMERACCOUNTNUMBER": customer, "ORDERINGCUSTOMERISEXTERNALLYMAINTAINED": external,
                "ORDERTOTALAMOUNT": SampleWorld.money(cents: amount + charges + tax),
                "ORDERTOTALCHARGESAMOUNT": SampleWorld.money(cents: charges),
                "ORDERTOTALTAXAMOUNT": SampleWorld.money(cents: tax), "REQUESTEDSHIPPINGDATE": SampleWorld.usDate(day: order.day),
                "SALESORDERNAME": "\(account.name) – \(order.number)", "SALESORDERORIGINTYPE": "SalesOrderIntegration",
                "SALESORDERPROCESSINGSTATUS": status, "SALESORDERSTATUS": status == "Invoiced" ? "Invoiced" : "Backorder",
                "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: discount),
            ])
            try table.appendRow()
        }
        return table.table
    }

    /// F&O's per-unit discount of a line and the rounding left over as a line charge, in cents (as the
    /// discount-per-unit rule splits a whole-line discount: 10.00 over 3 units is 3.33 per unit and 0.01).
    static func perUnitDiscount(_ line: SampleWorld.Line) -> (perUnit: Int, charge: Int) {
        guard line.quantity > 0 else { return (0, 0) }
        let perUnit = (2 * line.discountCents + line.quantity) / (2 * line.quantity)
        return (perUnit, line.discountCents - perUnit * line.quantity)
    }

    private func orderLines() throws -> Table {
        var table = builder(
            "CDS sales order lines", key: ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER"],
            own: [
                "CURRENCYCODE", "DATAAREAID", "DELIVERYADDRESSCITY", "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSSTATEID",
                "DELIVERYADDRESSSTREET", "DELIVERYADDRESSSTREETNUMBER", "DELIVERYADDRESSZIPCODE", "FIXEDPRICECHARGES", "LINEAMOUNT",
                "LINEDISCOUNTAMOUNT", "ORDEREDSALESQUANTITY", "PRODUCTNAME", "PRODUCTNUMBER", "SALESPRICE", "SALESUNITSYMBOL",
                "TOTALDISCOUNTAMOUNT", "TOTALTAXAMOUNT",
            ])
        let unknownProducts = Dictionary(
            uniqueKeysWithValues: (world.defects?.unknownProductFOOrders ?? []).enumerated().map {
                ($1.number, SampleDefects.unknownProductNumber($0))
            })
        for (order, _, _) in allOrders {
            let account = world.accounts[order.account]
            let d = account.shipTo
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                let (perUnit, charge) = Self.perUnitDiscount(line)
                // The defect: the last line names a product neither export has.
                let unknown = index == order.lines.count - 1 ? unknownProducts[order.number] : nil
                table.set([
                    "SALESORDERNUMBER": order.number, "LINECREATIONSEQUENCENUMBER": String(index + 1), "CURRENCYCODE": account.currency,
                    "DATAAREAID": company, "DELIVERYADDRESSCITY": d.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": d.country,
                    "DELIVERYADDRESSSTATEID": d.state, "DELIVERYADDRESSSTREET": d.street, "DELIVERYADDRESSZIPCODE": d.zip,
                    "FIXEDPRICECHARGES": SampleWorld.money(cents: charge), "LINEAMOUNT": SampleWorld.money(cents: amount),
                    "LINEDISCOUNTAMOUNT": SampleWorld.money(cents: perUnit), "ORDEREDSALESQUANTITY": String(line.quantity),
                    "PRODUCTNAME": unknown == nil ? product.name : "Discontinued part", "PRODUCTNUMBER": unknown ?? product.number,
                    "SALESPRICE": "\(product.price).00", "SALESUNITSYMBOL": product.unit.symbol,
                    "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: line.discountCents), "TOTALTAXAMOUNT": SampleWorld.money(cents: tax),
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    private func invoiceHeaders() throws -> Table {
        var table = builder(
            "Externally maintained customer sales invoice headers", key: ["INVOICENUMBER"],
            own: [
                "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONISOCODE",
                "INVOICEADDRESSSTATE", "INVOICEADDRESSSTREET", "INVOICEADDRESSSTREETNUMBER", "INVOICEADDRESSZIPCODE",
                "INVOICECUSTOMERACCOUNTNUMBER", "INVOICEDATE", "LEDGERVOUCHER", "SALESORDERNUMBER", "TOTALCHARGEAMOUNT",
                "TOTALDISCOUNTAMOUNT", "TOTALDISCOUNTCUSTOMERGROUPCODE", "TOTALINVOICEAMOUNT", "TOTALTAXAMOUNT",
            ])
        let invoiced = world.invoicedOrders
        // The defect: an invoice header written a second time (with no lines of its own), after all the others.
        let duplicated = (world.defects?.duplicatedInvoices ?? []).filter { $0 < invoiced.count }.map { invoiced[$0] }
        for order in invoiced + duplicated {
            let account = world.accounts[order.account]
            let a = account.address
            let (amount, discount, charges, tax) = world.totals(order)
            table.set([
                "INVOICENUMBER": SampleWorld.invoiceNumber(order), "CURRENCYCODE": account.currency,
                "CUSTOMERSORDERREFERENCE": order.reference, "DATAAREAID": company, "INVOICEADDRESSCITY": a.city,
                "INVOICEADDRESSCOUNTRYREGIONISOCODE": a.country, "INVOICEADDRESSSTATE": a.state, "INVOICEADDRESSSTREET": a.street,
                "INVOICEADDRESSZIPCODE": a.zip, "INVOICECUSTOMERACCOUNTNUMBER": account.number,
                "INVOICEDATE": SampleWorld.usDate(day: min(order.day + 7, 364)), "LEDGERVOUCHER": "VOU-" + order.number.dropFirst(3),
                "SALESORDERNUMBER": order.number, "TOTALCHARGEAMOUNT": SampleWorld.money(cents: charges),
                "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: discount), "TOTALDISCOUNTCUSTOMERGROUPCODE": "0.00",
                "TOTALINVOICEAMOUNT": SampleWorld.money(cents: amount + charges + tax), "TOTALTAXAMOUNT": SampleWorld.money(cents: tax),
            ])
            try table.appendRow()
        }
        return table.table
    }

    private func invoiceLines() throws -> Table {
        var table = builder(
            "Externally maintained customer sales invoice lines", key: ["INVOICENUMBER", "LINECREATIONSEQUENCENUMBER"],
            own: [
                "CURRENCYCODE", "INVOICEDATE", "INVOICEDQUANTITY", "LEDGERVOUCHER", "LINEAMOUNT", "LINETOTALCHARGEAMOUNT",
                "LINETOTALDISCOUNTAMOUNT", "LINETOTALTAXAMOUNT", "PRODUCTDESCRIPTION", "PRODUCTNAME", "PRODUCTNUMBER", "SALESPRICE",
                "SALESUNITSYMBOL",
            ])
        for order in world.invoicedOrders {
            let currency = world.accounts[order.account].currency
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                table.set([
                    "INVOICENUMBER": SampleWorld.invoiceNumber(order), "LINECREATIONSEQUENCENUMBER": String(index + 1),
                    "CURRENCYCODE": currency, "INVOICEDATE": SampleWorld.usDate(day: min(order.day + 7, 364)),
                    "INVOICEDQUANTITY": String(line.quantity), "LEDGERVOUCHER": "VOU-" + order.number.dropFirst(3),
                    "LINEAMOUNT": SampleWorld.money(cents: amount), "LINETOTALCHARGEAMOUNT": "0.00",
                    "LINETOTALDISCOUNTAMOUNT": SampleWorld.money(cents: line.discountCents),
                    "LINETOTALTAXAMOUNT": SampleWorld.money(cents: tax), "PRODUCTDESCRIPTION": product.description,
                    "PRODUCTNAME": product.name, "PRODUCTNUMBER": product.number, "SALESPRICE": "\(product.price).00",
                    "SALESUNITSYMBOL": product.unit.symbol,
                ])
                try table.appendRow()
            }
        }
        return table.table
    }
}
