import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O side of a dual-write sample pair: legal entities, the reference tables (`SampleDualWriteReferenceData`:
/// currencies, units, payment days, schedules, terms and methods, sales tax groups, modes and terms of delivery,
/// price customer groups, sales order origins), customer groups, Customers V3 (organizations and persons, of the
/// sample company and of another), CDS released distinct products, Released products V2, CDS sales order headers
/// and lines, Sales invoice headers and lines V2, and CDS sales quotation header and lines (`+Quotes`), as a data
/// management package (some files CSV-Unicode, the others CSV). The columns are the F&O fields of Microsoft's
/// dual-write table maps (docs/sources.md), then any other column the dual-write set reads or writes on the entity
/// (`FOExportColumns`), empty; a field whose value would be a lookup to a table the pair does not hold (sites,
/// warehouses, vendors, contact persons, product dimensions and categories, …) is exported empty.
struct SampleDualWriteFOExport {
    let world: SampleDualWriteWorld
    /// Per entity label, the columns the dual-write set needs (`FOExportColumns.needed(by:catalog:)`): a file lacking
    /// some gets them, empty, after its own.
    let neededColumns: [String: [String]]

    private var base: SampleWorld { world.base }
    private var company: String { world.company }

    /// Entity label, AOT name, encoding and table of every file the package holds, in import order.
    func files() throws -> [(label: String, technicalName: String, encoding: TextEncoding, table: Table)] {
        [
            [("Legal entities", "OMLegalEntity", .utf8BOM, try legalEntities())], try referenceFiles(),
            [
                ("Customer groups", "CustCustomerGroupEntity", .utf8BOM, try customerGroups()),
                ("Customers V3", "CustCustomerV3Entity", .utf16LE, try customers()),
                ("CDS released distinct products", "EcoResReleasedDistinctProductCDSEntity", .utf8BOM, try products()),
                ("Released products V2", "EcoResReleasedProductV2Entity", .utf8BOM, try releasedProducts()),
                ("CDS sales order headers", "SalesOrderHeaderCDSEntity", .utf16LE, try orderHeaders()),
                ("CDS sales order lines", "SalesOrderLineCDSEntity", .utf16LE, try orderLines()),
                ("Sales invoice headers V2", "SalesInvoiceHeaderV2Entity", .utf8BOM, try invoiceHeaders()),
                ("Sales invoice lines V2", "SalesInvoiceLineV2Entity", .utf8BOM, try invoiceLines()),
            ],
            try contactFiles(),
            try quotationFiles(),
        ].flatMap { $0 }
    }

    /// `table` with the columns the dual-write set needs on entity `label` that it lacks, after its own in
    /// alphabetical order and empty: the world has no value for them.
    private func withNeededColumns(_ table: Table, label: String) throws -> Table {
        var have = Set(table.columnNames.map { $0.uppercased() })
        let added = (neededColumns[label] ?? []).filter { have.insert($0.uppercased()).inserted }.sorted()
        guard !added.isEmpty else { return table }
        var wider = Table(name: table.name, columnNames: table.columnNames + added)
        let empty = [String?](repeating: "", count: added.count)
        for row in 0..<table.rowCount {
            try wider.appendRow(table.columnNames.indices.map { table.value(row: row, column: $0) } + empty)
        }
        return wider
    }

    /// Writes the package to `path`.
    func write(to path: String) throws {
        let files = try files().map { file in
            (
                label: file.label, technicalName: file.technicalName, encoding: file.encoding,
                table: try withNeededColumns(file.table, label: file.label)
            )
        }
        var lines = files.map { file in
            FOManifestLineBuilder.line(
                label: file.label, technicalName: file.technicalName, columns: file.table.columnNames,
                sourceFormat: file.encoding.isUTF16 ? "CSV-Unicode" : "CSV")
        }
        FOExecutionOrder.assign(&lines)
        let manifest = FOManifest(
            definitionGroupName: "Airlock dual-write sample", description: "Airlock dual-write sample export (\(company))",
            entities: lines, projectCategory: 0, hasRulesData: true)
        let entityFiles = zip(lines, files).map { FOEntityFile(entity: $0, table: $1.table, encoding: $1.encoding) }
        try FOPackageWriter.write(
            header: FOPackageHeader(description: "Airlock dual-write sample"), manifest: manifest, files: entityFiles, to: path)
    }

    // MARK: reference data

    private func legalEntities() throws -> Table {
        var table = SampleTableBuilder(name: "Legal entities", columns: ["LEGALENTITYID", "NAME"])
        for code in [company, world.otherCompany] {
            table.set(["LEGALENTITYID": code, "NAME": SampleDualWriteWorld.legalEntityName(code)])
            try table.appendRow()
        }
        return table.table
    }

    private func customerGroups() throws -> Table {
        var table = SampleTableBuilder(
            name: "Customer groups",
            columns: [
                "CUSTOMERGROUPID", "CLEARINGPERIODPAYMENTTERMNAME", "DATAAREAID", "DESCRIPTION", "ISSALESTAXINCLUDEDINPRICE",
                "PAYMENTTERMID",
            ])
        for code in [company, world.otherCompany] {
            for (index, group) in SampleDualWriteWorld.customerGroups.enumerated() {
                table.set([
                    "CUSTOMERGROUPID": group.id, "DATAAREAID": code, "DESCRIPTION": group.description, "ISSALESTAXINCLUDEDINPRICE": "No",
                    "PAYMENTTERMID": SampleDualWriteReferenceData.groupPaymentTerm(index),
                    "CLEARINGPERIODPAYMENTTERMNAME": SampleDualWriteReferenceData.groupClearingPaymentTerm(index),
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    // MARK: customers

    /// Every F&O field of the Customers V3 → accounts and Customers V3 → contacts maps, and DATAAREAID.
    static let customerColumns = [
        "CUSTOMERACCOUNT", "ADDRESSCITY", "ADDRESSCOUNTRYREGIONISOCODE", "ADDRESSCOUNTY", "ADDRESSLATITUDE", "ADDRESSLOCATIONROLES",
        "ADDRESSLONGITUDE", "ADDRESSPOSTBOX", "ADDRESSSTATE", "ADDRESSSTREET", "ADDRESSZIPCODE", "CONTACTPERSONID", "CREDITLIMIT",
        "CREDITLIMITISMANDATORY", "CREDITRATING", "CUSTOMERGROUPID", "DATAAREAID", "DELIVERYADDRESSCITY",
        "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSCOUNTY", "DELIVERYADDRESSLATITUDE", "DELIVERYADDRESSLONGITUDE",
        "DELIVERYADDRESSSTATE", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSZIPCODE", "IDENTIFICATIONNUMBER", "INVOICEACCOUNT",
        "INVOICEADDRESS", "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONISOCODE", "INVOICEADDRESSCOUNTY", "INVOICEADDRESSLATITUDE",
        "INVOICEADDRESSLONGITUDE", "INVOICEADDRESSSTATE", "INVOICEADDRESSSTREET", "INVOICEADDRESSZIPCODE", "ISONETIMECUSTOMER",
        "LANGUAGEID", "ONHOLDSTATUS", "ORGANIZATIONNAME", "ORGANIZATIONNUMBEROFEMPLOYEES", "PARTYCOUNTRY", "PARTYNUMBER", "PARTYSTATE",
        "PARTYTYPE", "PAYMENTDAY", "PAYMENTMETHOD", "PAYMENTSCHEDULE", "PAYMENTTERMS", "PAYMENTTERMSBASEDAYS", "PERSONFIRSTNAME",
        "PERSONGENDER", "PERSONLASTNAME", "PERSONMARITALSTATUS", "PERSONMIDDLENAME", "PERSONPROFESSIONALTITLE", "PRIMARYCONTACTEMAIL",
        "PRIMARYCONTACTEMAILDESCRIPTION", "PRIMARYCONTACTFACEBOOK", "PRIMARYCONTACTFACEBOOKDESCRIPTION", "PRIMARYCONTACTFAX",
        "PRIMARYCONTACTFAXDESCRIPTION", "PRIMARYCONTACTFAXEXTENSION", "PRIMARYCONTACTLINKEDIN", "PRIMARYCONTACTLINKEDINDESCRIPTION",
        "PRIMARYCONTACTPHONE", "PRIMARYCONTACTPHONEDESCRIPTION", "PRIMARYCONTACTPHONEEXTENSION", "PRIMARYCONTACTTWITTER",
        "PRIMARYCONTACTTWITTERDESCRIPTION", "PRIMARYCONTACTURL", "PRIMARYCONTACTURLDESCRIPTION", "SALESCURRENCYCODE", "SALESMEMO",
        "SALESTAXGROUP", "TAXEXEMPTNUMBER", "VENDORACCOUNT",
    ]

    private func customers() throws -> Table {
        var table = SampleTableBuilder(name: "Customers V3", columns: Self.customerColumns)
        let organizations = base.accounts.indices.filter { base.accounts[$0].inFO && !world.parties[$0].isPerson }
        for (index, account) in base.accounts.enumerated() where account.inFO {
            // Second-pass lookups of the company's organizations: the second of every four is invoiced to the next
            // organization (later in the file), the fourth to the first; a customer with a contact person whose
            // contact Sales holds has it as its primary contact.
            if let position = organizations.firstIndex(of: index) {
                if position % 4 == 1, position + 1 < organizations.count {
                    table.set("INVOICEACCOUNT", base.accounts[organizations[position + 1]].number)
                } else if position % 4 == 3 {
                    table.set("INVOICEACCOUNT", base.accounts[organizations[0]].number)
                }
                if let person = world.contacts?.persons.first(where: { $0.customer == index && $0.inSales }) {
                    table.set("CONTACTPERSONID", person.id)
                }
            }
            try addCustomer(&table, index: index, number: account.number, partyNumber: world.parties[index].number, company: company)
        }
        // The other legal entity's customers, after the sample company's.
        for customer in world.otherCompanyCustomers {
            try addCustomer(
                &table, index: customer.account, number: customer.number, partyNumber: customer.partyNumber, company: world.otherCompany)
        }
        return table.table
    }

    private func addCustomer(_ table: inout SampleTableBuilder, index: Int, number: String, partyNumber: String, company: String) throws {
        let account = base.accounts[index]
        let party = world.parties[index]
        let address = account.address
        let invoice = world.invoiceAddresses[index]
        let ownCompany = company == self.company
        table.set([
            "CUSTOMERACCOUNT": number, "DATAAREAID": company, "PARTYNUMBER": partyNumber,
            "PARTYTYPE": party.isPerson ? "Person" : "Organization",
            "CUSTOMERGROUPID": SampleDualWriteWorld.customerGroups[world.groups[index]].id,
            "SALESCURRENCYCODE": ownCompany ? account.currency : "EUR",
            "CREDITLIMIT": "\(ownCompany ? world.foCreditLimits[index] : account.creditLimit).00", "CREDITLIMITISMANDATORY": "No",
            "ISONETIMECUSTOMER": "No", "ONHOLDSTATUS": "No", "LANGUAGEID": "en-us", "SALESMEMO": account.memo,
            "IDENTIFICATIONNUMBER": world.identificationNumbers[index],
            // The primary address (the contacts map's ADDRESS*), which is also the delivery address.
            "ADDRESSCITY": address.city, "ADDRESSCOUNTRYREGIONISOCODE": address.country, "ADDRESSLOCATIONROLES": "Business",
            "ADDRESSSTATE": address.state, "ADDRESSSTREET": address.street, "ADDRESSZIPCODE": address.zip,
            "DELIVERYADDRESSCITY": address.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": address.country,
            "DELIVERYADDRESSSTATE": address.state, "DELIVERYADDRESSSTREET": address.street, "DELIVERYADDRESSZIPCODE": address.zip,
            "INVOICEADDRESSCITY": invoice.city, "INVOICEADDRESSCOUNTRYREGIONISOCODE": invoice.country,
            "INVOICEADDRESSSTATE": invoice.state, "INVOICEADDRESSSTREET": invoice.street, "INVOICEADDRESSZIPCODE": invoice.zip,
            "PRIMARYCONTACTEMAIL": account.email, "PRIMARYCONTACTPHONE": account.foPhone, "PRIMARYCONTACTURL": account.website,
        ])
        // Payment and tax setup, from the company's reference tables.
        let group = world.groups[index]
        table.set([
            "PAYMENTTERMS": SampleDualWriteReferenceData.paymentTerm(customer: index, group: group),
            "PAYMENTDAY": SampleDualWriteReferenceData.paymentDay(customer: index, group: group),
            "PAYMENTSCHEDULE": SampleDualWriteReferenceData.paymentSchedule(customer: index, group: group),
            "PAYMENTMETHOD": SampleDualWriteReferenceData.paymentMethod(customer: index, group: group),
            "SALESTAXGROUP": SampleDualWriteReferenceData.taxGroup(customer: index, company: company),
        ])
        if party.isPerson {
            table.set(["PERSONFIRSTNAME": party.firstName, "PERSONMIDDLENAME": party.middleName, "PERSONLASTNAME": party.lastName])
        } else {
            table.set(["ORGANIZATIONNAME": account.name, "ORGANIZATIONNUMBEROFEMPLOYEES": String(account.employees)])
        }
        try table.appendRow()
    }

    // MARK: products

    private func products() throws -> Table {
        var table = SampleTableBuilder(
            name: "CDS released distinct products",
            columns: [
                "PRODUCTNUMBER", "CURRENCYCODE", "DATAAREAID", "FIELDSERVICEPRODUCTTYPE", "ISCATCHWEIGHTPRODUCT", "ISSTOCKEDPRODUCT",
                "INVENTORYUNITSYMBOL", "ITEMNUMBER", "PRODUCTCOLORID", "PRODUCTCONFIGURATIONID", "PRODUCTDESCRIPTION", "PRODUCTNAME",
                "PRODUCTSIZEID", "PRODUCTSTYLEID", "PRODUCTTYPE", "SALESPRICE", "SALESUNITDECIMALPRECISION", "SALESUNITSYMBOL", "UNITCOST",
            ])
        func add(_ product: SampleWorld.Product, index: Int, company: String, currency: String) throws {
            table.set([
                "PRODUCTNUMBER": product.number, "ITEMNUMBER": product.number, "CURRENCYCODE": currency, "DATAAREAID": company,
                "FIELDSERVICEPRODUCTTYPE": SampleDualWriteWorld.fieldServiceType(product, index: index), "ISCATCHWEIGHTPRODUCT": "No",
                "ISSTOCKEDPRODUCT": SampleDualWriteWorld.isStocked(product, index: index) ? "Yes" : "No",
                "PRODUCTDESCRIPTION": product.description, "PRODUCTNAME": product.name,
                "PRODUCTTYPE": product.isService ? "Service" : "Item",
                "SALESPRICE": "\(product.price).00", "SALESUNITDECIMALPRECISION": String(product.unit.decimals),
                "SALESUNITSYMBOL": product.unit.symbol, "INVENTORYUNITSYMBOL": product.unit.symbol, "UNITCOST": "\(product.cost).00",
            ])
            try table.appendRow()
        }
        for (index, product) in base.products.enumerated() { try add(product, index: index, company: company, currency: "USD") }
        // Every fifth product is released in the other legal entity too (the same product number, another company).
        for (index, product) in base.products.enumerated() where index % 5 == 0 {
            try add(product, index: index, company: world.otherCompany, currency: "EUR")
        }
        return table.table
    }

    // MARK: orders

    /// Every F&O order with its processing status.
    private var orders: [(order: SampleWorld.Document, status: String)] {
        base.foOrders.enumerated().map { index, order in (order, ["Confirmed", "Delivered", "Invoiced", "Active"][index % 4]) }
    }

    /// `street\nzip city\ncountry`: a formatted address as F&O shows it, on three lines.
    private static func formatted(_ address: SampleWorld.Address) -> String {
        "\(address.street)\n\(address.zip) \(address.city)\n\(address.country)"
    }

    private func orderHeaders() throws -> Table {
        var table = SampleTableBuilder(
            name: "CDS sales order headers",
            columns: [
                "SALESORDERNUMBER", "AREPRICESINCLUDINGSALESTAX", "CONFIRMEDRECEIPTDATE", "CONFIRMEDSHIPPINGDATE", "CONTACTPERSONID",
                "CURRENCYCODE", "CUSTOMERREQUISITIONNUMBER", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "DEFAULTSHIPPINGSITEID",
                "DEFAULTSHIPPINGWAREHOUSEID", "DELIVERYADDRESSCITY", "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSCOUNTYID",
                "DELIVERYADDRESSDESCRIPTION", "DELIVERYADDRESSDISTRICTNAME", "DELIVERYADDRESSDUNSNUMBER", "DELIVERYADDRESSLATITUDE",
                "DELIVERYADDRESSLOCATIONID", "DELIVERYADDRESSLONGITUDE", "DELIVERYADDRESSNAME", "DELIVERYADDRESSPOSTBOX",
                "DELIVERYADDRESSSTATEID", "DELIVERYADDRESSSTREET", "DELIVERYADDRESSSTREETNUMBER", "DELIVERYADDRESSZIPCODE",
                "DELIVERYBUILDINGCOMPLIMENT", "DELIVERYMODECODE", "DELIVERYTERMSCODE", "EMAIL", "FORMATTEDDELVERYADDRESS",
                "FORMATTEDINVOICEADDRESS", "INVOICEADDRESSCITY", "INVOICEADDRESSCOUNTRYREGIONISOCODE", "INVOICEADDRESSCOUNTYID",
                "INVOICEADDRESSDISTRICTNAME", "INVOICEADDRESSLATITUDE", "INVOICEADDRESSLONGITUDE", "INVOICEADDRESSPOSTBOX",
                "INVOICEADDRESSSTATEID", "INVOICEADDRESSSTREET", "INVOICEADDRESSSTREETNUMBER", "INVOICEADDRESSZIPCODE",
                "INVOICEBUILDINGCOMPLIMENT", "INVOICECUSTOMERACCOUNTNUMBER", "ISDELIVERYADDRESSORDERSPECIFIC", "ISDELIVERYADDRESSPRIVATE",
                "ISINVOICEADDRESSPRIVATE", "ISONETIMECUSTOMER", "ISSALESPROCESSINGSTOPPED", "LANGUAGEID", "ORDERINGCUSTOMERACCOUNTNUMBER",
                "ORDERTOTALAMOUNT", "ORDERTOTALCHARGESAMOUNT", "ORDERTOTALTAXAMOUNT", "PAYMENTTERMSBASEDATE", "PAYMENTTERMSNAME",
                "PRICECUSTOMERGROUPCODE", "QUOTATIONNUMBER", "REQUESTEDRECEIPTDATE", "REQUESTEDSHIPPINGDATE", "SALESORDERNAME",
                "SALESORDERORIGINCODE", "SALESORDERPROCESSINGSTATUS", "SALESORDERPROMISINGMETHOD", "TOTALDISCOUNTAMOUNT", "URL",
            ])
        for (index, (order, status)) in orders.enumerated() {
            let account = base.accounts[order.account]
            let a = account.address
            let invoice = world.invoiceAddresses[order.account]
            let totals = world.totals(order)
            let group = world.groups[order.account]
            table.set([
                "PAYMENTTERMSNAME": SampleDualWriteReferenceData.paymentTerm(customer: order.account, group: group),
                "PRICECUSTOMERGROUPCODE": SampleDualWriteReferenceData.priceGroup(group),
                "DELIVERYMODECODE": SampleDualWriteReferenceData.deliveryMode(order: index),
                "DELIVERYTERMSCODE": SampleDualWriteReferenceData.deliveryTerm(order: index),
                "SALESORDERORIGINCODE": SampleDualWriteReferenceData.orderOrigin(order: index),
            ])
            table.set([
                "SALESORDERNUMBER": order.number, "AREPRICESINCLUDINGSALESTAX": "No", "CURRENCYCODE": account.currency,
                "CUSTOMERSORDERREFERENCE": order.reference, "DATAAREAID": company,
                "DELIVERYADDRESSCITY": a.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": a.country,
                "DELIVERYADDRESSDESCRIPTION": world.displayName(order.account), "DELIVERYADDRESSNAME": world.displayName(order.account),
                "DELIVERYADDRESSSTATEID": a.state, "DELIVERYADDRESSSTREET": a.street, "DELIVERYADDRESSZIPCODE": a.zip,
                "EMAIL": account.email, "FORMATTEDDELVERYADDRESS": Self.formatted(a), "FORMATTEDINVOICEADDRESS": Self.formatted(invoice),
                "INVOICEADDRESSCITY": invoice.city, "INVOICEADDRESSCOUNTRYREGIONISOCODE": invoice.country,
                "INVOICEADDRESSSTATEID": invoice.state, "INVOICEADDRESSSTREET": invoice.street, "INVOICEADDRESSZIPCODE": invoice.zip,
                "INVOICECUSTOMERACCOUNTNUMBER": account.number, "ISDELIVERYADDRESSORDERSPECIFIC": "No", "ISDELIVERYADDRESSPRIVATE": "No",
                "ISINVOICEADDRESSPRIVATE": "No", "ISONETIMECUSTOMER": "No", "ISSALESPROCESSINGSTOPPED": "No", "LANGUAGEID": "en-us",
                "ORDERINGCUSTOMERACCOUNTNUMBER": account.number,
                "ORDERTOTALAMOUNT": SampleWorld.money(cents: totals.amount + totals.charges + totals.tax),
                "ORDERTOTALCHARGESAMOUNT": SampleWorld.money(cents: totals.charges),
                "ORDERTOTALTAXAMOUNT": SampleWorld.money(cents: totals.tax),
                "REQUESTEDRECEIPTDATE": SampleWorld.usDate(day: min(order.day + 3, 364)),
                "REQUESTEDSHIPPINGDATE": SampleWorld.usDate(day: order.day),
                "SALESORDERNAME": "\(world.displayName(order.account)) – \(order.number)", "SALESORDERPROCESSINGSTATUS": status,
                "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: totals.discount),
            ])
            if status != "Active" { table.set("CONFIRMEDSHIPPINGDATE", SampleWorld.usDate(day: min(order.day + 1, 364))) }
            try table.appendRow()
        }
        return table.table
    }

    private func orderLines() throws -> Table {
        var table = SampleTableBuilder(
            name: "CDS sales order lines",
            columns: [
                "SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER", "ALLOWEDOVERDELIVERYPERCENTAGE", "ALLOWEDUNDERDELIVERYPERCENTAGE",
                "CONFIRMEDRECEIPTDATE", "CONFIRMEDSHIPPINGDATE", "CURRENCYCODE", "DATAAREAID", "DELIVERYADDRESSCITY",
                "DELIVERYADDRESSCOUNTRYREGIONISOCODE", "DELIVERYADDRESSCOUNTYID", "DELIVERYADDRESSDESCRIPTION",
                "DELIVERYADDRESSDISTRICTNAME", "DELIVERYADDRESSDUNSNUMBER", "DELIVERYADDRESSLATITUDE", "DELIVERYADDRESSLOCATIONID",
                "DELIVERYADDRESSLONGITUDE", "DELIVERYADDRESSNAME", "DELIVERYADDRESSPOSTBOX", "DELIVERYADDRESSSTATEID",
                "DELIVERYADDRESSSTREET",
                "DELIVERYADDRESSSTREETNUMBER", "DELIVERYADDRESSZIPCODE", "DELIVERYBUILDINGCOMPLIMENT", "DELIVERYMODECODE",
                "DELIVERYTERMSID",
                "EXTERNALITEMNUMBER", "FIXEDPRICECHARGES", "FORMATTEDDELIVERYADDRESS", "ISDELIVERYADDRESSORDERSPECIFIC",
                "ISDELIVERYADDRESSPRIVATE", "ISLINESTOPPED", "LINEAMOUNT", "LINEDESCRIPTION", "LINEDISCOUNTAMOUNT",
                "LINEDISCOUNTPERCENTAGE",
                "MULTILINEDISCOUNTAMOUNT", "MULTILINEDISCOUNTPERCENTAGE", "ORDEREDSALESQUANTITY", "PRODUCTNAME", "PRODUCTNUMBER",
                "REQUESTEDRECEIPTDATE", "REQUESTEDSHIPPINGDATE", "SALESORDERLINESTATUS", "SALESORDERPROMISINGMETHOD", "SALESPRICE",
                "SALESPRICEQUANTITY", "SALESPRODUCTCATEGORYHIERARCHYNAME", "SALESPRODUCTCATEGORYNAME", "SALESUNITSYMBOL", "SHIPPINGSITEID",
                "SHIPPINGWAREHOUSEID", "TOTALCHARGESAMOUNT", "TOTALTAXAMOUNT",
            ])
        for (orderIndex, (order, status)) in orders.enumerated() {
            let account = base.accounts[order.account]
            let a = account.address
            let lineStatus = status == "Delivered" || status == "Invoiced" ? status : "Backorder"
            for (index, line) in order.lines.enumerated() {
                let product = base.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                table.set([
                    "SALESORDERNUMBER": order.number, "LINECREATIONSEQUENCENUMBER": String(index + 1), "CURRENCYCODE": account.currency,
                    "DATAAREAID": company, "DELIVERYADDRESSCITY": a.city, "DELIVERYADDRESSCOUNTRYREGIONISOCODE": a.country,
                    "DELIVERYADDRESSSTATEID": a.state, "DELIVERYADDRESSSTREET": a.street, "DELIVERYADDRESSZIPCODE": a.zip,
                    "FORMATTEDDELIVERYADDRESS": Self.formatted(a), "ISDELIVERYADDRESSORDERSPECIFIC": "No", "ISDELIVERYADDRESSPRIVATE": "No",
                    "ISLINESTOPPED": "No", "LINEAMOUNT": SampleWorld.money(cents: amount),
                    "LINEDISCOUNTAMOUNT": SampleWorld.money(cents: line.discountCents), "ORDEREDSALESQUANTITY": String(line.quantity),
                    "PRODUCTNAME": product.name, "PRODUCTNUMBER": product.number,
                    "REQUESTEDSHIPPINGDATE": SampleWorld.usDate(day: order.day), "SALESORDERLINESTATUS": lineStatus,
                    "SALESPRICE": "\(product.price).00", "SALESUNITSYMBOL": product.unit.symbol, "TOTALCHARGESAMOUNT": "0.00",
                    "TOTALTAXAMOUNT": SampleWorld.money(cents: tax),
                    "DELIVERYMODECODE": SampleDualWriteReferenceData.deliveryMode(order: orderIndex),
                    "DELIVERYTERMSID": SampleDualWriteReferenceData.deliveryTerm(order: orderIndex),
                ])
                try table.appendRow()
            }
        }
        return table.table
    }

    // MARK: invoices

    private func invoiceHeaders() throws -> Table {
        var table = SampleTableBuilder(
            name: "Sales invoice headers V2",
            columns: [
                "INVOICENUMBER", "CONTACTPERSONID", "CURRENCYCODE", "CUSTOMERSORDERREFERENCE", "DATAAREAID", "INVOICEADDRESSCITY",
                "INVOICEADDRESSCOUNTRYREGIONISOCODE", "INVOICEADDRESSSTATE", "INVOICEADDRESSSTREET", "INVOICEADDRESSSTREETNUMBER",
                "INVOICEADDRESSZIPCODE", "INVOICECUSTOMERACCOUNTNUMBER", "INVOICEDATE", "LEDGERVOUCHER", "PAYMENTTERMSNAME",
                "SALESORDERNUMBER", "TOTALCHARGEAMOUNT", "TOTALDISCOUNTAMOUNT", "TOTALDISCOUNTCUSTOMERGROUPCODE", "TOTALINVOICEAMOUNT",
                "TOTALTAXAMOUNT",
            ])
        func add(_ order: SampleWorld.Document, number: String, salesOrder: String, voucher: String) throws {
            let account = base.accounts[order.account]
            let invoice = world.invoiceAddresses[order.account]
            let totals = world.totals(order)
            table.set([
                "INVOICENUMBER": number, "CURRENCYCODE": account.currency, "CUSTOMERSORDERREFERENCE": order.reference,
                "DATAAREAID": company, "INVOICEADDRESSCITY": invoice.city, "INVOICEADDRESSCOUNTRYREGIONISOCODE": invoice.country,
                "INVOICEADDRESSSTATE": invoice.state, "INVOICEADDRESSSTREET": invoice.street, "INVOICEADDRESSZIPCODE": invoice.zip,
                "INVOICECUSTOMERACCOUNTNUMBER": account.number, "INVOICEDATE": SampleWorld.usDate(day: min(order.day + 7, 364)),
                "LEDGERVOUCHER": voucher, "SALESORDERNUMBER": salesOrder,
                "PAYMENTTERMSNAME": SampleDualWriteReferenceData.paymentTerm(
                    customer: order.account, group: world.groups[order.account]),
                "TOTALCHARGEAMOUNT": SampleWorld.money(cents: totals.charges),
                "TOTALDISCOUNTAMOUNT": SampleWorld.money(cents: totals.discount),
                "TOTALDISCOUNTCUSTOMERGROUPCODE": "0.00",
                "TOTALINVOICEAMOUNT": SampleWorld.money(cents: totals.amount + totals.charges + totals.tax),
                "TOTALTAXAMOUNT": SampleWorld.money(cents: totals.tax),
            ])
            try table.appendRow()
        }
        let invoiced = base.invoicedOrders
        for order in invoiced {
            try add(order, number: SampleWorld.invoiceNumber(order), salesOrder: order.number, voucher: "VOU-" + order.number.dropFirst(3))
        }
        // Free text invoices (no sales order, no lines here), one per ten invoices from the first: the invoices map's
        // source filter leaves them out.
        for (index, order) in invoiced.enumerated() where index % 10 == 0 {
            try add(order, number: Self.freeTextInvoiceNumber(order), salesOrder: "", voucher: "VOU-F" + order.number.dropFirst(3))
        }
        return table.table
    }

    /// The number of the free text invoice written beside an F&O order's invoice: `SO-100001` → `FTI-100001`.
    static func freeTextInvoiceNumber(_ order: SampleWorld.Document) -> String {
        "FTI-" + order.number.dropFirst(3)
    }

    private func invoiceLines() throws -> Table {
        var table = SampleTableBuilder(
            name: "Sales invoice lines V2",
            columns: [
                "INVOICENUMBER", "LINECREATIONSEQUENCENUMBER", "CONFIRMEDSHIPPINGDATE", "CURRENCYCODE", "DATAAREAID", "INVENTORYSITEID",
                "INVENTORYWAREHOUSEID", "INVOICEDATE", "INVOICEDQUANTITY", "LEDGERVOUCHER", "LINEAMOUNT", "LINETOTALCHARGEAMOUNT",
                "LINETOTALDISCOUNTAMOUNT", "LINETOTALTAXAMOUNT", "PRODUCTNAME", "PRODUCTNUMBER", "SALESPRICE",
                "SALESPRODUCTCATEGORYHIERARCHYNAME", "SALESPRODUCTCATEGORYNAME", "SALESUNITSYMBOL",
            ])
        for order in base.invoicedOrders {
            let currency = base.accounts[order.account].currency
            let number = SampleWorld.invoiceNumber(order)
            for (index, line) in order.lines.enumerated() {
                let product = base.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                table.set([
                    "INVOICENUMBER": number, "LINECREATIONSEQUENCENUMBER": String(index + 1),
                    "CONFIRMEDSHIPPINGDATE": SampleWorld.usDate(day: min(order.day + 1, 364)), "CURRENCYCODE": currency,
                    "DATAAREAID": company,
                    "INVOICEDATE": SampleWorld.usDate(day: min(order.day + 7, 364)), "INVOICEDQUANTITY": String(line.quantity),
                    "LEDGERVOUCHER": "VOU-" + order.number.dropFirst(3), "LINEAMOUNT": SampleWorld.money(cents: amount),
                    "LINETOTALCHARGEAMOUNT": "0.00", "LINETOTALDISCOUNTAMOUNT": SampleWorld.money(cents: line.discountCents),
                    "LINETOTALTAXAMOUNT": SampleWorld.money(cents: tax), "PRODUCTNAME": product.name, "PRODUCTNUMBER": product.number,
                    "SALESPRICE": "\(product.price).00", "SALESUNITSYMBOL": product.unit.symbol,
                ])
                try table.appendRow()
            }
        }
        return table.table
    }
}
