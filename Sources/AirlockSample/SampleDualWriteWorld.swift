/// The dual-write shape of a sample world (`airlock sample --templates dual-write`): the accounts, contacts, products
/// and documents of a `SampleWorld` cut with the same seed, plus what dual-write's table maps key and look up by:
/// parties (organizations and persons), customer groups, legal entities, invoice addresses, and customers of a
/// second legal entity.
///
/// Every addition is drawn from its own random stream after the base world is complete, so the base world (and
/// with it the default pair) is not touched. Each customer (world account) is:
///
/// - an organization, or a person (the second account of each kind, F&O only, Sales only or both, and every sixth
///   of the kind after it): F&O `Customers V3` PARTYTYPE `Organization` or `Person`; in Sales an `account`
///   (customertypecode 3) or a sellable `contact` (msdyn_sellable, msdyn_contactpersonid = the customer account);
/// - in F&O (USMF), in Sales, or in both, as the base world says (`inFO`, `inSales`); a customer on both sides has the
///   same account number and party number on each, with some values differing (phone, credit limit);
/// - of party `partyNumber(index)` (9 digits).
///
/// The second legal entity's customers (`otherCompanyCustomers`, one per ten accounts, at least two) are in F&O only
/// (DATAAREAID of the other company): every other one repeats the account and party number of one of the sample
/// company's F&O customers (the same party is a customer of both legal entities), the others have numbers of their own.
struct SampleDualWriteWorld {
    /// A customer's party: the organization's or the person's name.
    struct Party {
        var number: String
        var isPerson: Bool
        var firstName = ""
        var middleName = ""
        var lastName = ""
    }

    /// A customer group (the same on both sides and in both legal entities).
    struct CustomerGroup {
        var id: String
        var description: String
        /// The Sales description, when it differs (drift).
        var salesDescription: String
    }

    /// A customer of the other legal entity: a copy of world account `account`, under `number` and `partyNumber`.
    struct OtherCompanyCustomer {
        var account: Int
        var number: String
        var partyNumber: String
    }

    static let customerGroups = [
        CustomerGroup(id: "10", description: "Wholesale customers", salesDescription: "Wholesale customers"),
        CustomerGroup(id: "20", description: "Major customers", salesDescription: "Major customers"),
        CustomerGroup(id: "30", description: "Retail customers", salesDescription: "Retail customers"),
        CustomerGroup(id: "40", description: "Internet customers", salesDescription: "Web shop customers"),
    ]

    let base: SampleWorld
    /// The sample legal entity (DATAAREAID of the F&O records, `cdm_company` of the Sales records).
    let company: String
    /// The other legal entity F&O has, which Sales does not (its `cdm_company` is written by the conversion).
    let otherCompany: String
    /// The party of each world account.
    private(set) var parties: [SampleDualWriteWorld.Party] = []
    /// The customer group (index into `customerGroups`) of each world account.
    private(set) var groups: [Int] = []
    /// The invoice address of each world account (mostly its delivery address).
    private(set) var invoiceAddresses: [SampleWorld.Address] = []
    /// The F&O credit limit of each world account (differs from the Sales one for some shared customers).
    private(set) var foCreditLimits: [Int] = []
    /// Whether the Sales record of each world account names its company: accounts created in Sales before dual-write
    /// (every fourth Sales-only account, from the first) do not, and belong to the conversion's company.
    private(set) var salesHasCompany: [Bool] = []
    /// Identification numbers (F&O IDENTIFICATIONNUMBER, Sales msdyn_identificationnumber); empty for most.
    private(set) var identificationNumbers: [String] = []
    private(set) var otherCompanyCustomers: [SampleDualWriteWorld.OtherCompanyCustomer] = []
    /// Vendors and contact persons (`SampleDualWriteContacts`), drawn after everything else.
    private(set) var contacts: SampleDualWriteContacts?

    /// The legal entities' names: the sample company's and the other's.
    static func legalEntityName(_ company: String) -> String {
        switch company.uppercased() {
        case "USMF": return "Contoso Entertainment System USA"
        case "DEMF": return "Contoso Entertainment System Germany"
        default: return "Contoso legal entity \(company)"
        }
    }

    /// The party number of party `index` (world accounts first, then the other company's own customers): 9 digits.
    static func partyNumber(_ index: Int) -> String {
        let digits = String(1_000 + index)
        return String(repeating: "0", count: max(0, 9 - digits.count)) + digits
    }

    init(accounts count: Int, seed: UInt64, company: String) {
        base = SampleWorld(accounts: count, seed: seed)
        self.company = company
        otherCompany = company.uppercased() == "DEMF" ? "USMF" : "DEMF"
        var random = SampleRandom(seed: seed ^ 0xD1A1_3B17_E000_0000)
        let firstNames = ["Anna", "José", "Zoë", "Björn", "Chloé", "Łukasz", "Søren", "Yuki", "Dmitri", "Aoife"]
        let middleNames = ["", "", "", "Maria", "J.", "Lee"]
        let lastNames = ["Müller", "O'Brien", "García", "Nguyễn", "Dubois", "Kowalski", "Tanaka", "Smith", "Jönsson", "Rossi"]
        parties.reserveCapacity(count)
        groups.reserveCapacity(count)
        invoiceAddresses.reserveCapacity(count)
        foCreditLimits.reserveCapacity(count)
        salesHasCompany.reserveCapacity(count)
        identificationNumbers.reserveCapacity(count)
        var salesOnly = 0
        // How many accounts of each kind (F&O only, Sales only, both) came before: the second of each kind, and every
        // sixth after it, is a person, so that even a small world has persons of every kind.
        var seen = [0, 0, 0]
        for (index, account) in base.accounts.enumerated() {
            let kind = account.inFO ? (account.inSales ? 2 : 0) : 1
            let isPerson = seen[kind] % 6 == 1
            seen[kind] += 1
            var party = Party(number: Self.partyNumber(index), isPerson: isPerson)
            if isPerson {
                party.firstName = random.pick(firstNames)
                party.middleName = random.pick(middleNames)
                party.lastName = random.pick(lastNames)
            }
            parties.append(party)
            // Persons are retail customers; organizations mostly wholesale.
            groups.append(isPerson ? 2 : random.pick([0, 0, 0, 1, 3]))
            var invoice = account.address
            if random.chance(20) { invoice.street = "PO Box \(random.int(100...9999)), " + invoice.street }
            invoiceAddresses.append(invoice)
            let drift = account.inFO && account.inSales && random.chance(10)
            foCreditLimits.append(drift ? account.creditLimit + 5_000 : account.creditLimit)
            if account.inSales && !account.inFO {
                salesHasCompany.append(salesOnly % 4 != 0)
                salesOnly += 1
            } else {
                salesHasCompany.append(true)
            }
            identificationNumbers.append(random.chance(25) ? "ID-\(random.int(100_000...999_999))" : "")
        }
        // The other legal entity: one customer per ten accounts (at least two, one of each kind).
        let foAccounts = base.accounts.indices.filter { base.accounts[$0].inFO }
        defer {
            if !base.accounts.isEmpty {
                contacts = SampleDualWriteContacts(base: base, parties: parties, company: company, otherCompany: otherCompany, seed: seed)
            }
        }
        guard !foAccounts.isEmpty else { return }
        for index in 0..<max(2, count / 10) {
            let account = foAccounts[index * 7 % foAccounts.count]
            if index % 2 == 0 {
                otherCompanyCustomers.append(
                    OtherCompanyCustomer(account: account, number: base.accounts[account].number, partyNumber: parties[account].number))
            } else {
                otherCompanyCustomers.append(
                    OtherCompanyCustomer(
                        account: account, number: "ACC-\(String(10_000 + count + index))", partyNumber: Self.partyNumber(count + index)))
            }
        }
    }

    /// The name a customer goes by: the organization's name, or the person's first, middle and last names.
    func displayName(_ index: Int) -> String {
        let party = parties[index]
        guard party.isPerson else { return base.accounts[index].name }
        return [party.firstName, party.middleName, party.lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// F&O's name of a product's field service type (FIELDSERVICEPRODUCTTYPE): services `Service`, items not
    /// stocked (every ninth from the fifth) `NonInventory`, others `Inventory`.
    static func fieldServiceType(_ product: SampleWorld.Product, index: Int) -> String {
        if product.isService { return "Service" }
        return isStocked(product, index: index) ? "Inventory" : "NonInventory"
    }

    /// Whether a product is stocked (ISSTOCKEDPRODUCT): items but every ninth from the fifth.
    static func isStocked(_ product: SampleWorld.Product, index: Int) -> Bool {
        !product.isService && index % 9 != 4
    }

    /// Line amount (after discount) and line tax (10 %) of a line, in cents.
    func lineAmounts(_ line: SampleWorld.Line) -> (amount: Int, tax: Int) {
        let amount = base.products[line.product].price * 100 * line.quantity - line.discountCents
        return (amount, amount / 10)
    }

    /// The totals of an F&O document in cents: lines after discount, discount, charges, and tax (the lines' and the
    /// charges'). The document's total is amount + charges + tax.
    func totals(_ order: SampleWorld.Document) -> (amount: Int, discount: Int, charges: Int, tax: Int) {
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
}
