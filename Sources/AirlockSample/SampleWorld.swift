import Foundation

/// The business data both sample exports are cut from: accounts, contacts, products and documents, with
/// the awkward values real data has (non-ASCII names, commas, quotes, line breaks).
///
/// Each side's export holds part of it (partial overlap) and some values differ between sides (drift), as
/// happens when two systems have drifted apart before a migration.
struct SampleWorld {
    struct Address {
        var street: String
        var city: String
        var state: String
        var zip: String
        var country: String
        var countryName: String
    }

    struct Account {
        var number: String
        var name: String
        var address: Address
        var email: String
        var phone: String
        var website: String
        var creditLimit: Int
        var currency: String
        var memo: String
        var employees: Int
        /// Whether F&O already has this customer.
        var inFO: Bool
        /// Whether Sales already has this account.
        var inSales: Bool
        /// A value that differs between the sides.
        var foPhone: String
        /// The fax number; empty for most (`drawDetails`).
        var fax = ""
        /// A delivery address of its own (Sales address 2, F&O delivery address); nil: deliveries go to `address`.
        var deliveryAddress: Address?

        /// Where deliveries go: the delivery address, else the address.
        var shipTo: Address { deliveryAddress ?? address }
    }

    struct Contact {
        var number: String
        var firstName: String
        var lastName: String
        var email: String
        var phone: String
        var accountIndex: Int?
        var isActiveCustomer: Bool
        var address: Address
        var currency: String
        /// The details `drawDetails` gives some contacts (empty or nil for the others).
        var middleName = ""
        var jobTitle = ""
        var department = ""
        /// Sales gendercode (1 male, 2 female) and familystatuscode (1 single … 4 widowed).
        var gender: Int?
        var familyStatus: Int?
        var description = ""
        var website = ""
        var fax = ""
        /// Sales donotemail.
        var doNotEmail = false
        /// The credit limit of a contact that is an active customer.
        var creditLimit: Int?

        /// The name as Sales composes it (first, middle, last).
        var fullName: String { [firstName, middleName, lastName].filter { !$0.isEmpty }.joined(separator: " ") }
    }

    struct Product {
        var number: String
        var name: String
        var description: String
        var isService: Bool
        var unit: SampleUnit
        var price: Int
        var cost: Int
        var inSales: Bool
    }

    struct Line {
        var product: Int
        var quantity: Int
        var discountCents: Int
    }

    struct Document {
        var number: String
        var account: Int
        var lines: [Line]
        var day: Int
        var reference: String
        /// Sales statecode: quotes 1 (Active) or 0 (Draft), orders 0 (Active).
        var state = 0
        /// Sales msdynce_hasexternallymaintainedproductsonly.
        var externalProductsOnly = true
        /// F&O header charges (freight) and the tax on them, in cents (ORDERTOTALCHARGESAMOUNT, ORDERHEADERTAXAMOUNT).
        var chargeCents = 0
        var headerTaxCents = 0
    }

    static let units: [SampleUnit] = [.each, .pieces, .kilogram, .hour, .meter]
    static let currencies = [("USD", "US Dollar", "$"), ("EUR", "Euro", "€")]

    var accounts: [Account] = []
    var contacts: [Contact] = []
    var products: [Product] = []
    /// Orders confirmed in F&O (some also known to Sales).
    var foOrders: [Document] = []
    /// Orders created in Sales.
    var salesOrders: [Document] = []
    var quotes: [Document] = []
    /// The defects `airlock sample --defects` adds (nil: a clean pair).
    var defects: SampleDefects?

    /// The F&O orders F&O has delivered or invoiced (every fourth order from the second and the third): the
    /// ones with an invoice. Their customers came from Sales (externally maintained).
    var invoicedOrders: [Document] {
        foOrders.enumerated().filter { $0.offset % 4 == 1 || $0.offset % 4 == 2 }.map(\.element)
    }

    /// The processing status F&O gives order `index` of `foOrders`: Confirmed, Delivered, Invoiced and Active in turn
    /// (the delivered and invoiced ones are `invoicedOrders`).
    static func foOrderStatus(_ index: Int) -> String {
        ["Confirmed", "Delivered", "Invoiced", "Active"][index % 4]
    }

    /// The status F&O orders had when they were last synced to Sales: Sales holds what the sync wrote then, and an
    /// order F&O has delivered or invoiced since differs in it (drift by design).
    static let statusAtLastSync = "Confirmed"

    /// The F&O orders synced to Sales before (indexes into `foOrders`): each that the orders-to-sales filter takes
    /// (confirmed or later, so not Active; its customer came from Sales) and whose products Sales has (an order
    /// holding a product released since the last sync, which Sales does not have yet, is newer than that sync).
    /// Sales holds each with its lines as the sync wrote them, under the F&O number.
    var ordersSyncedToSales: [Int] {
        foOrders.indices.filter { index in
            let order = foOrders[index]
            return Self.foOrderStatus(index) != "Active" && accounts[order.account].inSales
                && order.lines.allSatisfy { products[$0.product].inSales }
        }
    }

    /// Line amount (after discount) and line tax (10 %) of an F&O order line, in cents.
    func lineAmounts(_ line: Line) -> (amount: Int, tax: Int) {
        let amount = products[line.product].price * 100 * line.quantity - line.discountCents
        return (amount, amount / 10)
    }

    /// The F&O totals of a document, in cents: its lines after discount, their discount, its charges, and the tax
    /// (the lines' and the charges').
    func totals(_ order: Document) -> (amount: Int, discount: Int, charges: Int, tax: Int) {
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

    /// The invoice number of an F&O order: `SO-100001` → `INV-100001`.
    static func invoiceNumber(_ order: Document) -> String {
        "INV-" + order.number.dropFirst(3)
    }

    init(accounts count: Int, seed: UInt64) {
        var random = SampleRandom(seed: seed)
        let cities: [Address] = [
            Address(street: "1 Microsoft Way", city: "Redmond", state: "WA", zip: "98052", country: "US", countryName: "United States"),
            Address(street: "Bahnhofstrasse 12", city: "Zürich", state: "ZH", zip: "8001", country: "CH", countryName: "Switzerland"),
            Address(street: "12, rue de l'Église", city: "Saint-Étienne", state: "", zip: "42000", country: "FR", countryName: "France"),
            Address(street: "Königsallee 5", city: "Düsseldorf", state: "NW", zip: "40212", country: "DE", countryName: "Germany"),
            Address(street: "Calle Mayor, 3", city: "Málaga", state: "AN", zip: "29001", country: "ES", countryName: "Spain"),
            Address(street: "1-1 Marunouchi", city: "東京", state: "13", zip: "100-0005", country: "JP", countryName: "Japan"),
            Address(street: "Rua Augusta, 200", city: "São Paulo", state: "SP", zip: "01304-000", country: "BR", countryName: "Brazil"),
        ]
        let stems = [
            "Contoso", "Fabrikam", "Northwind", "Adatum", "Tailspin", "Wingtip", "Litware", "Proseware", "Lucerne", "Alpine Ski House",
        ]
        let suffixes = ["Ltd", "GmbH", "S.A.", "& Söhne", "Inc.", "株式会社", "Ltda.", "Oy"]
        let firstNames = ["Anna", "José", "Zoë", "Björn", "Chloé", "Łukasz", "Søren", "Yuki", "Dmitri", "Aoife"]
        let lastNames = ["Müller", "O'Brien", "García", "Nguyễn", "Dubois", "Kowalski", "Tanaka", "Smith", "Jönsson", "Rossi"]
        let memos = [
            "", "Key account", "Prefers \"express\" delivery", "Invoices by e-mail, PDF only", "Line one\r\nline two of the memo",
            "Net 30, no exceptions",
        ]
        for index in 0..<count {
            let number = "ACC-\(String(10_000 + index))"
            var address = random.pick(cities)
            address.street = "\(random.int(1...999)) " + address.street
            let name = "\(random.pick(stems)) \(random.pick(suffixes))" + (random.chance(10) ? ", \(address.city) branch" : "")
            let phone = "+1 425 555 \(String(1000 + random.int(0...8999)))"
            let inFO = random.chance(60)
            let inSales = !inFO || random.chance(80)
            let account = Account(
                number: number, name: name, address: address,
                email: "info\(index)@\(random.pick(stems).lowercased().replacingOccurrences(of: " ", with: "")).example",
                phone: phone, website: "https://www.example.com/\(index)", creditLimit: random.int(0...50) * 1000,
                currency: Self.currency(country: address.country),
                memo: random.pick(memos), employees: random.int(1...5000), inFO: inFO, inSales: inSales,
                foPhone: random.chance(15) ? "+1 425 555 0000" : phone)
            accounts.append(account)
        }
        // Every world has a customer on both sides and a product Sales knows, so that each kind of document exists.
        if count > 0, !accounts.contains(where: { $0.inFO && $0.inSales }) {
            accounts[0].inFO = true
            accounts[0].inSales = true
        }
        let salesAccounts = accounts.indices.filter { accounts[$0].inSales }
        let foAccounts = accounts.indices.filter { accounts[$0].inFO }
        let sharedAccounts = accounts.indices.filter { accounts[$0].inFO && accounts[$0].inSales }
        let contactCount = count * 3 / 2
        for index in 0..<contactCount {
            let first = random.pick(firstNames)
            let last = random.pick(lastNames)
            let parent = !salesAccounts.isEmpty && random.chance(85) ? random.pick(salesAccounts) : nil
            var address = parent.map { accounts[$0].address } ?? random.pick(cities)
            if parent == nil { address.street = "\(random.int(1...999)) " + address.street }
            contacts.append(
                Contact(
                    number: "CON-\(String(20_000 + index))", firstName: first, lastName: last,
                    email: "\(first.lowercased()).\(index)@example.org", phone: "+44 20 7946 \(String(1000 + random.int(0...8999)))",
                    accountIndex: parent, isActiveCustomer: random.chance(15), address: address,
                    currency: parent.map { accounts[$0].currency } ?? Self.currency(country: address.country)))
        }
        let productWords = ["Widget", "Bracket", "Valve", "Sensor", "Cable 2m", "Pump", "Filter", "Gasket", "Controller", "Lamp"]
        let qualities = ["Standard", "Premium", "Heavy-duty", "Mini", "Ultra"]
        for index in 0..<max(count / 4, 1) {
            let isService = random.chance(10)
            let unit = isService ? Self.units[3] : random.pick(Self.units)
            let word = isService ? "Installation service" : random.pick(productWords)
            products.append(
                Product(
                    number: "P-\(String(1000 + index))", name: "\(random.pick(qualities)) \(word)",
                    description: random.chance(20) ? "Size 12\", stainless, \"grade A\"" : "\(word) for general use",
                    isService: isService, unit: unit, price: random.int(5...2000), cost: random.int(1...1000),
                    inSales: random.chance(80)))
        }
        drawDetails(seed: seed, cities: cities)
        if !products.contains(where: \.inSales) { products[0].inSales = true }
        let allProducts = Array(products.indices)
        let salesProducts = products.indices.filter { products[$0].inSales }
        guard count > 0 else { return }
        // F&O orders go to F&O customers; those F&O delivers and invoices (index % 4 is 1 or 2) to customers that
        // came from Sales (externally maintained), the only ones the invoice entity exposes. Sales documents go to
        // Sales accounts and hold only products Sales knows.
        for index in 0..<(count / 2) {
            let pool = index % 4 == 1 || index % 4 == 2 ? sharedAccounts : foAccounts
            var order = Self.document(prefix: "SO", index: index, accounts: pool, products: allProducts, random: &random)
            if index % 5 == 2 {
                order.chargeCents = random.pick([2500, 4500, 6000])
                order.headerTaxCents = order.chargeCents / 10
            }
            foOrders.append(order)
        }
        for index in 0..<(count / 3) {
            var order = Self.document(prefix: "ORD", index: index, accounts: salesAccounts, products: salesProducts, random: &random)
            order.externalProductsOnly = index % 20 != 5
            salesOrders.append(order)
        }
        for index in 0..<(count / 3) {
            var quote = Self.document(prefix: "QUO", index: index, accounts: salesAccounts, products: salesProducts, random: &random)
            quote.state = index % 20 == 9 ? 0 : 1
            quote.externalProductsOnly = index % 20 != 4
            quotes.append(quote)
        }
    }

    /// A document numbered `prefix-1000nn` for one of `accounts` with 1 to 8 lines of `products`.
    static func document(prefix: String, index: Int, accounts: [Int], products: [Int], random: inout SampleRandom) -> Document {
        let lines = (0..<random.int(1...8)).map { _ in
            Line(product: random.pick(products), quantity: random.int(1...20), discountCents: random.chance(30) ? random.int(1...5000) : 0)
        }
        return Document(
            number: "\(prefix)-\(String(100_000 + index))", account: random.pick(accounts), lines: lines,
            day: random.int(0...364),
            reference: random.chance(20) ? "PO \(random.int(100...999)), \"urgent\"" : "PO \(random.int(100...999))")
    }

    /// The currency of a customer in `country`: USD in the Americas and Japan, else EUR.
    static func currency(country: String) -> String {
        country == "US" || country == "JP" || country == "BR" ? "USD" : "EUR"
    }

    /// The Sales price list of documents in `currency` (the names the `currency-to-price-list` value map uses).
    static func priceListName(currency: String) -> String {
        currency == "USD" ? "CRM Service USA (sample)" : "CRM Service \(currency) (sample)"
    }

    /// `M/d/yyyy h:mm:ss AM` (en-US, as F&O exports dates in an en-us source data format) for day `day` of 2026.
    static func usDate(day: Int) -> String {
        let (month, dayOfMonth) = monthAndDay(day)
        return "\(month)/\(dayOfMonth)/2026 12:00:00 AM"
    }

    /// `2026-MM-ddT00:00:00.0000000` for day `day` of 2026.
    static func isoDate(day: Int) -> String {
        let (month, dayOfMonth) = monthAndDay(day)
        let mm = month < 10 ? "0\(month)" : "\(month)"
        let dd = dayOfMonth < 10 ? "0\(dayOfMonth)" : "\(dayOfMonth)"
        return "2026-\(mm)-\(dd)T00:00:00.0000000"
    }

    private static func monthAndDay(_ day: Int) -> (Int, Int) {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        var remaining = day % 365
        for (index, length) in lengths.enumerated() {
            if remaining < length { return (index + 1, remaining + 1) }
            remaining -= length
        }
        return (12, 31)
    }

    /// Cents as an invariant decimal with two places: 12345 → `123.45`.
    static func money(cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let value = abs(cents)
        let fraction = value % 100
        return "\(sign)\(value / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
