import AirlockIO
import AirlockPackages

/// The Sales side of a sample pair: currencies, unit groups and units, price lists and their items, products,
/// accounts, contacts, quotes with lines and orders with lines, as a Configuration Migration package.
///
/// Record ids are GUIDs drawn from the seeded generator, so the same seed gives the same package.
struct SampleSalesExport {
    let world: SampleWorld
    private var random: SampleRandom
    /// The GUIDs of defect records come from their own stream, so the clean records keep theirs.
    private var defectRandom: SampleRandom

    init(world: SampleWorld, seed: UInt64 = 2) {
        self.world = world
        self.random = SampleRandom(seed: seed)
        self.defectRandom = SampleRandom(seed: seed ^ 0xDEFE_C75E_ED00_0000)
    }

    private typealias EntityBuilder = SampleEntityBuilder

    private static func field(_ name: String, _ type: CMTFieldType, _ display: String, key: Bool = false, lookup: String? = nil)
        -> CMTSchemaField
    {
        SampleEntityBuilder.field(name, type, display, key: key, lookup: lookup)
    }

    private static func value(_ name: String, _ text: String?) -> CMTFieldValue? {
        SampleEntityBuilder.value(name, text)
    }

    private static func lookup(_ name: String, _ id: String?, _ entity: String, _ display: String) -> CMTFieldValue? {
        SampleEntityBuilder.lookup(name, id, entity, display)
    }

    /// A random version-4 GUID in CMT's lower-case form (a defect record's from its own stream).
    private mutating func guid(defect: Bool = false) -> String {
        defect ? defectRandom.guid() : random.guid()
    }

    mutating func package() throws -> CMTPackage {
        var currencies = EntityBuilder(
            "transactioncurrency", "Currency", id: "transactioncurrencyid", primaryName: "currencyname",
            fields: [
                Self.field("currencyname", .string, "Currency Name"), Self.field("isocurrencycode", .string, "Currency Code", key: true),
                Self.field("currencysymbol", .string, "Currency Symbol"), Self.field("exchangerate", .decimal, "Exchange Rate"),
                Self.field("currencyprecision", .number, "Currency Precision"),
            ])
        var currencyIDs: [String: String] = [:]
        for (code, name, symbol) in SampleWorld.currencies {
            let id = guid()
            currencyIDs[code] = id
            try currencies.add(
                id: id,
                [
                    Self.value("currencyname", name), Self.value("isocurrencycode", code), Self.value("currencysymbol", symbol),
                    Self.value("exchangerate", code == "USD" ? "1.000000000000" : "0.920000000000"), Self.value("currencyprecision", "2"),
                ])
        }

        var groups = EntityBuilder(
            "uomschedule", "Unit Group", id: "uomscheduleid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name", key: true), Self.field("baseuomname", .string, "Primary Unit"),
            ])
        let groupID = guid()
        try groups.add(id: groupID, [Self.value("name", "Default Unit"), Self.value("baseuomname", "Primary Unit")])

        var units = EntityBuilder(
            "uom", "Unit", id: "uomid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name", key: true),
                Self.field("uomscheduleid", .entityReference, "Unit Schedule", lookup: "uomschedule"),
                Self.field("quantity", .decimal, "Quantity"), Self.field("isschedulebaseuom", .bool, "Is Schedule Base Unit"),
            ])
        var unitIDs: [String: String] = [:]
        for (index, unit) in SampleWorld.units.enumerated() {
            let id = guid()
            unitIDs[unit.symbol] = id
            try units.add(
                id: id,
                [
                    Self.value("name", unit.name), Self.lookup("uomscheduleid", groupID, "uomschedule", "Default Unit"),
                    Self.value("quantity", "1.0000000000"), Self.value("isschedulebaseuom", index == 0 ? "True" : "False"),
                ])
        }

        var priceLists = EntityBuilder(
            "pricelevel", "Price List", id: "pricelevelid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name", key: true),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("begindate", .datetime, "Start Date"), Self.field("statecode", .state, "Status"),
                Self.field("statuscode", .status, "Status Reason"),
            ])
        var priceListIDs: [String: String] = [:]
        for (code, _, _) in SampleWorld.currencies {
            let id = guid()
            priceListIDs[code] = id
            try priceLists.add(
                id: id,
                [
                    Self.value("name", SampleWorld.priceListName(currency: code)),
                    Self.lookup("transactioncurrencyid", currencyIDs[code], "transactioncurrency", code),
                    Self.value("begindate", "2026-01-01T00:00:00.0000000"), Self.value("statecode", "0"),
                    Self.value("statuscode", "100001"),
                ])
        }

        var products = EntityBuilder(
            "product", "Product", id: "productid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Name"), Self.field("productnumber", .string, "Product ID", key: true),
                Self.field("description", .string, "Description"), Self.field("quantitydecimal", .number, "Decimals Supported"),
                Self.field("defaultuomscheduleid", .entityReference, "Unit Group", lookup: "uomschedule"),
                Self.field("defaultuomid", .entityReference, "Default Unit", lookup: "uom"),
                Self.field("pricelevelid", .entityReference, "Default Price List", lookup: "pricelevel"),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("price", .money, "List Price"), Self.field("currentcost", .money, "Current Cost"),
                Self.field("producttypecode", .optionSetValue, "Product Type"), Self.field("isstockitem", .bool, "Stock Item"),
                Self.field("msdynce_ismaintainedexternally", .bool, "Is Maintained Externally"),
                Self.field("statecode", .state, "Status"), Self.field("statuscode", .status, "Status Reason"),
            ])
        var items = EntityBuilder(
            "productpricelevel", "Price List Item", id: "productpricelevelid", primaryName: "productid",
            fields: [
                Self.field("pricelevelid", .entityReference, "Price List", lookup: "pricelevel"),
                Self.field("productid", .entityReference, "Product", lookup: "product"),
                Self.field("uomid", .entityReference, "Unit", lookup: "uom"),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("amount", .money, "Amount"),
            ])
        var productIDs: [Int: String] = [:]
        for (index, product) in world.products.enumerated() where product.inSales {
            let id = guid()
            productIDs[index] = id
            try products.add(
                id: id,
                [
                    Self.value("name", product.name), Self.value("productnumber", product.number),
                    Self.value("description", product.description),
                    Self.value("quantitydecimal", String(product.unit.decimals)),
                    Self.lookup("defaultuomscheduleid", groupID, "uomschedule", "Default Unit"),
                    Self.lookup("defaultuomid", unitIDs[product.unit.symbol], "uom", product.unit.name),
                    Self.lookup("pricelevelid", priceListIDs["USD"], "pricelevel", SampleWorld.priceListName(currency: "USD")),
                    Self.lookup("transactioncurrencyid", currencyIDs["USD"], "transactioncurrency", "US Dollar"),
                    Self.value("price", "\(product.price).0000000000"), Self.value("currentcost", "\(product.cost).0000000000"),
                    Self.value("producttypecode", product.isService ? "3" : "1"),
                    Self.value("isstockitem", product.isService ? "False" : "True"),
                    Self.value("msdynce_ismaintainedexternally", "True"), Self.value("statecode", "0"), Self.value("statuscode", "1"),
                ])
            try items.add(
                id: guid(),
                [
                    Self.lookup("pricelevelid", priceListIDs["USD"], "pricelevel", SampleWorld.priceListName(currency: "USD")),
                    Self.lookup("productid", id, "product", product.name),
                    Self.lookup("uomid", unitIDs[product.unit.symbol], "uom", product.unit.name),
                    Self.lookup("transactioncurrencyid", currencyIDs["USD"], "transactioncurrency", "US Dollar"),
                    Self.value("amount", "\(product.price).0000000000"),
                ])
        }

        var accounts = EntityBuilder(
            "account", "Account", id: "accountid", primaryName: "name",
            fields: [
                Self.field("name", .string, "Account Name"), Self.field("accountnumber", .string, "Account Number", key: true),
                Self.field("address1_line1", .string, "Address 1: Street 1"), Self.field("address1_city", .string, "Address 1: City"),
                Self.field("address1_stateorprovince", .string, "Address 1: State/Province"),
                Self.field("address1_postalcode", .string, "Address 1: ZIP/Postal Code"),
                Self.field("address1_country", .string, "Address 1: Country/Region"), Self.field("emailaddress1", .string, "Email"),
                Self.field("telephone1", .string, "Main Phone"), Self.field("websiteurl", .string, "Website"),
                Self.field("creditlimit", .money, "Credit Limit"), Self.field("numberofemployees", .number, "Number of Employees"),
                Self.field("description", .string, "Description"),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("statecode", .state, "Status"), Self.field("statuscode", .status, "Status Reason"),
            ])
        var accountIDs: [Int: String] = [:]
        func addAccount(_ account: SampleWorld.Account, id: String) throws {
            let a = account.address
            try accounts.add(
                id: id,
                [
                    Self.value("name", account.name), Self.value("accountnumber", account.number), Self.value("address1_line1", a.street),
                    Self.value("address1_city", a.city), Self.value("address1_stateorprovince", a.state),
                    Self.value("address1_postalcode", a.zip),
                    Self.value("address1_country", a.countryName), Self.value("emailaddress1", account.email),
                    Self.value("telephone1", account.phone),
                    Self.value("websiteurl", account.website), Self.value("creditlimit", "\(account.creditLimit).0000000000"),
                    Self.value("numberofemployees", String(account.employees)), Self.value("description", account.memo),
                    Self.lookup("transactioncurrencyid", currencyIDs[account.currency], "transactioncurrency", account.currency),
                    Self.value("statecode", "0"), Self.value("statuscode", "1"),
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

        var contacts = EntityBuilder(
            "contact", "Contact", id: "contactid", primaryName: "fullname",
            fields: [
                Self.field("firstname", .string, "First Name"), Self.field("lastname", .string, "Last Name"),
                Self.field("msdynce_contactnumber", .string, "Contact Number", key: true), Self.field("emailaddress1", .string, "Email"),
                Self.field("telephone1", .string, "Business Phone"),
                Self.field("address1_line1", .string, "Address 1: Street 1"), Self.field("address1_city", .string, "Address 1: City"),
                Self.field("address1_stateorprovince", .string, "Address 1: State/Province"),
                Self.field("address1_postalcode", .string, "Address 1: ZIP/Postal Code"),
                Self.field("address1_country", .string, "Address 1: Country/Region"),
                Self.field("parentcustomerid", .entityReference, "Company Name", lookup: "account|contact"),
                Self.field("msdynce_isactivecustomer", .bool, "Is Active Customer"),
                Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
                Self.field("statecode", .state, "Status"), Self.field("statuscode", .status, "Status Reason"),
            ])
        func addContact(_ contact: SampleWorld.Contact, id: String, parent: (id: String, name: String)?) throws {
            let a = contact.address
            try contacts.add(
                id: id,
                [
                    Self.value("firstname", contact.firstName), Self.value("lastname", contact.lastName),
                    Self.value("msdynce_contactnumber", contact.number), Self.value("emailaddress1", contact.email),
                    Self.value("telephone1", contact.phone), Self.value("address1_line1", a.street), Self.value("address1_city", a.city),
                    Self.value("address1_stateorprovince", a.state), Self.value("address1_postalcode", a.zip),
                    Self.value("address1_country", a.countryName),
                    parent.flatMap { Self.lookup("parentcustomerid", $0.id, "account", $0.name) },
                    Self.value("msdynce_isactivecustomer", contact.isActiveCustomer ? "True" : "False"),
                    Self.lookup("transactioncurrencyid", currencyIDs[contact.currency], "transactioncurrency", contact.currency),
                    Self.value("statecode", "0"), Self.value("statuscode", "1"),
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

        let documentFields: [CMTSchemaField] = [
            Self.field("name", .string, "Name"),
            Self.field("customerid", .entityReference, "Customer", lookup: "account|contact"),
            Self.field("pricelevelid", .entityReference, "Price List", lookup: "pricelevel"),
            Self.field("transactioncurrencyid", .entityReference, "Currency", lookup: "transactioncurrency"),
            Self.field("description", .string, "Description"), Self.field("shipto_line1", .string, "Ship To Street 1"),
            Self.field("shipto_city", .string, "Ship To City"), Self.field("shipto_postalcode", .string, "Ship To ZIP/Postal Code"),
            Self.field("shipto_country", .string, "Ship To Country/Region"), Self.field("discountamount", .money, "Discount Amount"),
            Self.field("totalamount", .money, "Total Amount"),
            Self.field("msdynce_hasexternallymaintainedproductsonly", .bool, "Has Externally Maintained Products Only"),
            Self.field("statecode", .state, "Status"), Self.field("statuscode", .status, "Status Reason"),
        ]
        let lineFields: (String, String) -> [CMTSchemaField] = { parent, parentDisplay in
            [
                Self.field(parent, .entityReference, parentDisplay, lookup: parent == "quoteid" ? "quote" : "salesorder"),
                Self.field("sequencenumber", .number, "Sequence Number"),
                Self.field("productid", .entityReference, "Existing Product", lookup: "product"),
                Self.field("uomid", .entityReference, "Unit", lookup: "uom"), Self.field("quantity", .decimal, "Quantity"),
                Self.field("priceperunit", .money, "Price Per Unit"), Self.field("manualdiscountamount", .money, "Manual Discount"),
                Self.field("extendedamount", .money, "Extended Amount"),
            ]
        }
        var quotes = EntityBuilder(
            "quote", "Quote", id: "quoteid", primaryName: "name",
            fields: [Self.field("quotenumber", .string, "Quote ID", key: true)] + documentFields)
        var quoteLines = EntityBuilder(
            "quotedetail", "Quote Product", id: "quotedetailid", primaryName: "productid", fields: lineFields("quoteid", "Quote"))
        var orders = EntityBuilder(
            "salesorder", "Order", id: "salesorderid", primaryName: "name",
            fields: [Self.field("ordernumber", .string, "Order ID", key: true)] + documentFields
                + [Self.field("msdynce_ismaintainedexternally", .bool, "Is Maintained Externally")])
        var orderLines = EntityBuilder(
            "salesorderdetail", "Order Product", id: "salesorderdetailid", primaryName: "productid",
            fields: lineFields("salesorderid", "Order"))

        /// `defect`: the document's customer (`customer`) or its last line's product (`product`) is a GUID no export holds.
        func addDocument(_ document: SampleWorld.Document, quote: Bool, external: Bool, defect: DocumentDefect? = nil) throws {
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
            var values: [CMTFieldValue?] = [
                Self.value(quote ? "quotenumber" : "ordernumber", document.number),
                Self.value("name", "\(account.name) – \(document.number)"),
                Self.lookup("customerid", customer, "account", defect == .customer ? "Removed account" : account.name),
                Self.lookup(
                    "pricelevelid", priceListIDs[account.currency], "pricelevel", SampleWorld.priceListName(currency: account.currency)),
                Self.lookup("transactioncurrencyid", currencyIDs[account.currency], "transactioncurrency", account.currency),
                Self.value("description", document.reference), Self.value("shipto_line1", account.address.street),
                Self.value("shipto_city", account.address.city), Self.value("shipto_postalcode", account.address.zip),
                Self.value("shipto_country", account.address.countryName),
                Self.value("discountamount", SampleWorld.money(cents: discount) + "00000000"),
                Self.value("totalamount", SampleWorld.money(cents: total) + "00000000"),
                Self.value("msdynce_hasexternallymaintainedproductsonly", document.externalProductsOnly ? "True" : "False"),
                // Quotes: 1 Active (status reason 3 Open) or 0 Draft (1 In Progress); orders: 0 Active (1 New).
                Self.value("statecode", String(document.state)), Self.value("statuscode", quote && document.state == 1 ? "3" : "1"),
            ]
            if !quote { values.append(Self.value("msdynce_ismaintainedexternally", external ? "True" : "False")) }
            if quote { try quotes.add(id: id, values) } else { try orders.add(id: id, values) }
            for (index, line) in document.lines.enumerated() {
                let product = world.products[line.product]
                let unknownProduct = defect == .product && index == document.lines.count - 1
                let lineValues: [CMTFieldValue?] = [
                    Self.lookup(quote ? "quoteid" : "salesorderid", id, quote ? "quote" : "salesorder", document.number),
                    Self.value("sequencenumber", String(index + 1)),
                    Self.lookup("productid", unknownProduct ? guid(defect: true) : productIDs[line.product], "product", product.name),
                    Self.lookup("uomid", unitIDs[product.unit.symbol], "uom", product.unit.name),
                    Self.value("quantity", "\(line.quantity).0000000000"), Self.value("priceperunit", "\(product.price).0000000000"),
                    Self.value("manualdiscountamount", SampleWorld.money(cents: line.discountCents) + "00000000"),
                    Self.value(
                        "extendedamount", SampleWorld.money(cents: product.price * 100 * line.quantity - line.discountCents) + "00000000"),
                ]
                if quote {
                    try quoteLines.add(id: guid(defect: isDefect), lineValues)
                } else {
                    try orderLines.add(id: guid(defect: isDefect), lineValues)
                }
            }
        }
        for quote in world.quotes { try addDocument(quote, quote: true, external: false) }
        for order in world.salesOrders { try addDocument(order, quote: false, external: false) }
        // Some orders that started in F&O were synced before: Sales knows them, with their F&O numbers.
        for (index, order) in world.foOrders.enumerated() where index % 3 == 0 { try addDocument(order, quote: false, external: true) }
        if let defects = world.defects {
            for quote in defects.orphanQuotes { try addDocument(quote, quote: true, external: false, defect: .customer) }
            for order in defects.unknownProductOrders { try addDocument(order, quote: false, external: false, defect: .product) }
        }

        let builders = [currencies, groups, units, priceLists, products, items, accounts, contacts, quotes, quoteLines, orders, orderLines]
        let schema = CMTSchema(entities: builders.map(\.schema), entityImportOrder: builders.map(\.schema.name))
        let data = CMTData(timestamp: CMTTimestamp(text: "2026-11-01T08:00:00.0000000Z"), entities: builders.map(\.data))
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
