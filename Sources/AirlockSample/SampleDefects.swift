import AirlockIO
import Foundation

/// The defects `airlock sample --defects` adds to a pair, and the answer key: the records a converter must reject
/// (`expected-rejects.csv`).
///
/// Every defect is an extra record (or an extra line of an extra document) appended after the clean ones, drawn
/// from its own random stream, so the clean records are byte for byte those of the pair without defects. There
/// is one defect of each kind per `accountsPerDefect` accounts, and at least one. The kinds, with the reject the
/// converter owes:
///
/// | kind | record | flow, key | reason |
/// |---|---|---|---|
/// | 1 | a second Sales account with an existing accountnumber (new GUID, after the first) | accounts, number | duplicate-key |
/// | 2 | a Sales account without accountnumber | accounts, (empty) | missing-required |
/// | 3 | a Sales contact, not an active customer, whose parent account GUID is in no export | contacts, number/ | orphan-reference |
/// | 4 | an active Sales quote whose customer GUID is in no export | quotes, number | orphan-reference |
/// |   | … and each of its lines | quote-lines, number/seq | header-rejected |
/// | 5 | the last line of an active Sales order names a product GUID that is in no export | order-lines-to-fo, number/seq | orphan-reference |
/// | 6 | the last line of a confirmed F&O order names product `P-NOPE-n` | order-lines-to-sales, number/seq | orphan-reference |
/// | 7 | an F&O sellable product with ISSTOCKEDPRODUCT `Maybe` | products, number | unmapped-value |
/// | 8 | an F&O sellable product with SALESPRICE `12,50` | products, number | invalid-value |
/// | 9 | a second F&O invoice header with an existing INVOICENUMBER (no lines) | invoices, number | duplicate-key |
/// | 10 | a confirmed F&O order of customer `NOBODY-n` (in no export) | orders-to-sales, number | orphan-reference |
/// |   | … and each of its lines | order-lines-to-sales, number/seq | header-rejected |
struct SampleDefects {
    /// One line of `expected-rejects.csv`.
    struct Reject: Hashable, Comparable {
        var flow: String
        var key: String
        var reason: String

        static func < (lhs: Reject, rhs: Reject) -> Bool {
            (lhs.flow, lhs.key, lhs.reason) < (rhs.flow, rhs.key, rhs.reason)
        }
    }

    /// One defect of each kind per this many accounts.
    static let accountsPerDefect = 20
    /// The fewest accounts whose world holds what every defect kind needs (an invoice to duplicate).
    static let minimumAccounts = 4

    /// How many defects of each kind.
    let count: Int
    /// 1: world accounts (all in Sales) whose Sales record is written a second time, after all accounts.
    var duplicatedAccounts: [Int] = []
    /// 2: Sales accounts written without accountnumber (their `number` is not written).
    var unnumberedAccounts: [SampleWorld.Account] = []
    /// 3: Sales contacts (not active customers) whose parentcustomerid names an account GUID no export holds.
    var orphanContacts: [SampleWorld.Contact] = []
    /// 4: active Sales quotes whose customerid names a GUID no export holds (`account` only gives currency and address).
    var orphanQuotes: [SampleWorld.Document] = []
    /// 5: active Sales orders whose last line's productid names a GUID no export holds.
    var unknownProductOrders: [SampleWorld.Document] = []
    /// 6: confirmed F&O orders whose last line's PRODUCTNUMBER is `unknownProductNumber(n)`.
    var unknownProductFOOrders: [SampleWorld.Document] = []
    /// 7: F&O products with ISSTOCKEDPRODUCT `Maybe`.
    var unmappedProducts: [SampleWorld.Product] = []
    /// 8: F&O products with SALESPRICE `12,50`.
    var invalidPriceProducts: [SampleWorld.Product] = []
    /// 9: invoiced F&O orders (indexes into `SampleWorld.invoicedOrders`) whose invoice header is written twice.
    var duplicatedInvoices: [Int] = []
    /// 10: confirmed F&O orders of customer `unknownCustomer(n)` (`account` only gives currency and address).
    var unknownCustomerFOOrders: [SampleWorld.Document] = []

    static let unstockedValue = "Maybe"
    static let invalidPrice = "12,50"

    static func unknownProductNumber(_ index: Int) -> String { "P-NOPE-\(index + 1)" }
    static func unknownCustomer(_ index: Int) -> String { "NOBODY-\(index + 1)" }

    /// The defects for `world` (which must have at least `minimumAccounts` accounts).
    init(world: SampleWorld, seed: UInt64) {
        var random = SampleRandom(seed: seed ^ 0xDEFE_C75E_ED00_0000)
        let accounts = world.accounts
        count = max(1, accounts.count / Self.accountsPerDefect)
        let salesAccounts = accounts.indices.filter { accounts[$0].inSales }
        let sharedAccounts = accounts.indices.filter { accounts[$0].inFO && accounts[$0].inSales }
        let allProducts = Array(world.products.indices)
        let salesProducts = world.products.indices.filter { world.products[$0].inSales }
        let invoiced = world.invoicedOrders.count

        func document(_ prefix: String, _ number: Int, accounts pool: [Int], products: [Int], random: inout SampleRandom)
            -> SampleWorld.Document
        {
            var document = SampleWorld.document(prefix: prefix, index: number, accounts: pool, products: products, random: &random)
            // Two lines or more: the defect documents that reject one line keep a clean one.
            if document.lines.count < 2 { document.lines.append(document.lines[0]) }
            document.state = prefix == "QUO" ? 1 : 0
            return document
        }

        for n in 0..<count {
            duplicatedAccounts.append(salesAccounts[n * salesAccounts.count / count % salesAccounts.count])

            var unnumbered = accounts[random.pick(salesAccounts)]
            unnumbered.name += " (prospect \(n + 1))"
            unnumbered.number = ""
            unnumberedAccounts.append(unnumbered)

            let first = random.pick(["Anna", "José", "Zoë", "Björn"])
            let last = random.pick(["Müller", "García", "Dubois", "Tanaka"])
            let contactIndex = world.contacts.count + n
            orphanContacts.append(
                SampleWorld.Contact(
                    number: "CON-\(String(20_000 + contactIndex))", firstName: first, lastName: last,
                    email: "\(first.lowercased()).\(contactIndex)@example.org", phone: "+44 20 7946 \(String(1000 + random.int(0...8999)))",
                    accountIndex: nil, isActiveCustomer: false, address: accounts[random.pick(salesAccounts)].address, currency: "EUR"))

            orphanQuotes.append(document("QUO", world.quotes.count + n, accounts: salesAccounts, products: salesProducts, random: &random))
            unknownProductOrders.append(
                document("ORD", world.salesOrders.count + n, accounts: salesAccounts, products: salesProducts, random: &random))
            unknownProductFOOrders.append(
                document("SO", world.foOrders.count + n, accounts: sharedAccounts, products: allProducts, random: &random))
            unknownCustomerFOOrders.append(
                document("SO", world.foOrders.count + count + n, accounts: sharedAccounts, products: allProducts, random: &random))

            for (kind, list) in [(0, "unmapped"), (1, "price")] {
                let index = world.products.count + kind * count + n
                let product = SampleWorld.Product(
                    number: "P-\(String(1000 + index))", name: "Standard Spare part \(index)", description: "Spare part for general use",
                    isService: false, unit: SampleWorld.units[0], price: random.int(5...2000), cost: random.int(1...1000), inSales: false)
                if list == "unmapped" { unmappedProducts.append(product) } else { invalidPriceProducts.append(product) }
            }

            duplicatedInvoices.append(invoiced == 0 ? 0 : (n * 7 + 1) % invoiced)
        }
    }

    /// The records a converter must reject, sorted by flow, then key, then reason.
    func rejects(world: SampleWorld) -> [Reject] {
        var rejects: [Reject] = []
        func add(_ flow: String, _ key: String, _ reason: String) { rejects.append(Reject(flow: flow, key: key, reason: reason)) }
        for index in duplicatedAccounts { add("accounts", world.accounts[index].number, "duplicate-key") }
        for _ in unnumberedAccounts { add("accounts", "", "missing-required") }
        for contact in orphanContacts { add("contacts", contact.number + "/", "orphan-reference") }
        for quote in orphanQuotes {
            add("quotes", quote.number, "orphan-reference")
            for sequence in quote.lines.indices { add("quote-lines", "\(quote.number)/\(sequence + 1)", "header-rejected") }
        }
        for order in unknownProductOrders { add("order-lines-to-fo", "\(order.number)/\(order.lines.count)", "orphan-reference") }
        for order in unknownProductFOOrders { add("order-lines-to-sales", "\(order.number)/\(order.lines.count)", "orphan-reference") }
        for product in unmappedProducts { add("products", product.number, "unmapped-value") }
        for product in invalidPriceProducts { add("products", product.number, "invalid-value") }
        let invoiced = world.invoicedOrders
        for index in duplicatedInvoices where index < invoiced.count {
            add("invoices", SampleWorld.invoiceNumber(invoiced[index]), "duplicate-key")
        }
        for order in unknownCustomerFOOrders {
            add("orders-to-sales", order.number, "orphan-reference")
            for sequence in order.lines.indices { add("order-lines-to-sales", "\(order.number)/\(sequence + 1)", "header-rejected") }
        }
        return rejects.sorted()
    }

    /// `expected-rejects.csv`: UTF-8, header `flow,key,reason`, LF line ends, fields quoted only when needed.
    func csv(world: SampleWorld) throws -> String {
        let records = [["flow", "key", "reason"]] + rejects(world: world).map { [$0.flow, $0.key, $0.reason] }
        return try CSVWriter.text(records, dialect: CSVDialect(lineEnding: [0x0A]))
    }
}
