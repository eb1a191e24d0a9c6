import AirlockIO
import AirlockModel
import AirlockPackages

/// The Sales side of a sample pair, as a Configuration Migration export made with the schema Airlock writes for the
/// Prospect to cash templates (`ExportSchemaBuilder`, `airlock templates schema`): its `data_schema.xml` is that
/// schema, every entity of it has a section (invoices and their lines one without records: Sales holds none yet),
/// and records carry values only for the schema's fields, none for an empty value (as CMT writes them).
///
/// The records: currencies, the unit group and units, price lists and their items, products, accounts, contacts,
/// quotes with lines, and orders with lines: the orders created in Sales, then the F&O orders synced to Sales before
/// (`SampleWorld.ordersSyncedToSales`), which hold what the orders-to-sales and order-lines-to-sales maps wrote at
/// that sync from F&O's values, the processing status then being Confirmed (a Freight Tax line for an order with
/// header tax, as the freight-tax-line rule writes it).
///
/// Record ids are GUIDs drawn from the seeded generator, so the same seed gives the same package.
struct SampleSalesExport {
    let world: SampleWorld
    /// The export schema the package is made with.
    let schema: CMTSchema
    private var random: SampleRandom
    /// The GUIDs of defect records come from their own stream, so the clean records keep theirs.
    private var defectRandom: SampleRandom

    init(world: SampleWorld, schema: CMTSchema, seed: UInt64 = 2) {
        self.world = world
        self.schema = schema
        self.random = SampleRandom(seed: seed)
        self.defectRandom = SampleRandom(seed: seed ^ 0xDEFE_C75E_ED00_0000)
    }

    private typealias EntityBuilder = SampleEntityBuilder

    private static func value(_ name: String, _ text: String?) -> CMTFieldValue? {
        SampleEntityBuilder.value(name, text)
    }

    private static func lookup(_ name: String, _ id: String?, _ entity: String, _ display: String) -> CMTFieldValue? {
        SampleEntityBuilder.lookup(name, id, entity, display)
    }

    /// A Sales two-option value.
    private static func bool(_ name: String, _ flag: Bool) -> CMTFieldValue? {
        value(name, flag ? "True" : "False")
    }

    /// A Sales money or decimal value with ten places, from cents: 12345 → `123.4500000000`.
    private static func money(_ name: String, cents: Int) -> CMTFieldValue? {
        value(name, SampleWorld.money(cents: cents) + "00000000")
    }

    /// A random version-4 GUID in CMT's lower-case form (a defect record's from its own stream).
    private mutating func guid(defect: Bool = false) -> String {
        defect ? defectRandom.guid() : random.guid()
    }

    /// The builder of entity `name` of the export schema.
    private func entity(_ name: String) throws -> EntityBuilder {
        guard let entity = schema.entity(named: name) else {
            throw AirlockError(.invalidTemplate, "the export schema has no entity \(name), which the sample writes")
        }
        return EntityBuilder(schema: entity)
    }

    /// The processing status option the orders-to-sales map writes for an F&O status (processing-status-to-option).
    static func processingStatusOption(_ status: String) -> String {
        switch status {
        case "Confirmed": "647390001"
        case "Delivered": "647390007"
        case "Invoiced": "647390003"
        default: "647390000"
        }
    }

    /// The default processing status of an order created in Sales (Draft).
    static let draftProcessingStatus = "647390011"

    mutating func package() throws -> CMTPackage {
        var currencies = try entity("transactioncurrency")
        var currencyIDs: [String: String] = [:]
        for (code, name, _) in SampleWorld.currencies {
            let id = guid()
            currencyIDs[code] = id
            try currencies.add(id: id, [Self.value("currencyname", name), Self.value("isocurrencycode", code)])
        }
        func currency(_ code: String) -> CMTFieldValue? {
            Self.lookup("transactioncurrencyid", currencyIDs[code], "transactioncurrency", code)
        }

        var groups = try entity("uomschedule")
        let groupID = guid()
        try groups.add(id: groupID, SampleUnit.record(named: SampleUnit.groupName))

        var units = try entity("uom")
        var unitIDs: [String: String] = [:]
        for unit in SampleWorld.units {
            let id = guid()
            unitIDs[unit.symbol] = id
            try units.add(id: id, SampleUnit.record(named: unit.name))
        }
        func unit(_ field: String, _ product: SampleWorld.Product) -> CMTFieldValue? {
            Self.lookup(field, unitIDs[product.unit.symbol], "uom", product.unit.name)
        }

        var priceLists = try entity("pricelevel")
        var priceListIDs: [String: String] = [:]
        for (code, _, _) in SampleWorld.currencies {
            let id = guid()
            priceListIDs[code] = id
            try priceLists.add(
                id: id, [Self.value("name", SampleWorld.priceListName(currency: code)), Self.value("statecode", "0"), currency(code)])
        }
        func priceList(_ code: String) -> CMTFieldValue? {
            Self.lookup("pricelevelid", priceListIDs[code], "pricelevel", SampleWorld.priceListName(currency: code))
        }

        var products = try entity("product")
        var items = try entity("productpricelevel")
        var productIDs: [Int: String] = [:]
        for (index, product) in world.products.enumerated() where product.inSales {
            let id = guid()
            productIDs[index] = id
            try products.add(
                id: id,
                [
                    Self.value("name", product.name), Self.value("productnumber", product.number),
                    Self.value("description", product.description), Self.value("quantitydecimal", String(product.unit.decimals)),
                    Self.lookup("defaultuomscheduleid", groupID, "uomschedule", SampleUnit.groupName), unit("defaultuomid", product),
                    currency("USD"), Self.money("price", cents: product.price * 100), Self.money("currentcost", cents: product.cost * 100),
                    Self.value("producttypecode", product.isService ? "3" : "1"), Self.bool("isstockitem", !product.isService),
                    Self.bool("msdynce_ismaintainedexternally", true),
                ])
            try items.add(
                id: guid(),
                [
                    priceList("USD"), Self.lookup("productid", id, "product", product.name), unit("uomid", product), currency("USD"),
                    Self.money("amount", cents: product.price * 100),
                ])
        }

        var accounts = try entity("account")
        var accountIDs: [Int: String] = [:]
        func addAccount(_ account: SampleWorld.Account, id: String) throws {
            let a = account.address
            let d = account.deliveryAddress
            try accounts.add(
                id: id,
                [
                    Self.value("name", account.name), Self.value("accountnumber", account.number), Self.value("address1_line1", a.street),
                    Self.value("address1_city", a.city), Self.value("address1_stateorprovince", a.state),
                    Self.value("address1_postalcode", a.zip), Self.value("address1_country", a.countryName),
                    Self.value("address2_line1", d?.street), Self.value("address2_city", d?.city),
                    Self.value("address2_stateorprovince", d?.state), Self.value("address2_postalcode", d?.zip),
                    Self.value("address2_country", d?.countryName), Self.value("emailaddress1", account.email),
                    Self.value("telephone1", account.phone), Self.value("fax", account.fax), Self.value("websiteurl", account.website),
                    Self.money("creditlimit", cents: account.creditLimit * 100),
                    Self.value("numberofemployees", String(account.employees)), Self.value("description", account.memo),
                    currency(account.currency),
                ])
        }
        for (index, account) in world.accounts.enumerated() where account.inSales {
            let id = guid()
            accountIDs[index] = id
            try addAccount(account, id: id)
        }
        if let defects = world.defects {
            // A second record with an account number the first already has (documents name the first), and
            // accounts without a number (`addAccount` leaves the empty number out).
            for index in defects.duplicatedAccounts { try addAccount(world.accounts[index], id: guid(defect: true)) }
            for account in defects.unnumberedAccounts { try addAccount(account, id: guid(defect: true)) }
        }

        var contacts = try entity("contact")
        func addContact(_ contact: SampleWorld.Contact, id: String, parent: (id: String, name: String)?) throws {
            let a = contact.address
            try contacts.add(
                id: id,
                [
                    Self.value("firstname", contact.firstName), Self.value("middlename", contact.middleName),
                    Self.value("lastname", contact.lastName), Self.value("fullname", contact.fullName),
                    Self.value("msdynce_contactnumber", contact.number), Self.value("jobtitle", contact.jobTitle),
                    Self.value("department", contact.department), Self.value("emailaddress1", contact.email),
                    Self.value("telephone1", contact.phone), Self.value("fax", contact.fax), Self.value("websiteurl", contact.website),
                    Self.value("address1_line1", a.street), Self.value("address1_city", a.city),
                    Self.value("address1_stateorprovince", a.state), Self.value("address1_postalcode", a.zip),
                    Self.value("address1_country", a.countryName), Self.value("gendercode", contact.gender.map(String.init)),
                    Self.value("familystatuscode", contact.familyStatus.map(String.init)), Self.value("description", contact.description),
                    Self.bool("donotemail", contact.doNotEmail), contact.creditLimit.flatMap { Self.money("creditlimit", cents: $0 * 100) },
                    parent.flatMap { Self.lookup("parentcustomerid", $0.id, "account", $0.name) },
                    Self.bool("msdynce_isactivecustomer", contact.isActiveCustomer), currency(contact.currency),
                    Self.value("statecode", "0"),
                ])
        }
        for contact in world.contacts {
            let parent = contact.accountIndex.flatMap { index in accountIDs[index].map { (id: $0, name: world.accounts[index].name) } }
            try addContact(contact, id: guid(), parent: parent)
        }
        // Contacts of an account no export holds.
        for contact in world.defects?.orphanContacts ?? [] {
            try addContact(contact, id: guid(defect: true), parent: (guid(defect: true), "Removed account"))
        }

        var quotes = try entity("quote")
        var quoteLines = try entity("quotedetail")
        var orders = try entity("salesorder")
        var orderLines = try entity("salesorderdetail")

        /// A quote or an order created in Sales. `defect`: the document's customer (`customer`) or its last line's
        /// product (`product`) is a GUID no export holds.
        func addDocument(_ document: SampleWorld.Document, quote: Bool, defect: DocumentDefect? = nil) throws {
            guard let known = accountIDs[document.account] else { return }
            let account = world.accounts[document.account]
            let isDefect = defect != nil
            let customer = defect == .customer ? guid(defect: true) : known
            let id = guid(defect: isDefect)
            var total = 0
            var discount = 0
            for line in document.lines {
                total += world.products[line.product].price * 100 * line.quantity - line.discountCents
                discount += line.discountCents
            }
            let shipTo = account.shipTo
            var values: [CMTFieldValue?] = [
                Self.value(quote ? "quotenumber" : "ordernumber", document.number),
                Self.value("name", "\(account.name) – \(document.number)"),
                Self.lookup("customerid", customer, "account", defect == .customer ? "Removed account" : account.name),
                currency(account.currency), Self.value("shipto_name", account.name), Self.value("shipto_line1", shipTo.street),
                Self.value("shipto_city", shipTo.city), Self.value("shipto_stateorprovince", shipTo.state),
                Self.value("shipto_country", shipTo.countryName), Self.money("totalamount", cents: total),
                Self.bool("msdynce_hasexternallymaintainedproductsonly", document.externalProductsOnly),
                Self.value("statecode", String(document.state)),
            ]
            if quote {
                values.append(Self.value("billto_postalcode", account.address.zip))
                try quotes.add(id: id, values)
            } else {
                let a = account.address
                values += [
                    priceList(account.currency), Self.value("description", document.reference),
                    Self.value("shipto_postalcode", shipTo.zip), Self.value("billto_line1", a.street), Self.value("billto_city", a.city),
                    Self.value("billto_stateorprovince", a.state), Self.value("billto_postalcode", a.zip),
                    Self.value("billto_country", a.countryName), Self.money("discountamount", cents: discount),
                    Self.value("msdynce_processingstatus", Self.draftProcessingStatus), Self.value("statuscode", "1"),
                    Self.bool("msdynce_ismaintainedexternally", false),
                ]
                try orders.add(id: id, values)
            }
            for (index, line) in document.lines.enumerated() {
                let product = world.products[line.product]
                let unknownProduct = defect == .product && index == document.lines.count - 1
                var lineValues: [CMTFieldValue?] = [
                    Self.lookup(quote ? "quoteid" : "salesorderid", id, quote ? "quote" : "salesorder", document.number),
                    Self.value("sequencenumber", String(index + 1)),
                    Self.lookup("productid", unknownProduct ? guid(defect: true) : productIDs[line.product], "product", product.name),
                    unit("uomid", product), Self.value("quantity", "\(line.quantity).0000000000"),
                    Self.money("priceperunit", cents: product.price * 100), Self.money("manualdiscountamount", cents: line.discountCents),
                ]
                if quote {
                    try quoteLines.add(id: guid(defect: isDefect), lineValues)
                } else {
                    lineValues += [
                        Self.money("extendedamount", cents: product.price * 100 * line.quantity - line.discountCents),
                        currency(account.currency), Self.bool("ispriceoverridden", false), Self.bool("isproductoverridden", false),
                        Self.bool("msdynce_ismaintainedexternally", false),
                    ]
                    try orderLines.add(id: guid(defect: isDefect), lineValues)
                }
            }
        }

        /// An F&O order synced to Sales before, as the orders-to-sales and order-lines-to-sales maps wrote it from
        /// F&O's values (`SampleFOExport`), with the processing status it had then.
        func addSyncedOrder(_ order: SampleWorld.Document) throws {
            guard let customer = accountIDs[order.account] else { return }
            let account = world.accounts[order.account]
            let a = account.address
            let shipTo = account.shipTo
            let totals = world.totals(order)
            let id = guid()
            try orders.add(
                id: id,
                [
                    Self.value("ordernumber", order.number), Self.value("name", "\(account.name) – \(order.number)"),
                    Self.lookup("customerid", customer, "account", account.name), currency(account.currency), priceList(account.currency),
                    Self.value("description", order.reference), Self.value("shipto_line1", shipTo.street),
                    Self.value("shipto_city", shipTo.city), Self.value("shipto_stateorprovince", shipTo.state),
                    Self.value("shipto_postalcode", shipTo.zip), Self.value("shipto_country", shipTo.country),
                    Self.value("billto_line1", a.street), Self.value("billto_city", a.city), Self.value("billto_stateorprovince", a.state),
                    Self.value("billto_postalcode", a.zip), Self.value("billto_country", a.countryName),
                    Self.money("discountamount", cents: totals.discount), Self.money("freightamount", cents: totals.charges),
                    Self.money("totaltax", cents: totals.tax),
                    Self.money("totalamount", cents: totals.amount + totals.charges + totals.tax),
                    Self.bool("msdynce_hasexternallymaintainedproductsonly", true),
                    Self.value("msdynce_processingstatus", Self.processingStatusOption(SampleWorld.statusAtLastSync)),
                    Self.value("statecode", "0"), Self.value("statuscode", "1"), Self.bool("msdynce_ismaintainedexternally", true),
                ])
            let header = Self.lookup("salesorderid", id, "salesorder", "\(account.name) – \(order.number)")
            for (index, line) in order.lines.enumerated() {
                let product = world.products[line.product]
                let (amount, tax) = world.lineAmounts(line)
                try orderLines.add(
                    id: guid(),
                    [
                        header, Self.value("sequencenumber", String(index + 1)),
                        Self.lookup("productid", productIDs[line.product], "product", product.name), unit("uomid", product),
                        Self.value("quantity", "\(line.quantity).0000000000"), Self.money("priceperunit", cents: product.price * 100),
                        Self.money("manualdiscountamount", cents: line.discountCents), Self.money("extendedamount", cents: amount),
                        Self.money("tax", cents: tax), Self.value("description", product.name), currency(account.currency),
                        Self.value("shipto_line1", shipTo.street), Self.value("shipto_city", shipTo.city),
                        Self.value("shipto_stateorprovince", shipTo.state), Self.value("shipto_postalcode", shipTo.zip),
                        Self.value("shipto_country", shipTo.country), Self.value("msdynce_ordernumber", order.number),
                        Self.bool("ispriceoverridden", true), Self.bool("isproductoverridden", false),
                        Self.bool("msdynce_ismaintainedexternally", true),
                    ])
            }
            if order.headerTaxCents > 0 {
                // The freight-tax-line rule's write-in line, after the last line.
                try orderLines.add(
                    id: guid(),
                    [
                        header, Self.value("sequencenumber", String(order.lines.count + 1)),
                        Self.value("productdescription", "Freight Tax"),
                        Self.bool("isproductoverridden", true), Self.value("quantity", "1.0000000000"),
                        Self.money("priceperunit", cents: 0),
                        Self.money("tax", cents: order.headerTaxCents), Self.bool("ispriceoverridden", true),
                        Self.bool("msdynce_ismaintainedexternally", true), Self.value("msdynce_ordernumber", order.number),
                        currency(account.currency),
                    ])
            }
        }

        for quote in world.quotes { try addDocument(quote, quote: true) }
        for order in world.salesOrders { try addDocument(order, quote: false) }
        for index in world.ordersSyncedToSales { try addSyncedOrder(world.foOrders[index]) }
        if let defects = world.defects {
            for quote in defects.orphanQuotes { try addDocument(quote, quote: true, defect: .customer) }
            for order in defects.unknownProductOrders { try addDocument(order, quote: false, defect: .product) }
        }

        var sections: [String: CMTEntityData] = [:]
        for builder in [currencies, groups, units, priceLists, products, items, accounts, contacts, quotes, quoteLines, orders, orderLines]
        {
            sections[builder.schema.name] = builder.data
        }
        let data = CMTData(
            timestamp: CMTTimestamp(text: "2026-11-01T08:00:00.0000000Z"),
            entities: schema.entities.map { sections[$0.name] ?? CMTEntityData(schema: $0) })
        return CMTPackage(schema: schema, data: data)
    }

    /// Which reference of a defect document names a GUID no export holds.
    enum DocumentDefect {
        case customer
        case product
    }

    /// Writes the package to `path`.
    mutating func write(to path: String) throws {
        try CMTPackageWriter.write(try package(), to: path)
    }
}
