/// The vendors and contact persons of a dual-write sample world (`SampleDualWriteWorld.contacts`), drawn from a random
/// stream of their own after the rest of the world, so that adding them changed no other record.
///
/// - **Vendors** (`Vendors V2` in F&O; `msdyn_vendor` in Sales): `max(3, accounts / 6)` of the sample company, the
///   first of them on the party of an organization customer (a party that is both customer and vendor), every third
///   from the third a person; Sales holds two of every three (the second of each three with another credit limit),
///   and one vendor of the other legal entity is in F&O only.
/// - **Contact persons** (`Contacts V2` and `CDS Contacts V2` in F&O, two views of the same records): one for every
///   vendor and a second for every other vendor (vendor contacts), and one for every third F&O organization customer
///   (customer contacts); the second contact person of the second vendor is the person of the first customer contact
///   (one person, a contact of two organizations). Sales holds, for two of every three whose organization it holds,
///   the contact for party (`msdyn_contactforparty`) and, of a vendor contact, the contact (`contact`,
///   `msdyn_contactforvendor`), the second of each three with another department; one contact person of the other
///   legal entity is in F&O only.
/// - **Sales only**: two vendor contacts (one without a company, which the conversion writes back) and a contact
///   for party that F&O does not have.
struct SampleDualWriteContacts {
    /// A vendor.
    struct Vendor {
        var number: String
        var partyNumber: String
        var company: String
        var isPerson: Bool
        /// The organization's name, or the person's first and last names.
        var name: String
        var firstName = ""
        var lastName = ""
        var address: SampleWorld.Address
        var email: String
        var phone: String
        var creditLimit: Int
        var employees: Int
        var paymentTerm: String
        var paymentDay: String
        var taxGroup: String
        /// Sales holds the vendor (and its party), with this credit limit.
        var inSales: Bool
        var salesCreditLimit: Int
        /// The world account whose party the vendor shares, if any.
        var customer: Int?
        /// The Sales ids of the vendor and of its party.
        var salesID: String
        var salesPartyID: String
    }

    /// A contact person: of a vendor (`vendor`) or of a customer (`customer`, a world account).
    struct ContactPerson {
        var id: String
        var partyNumber: String
        var firstName: String
        var middleName: String
        var lastName: String
        var company: String
        var vendor: Int?
        var customer: Int?
        /// The party of the organization it is a contact for, and that organization's account number.
        var associatedPartyNumber: String
        var associatedNumber: String
        var department: String
        var profession: String
        var notes: String
        /// SmmSensitivity: Normal, Personal or Confidential.
        var sensitivity: String
        var isVIP: Bool
        var receivesDirectMail: Bool
        var address: SampleWorld.Address
        var email: String
        var phone: String
        /// Sales holds its contact for party (and, of a vendor contact, its contact) and its party.
        var inSales: Bool
        /// The department Sales holds (another one for some: drift).
        var salesDepartment: String
        /// The Sales ids of its contact for party, its vendor contact and its party.
        var salesID: String
        var salesContactID: String
        var salesPartyID: String
    }

    /// A vendor contact only Sales has: of vendor `vendor`, with a company or without one.
    struct SalesOnlyVendorContact {
        var id: String
        var partyNumber: String
        var firstName: String
        var lastName: String
        var vendor: Int
        var hasCompany: Bool
        var email: String
        var department: String
        var salesID: String
    }

    /// The manager of each contact person (an index into `persons`): the second contact person of a vendor reports
    /// to its first (`MANAGERCONTACTPERSONID`, a second-pass lookup).
    var managers: [Int: Int] {
        var result: [Int: Int] = [:]
        for index in persons.indices {
            guard let vendor = persons[index].vendor, let first = persons.indices.first(where: { persons[$0].vendor == vendor }),
                first != index
            else { continue }
            result[index] = first
        }
        return result
    }

    /// The invoice account of each vendor of `company` (an index into `vendors`): the second of every three pays
    /// through the next vendor, later in the file, and every fourth from the fourth through the first
    /// (`INVOICEVENDORACCOUNTNUMBER`, a second-pass lookup).
    func invoiceVendors(company: String) -> [Int: Int] {
        let own = vendors.indices.filter { vendors[$0].company == company }
        var result: [Int: Int] = [:]
        for (position, index) in own.enumerated() {
            if position % 3 == 1, position + 1 < own.count { result[index] = own[position + 1] }
            if position % 4 == 3 { result[index] = own[0] }
        }
        return result
    }

    /// Option values of the sensitivity levels the sample uses (the `contact-sensitivity` value map).
    static let sensitivityOptions = ["Normal": "192350000", "Personal": "192350001", "Confidential": "192350003"]

    private(set) var vendors: [Vendor] = []
    private(set) var persons: [ContactPerson] = []
    private(set) var salesOnlyVendorContacts: [SalesOnlyVendorContact] = []
    /// A contact for party only Sales has: its number, the contact person whose party it links (index into
    /// `persons`), and its Sales id; it links that person to the first vendor Sales holds.
    private(set) var salesOnlyContactForParty: (number: String, person: Int, salesID: String)?

    /// The party number of the `index`th vendor or contact person party (`kind` 0 vendors, 1 contact persons, 2 Sales
    /// only): 9 digits, clear of the customers' numbers.
    static func partyNumber(kind: Int, _ index: Int) -> String {
        SampleDualWriteWorld.partyNumber(20_000 * (kind + 1) + index)
    }

    init(base: SampleWorld, parties: [SampleDualWriteWorld.Party], company: String, otherCompany: String, seed: UInt64) {
        var random = SampleRandom(seed: seed ^ 0xC0_47AC_7500_0004)
        let stems = ["Litware Supplies", "Proseware Parts", "Fourth Coffee", "Woodgrove Metals", "Trey Logistics", "Coho Components"]
        let firstNames = ["Ines", "Mateo", "Ewa", "Hiroshi", "Saoirse", "Ólafur", "Camille", "Nikolai", "Ana", "Kwame"]
        let lastNames = ["Fernández", "Nowak", "Sato", "Ní Bhriain", "Jónsson", "Lefèvre", "Ivanova", "Mensah", "Weiß", "Costa"]
        let departments = ["Purchasing", "Sales", "Accounts payable", "Logistics", "Quality"]
        let professions = ["Buyer", "Account manager", "Controller", "Dispatcher", "Engineer"]
        let sensitivities = ["Normal", "Normal", "Personal", "Confidential"]
        let accounts = base.accounts
        let organizations = accounts.indices.filter { accounts[$0].inFO && !parties[$0].isPerson }

        func vendor(_ index: Int, company: String, number: String, partyNumber: String) -> Vendor {
            let isPerson = index % 3 == 2
            let first = random.pick(firstNames)
            let last = random.pick(lastNames)
            let name = isPerson ? "\(first) \(last)" : "\(stems[index % stems.count]) \(["Ltd", "GmbH", "Inc."][index % 3])"
            let address = accounts[(index * 5) % accounts.count].address
            let credit = random.int(1...40) * 1_000
            let slug = name.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) }
            return Vendor(
                number: number, partyNumber: partyNumber, company: company, isPerson: isPerson, name: name,
                firstName: isPerson ? first : "", lastName: isPerson ? last : "", address: address,
                email: "orders@\(slug).example.com", phone: "+1 425 555 \(String(random.int(1_000...9_999)))", creditLimit: credit,
                employees: isPerson ? 0 : random.int(5...900), paymentTerm: ["Net30", "Net45", "Net10"][index % 3],
                paymentDay: index % 4 == 1 ? "Fri" : "", taxGroup: index % 2 == 0 ? "CA" : "",
                inSales: false, salesCreditLimit: index % 3 == 1 ? credit + 1_000 : credit,
                customer: nil, salesID: random.guid(), salesPartyID: random.guid())
        }
        let count = max(3, accounts.count / 6)
        for index in 0..<count {
            var made = vendor(
                index, company: company, number: "V-\(String(2_001 + index))", partyNumber: Self.partyNumber(kind: 0, index))
            // The first vendor is an organization customer's party too.
            if index == 0, let customer = organizations.first {
                made.customer = customer
                made.partyNumber = parties[customer].number
                made.name = accounts[customer].name
                made.email = accounts[customer].email
            }
            made.inSales = index % 3 != 2
            vendors.append(made)
        }
        var other = vendor(
            count, company: otherCompany, number: "V-\(String(2_001 + count))", partyNumber: Self.partyNumber(kind: 0, count))
        other.inSales = false
        vendors.append(other)

        // Contact persons: of each vendor (a second of every other one), then of every third organization customer.
        var people: [(vendor: Int?, customer: Int?)] = []
        for index in 0..<count {
            people.append((index, nil))
            if index % 2 == 1 { people.append((index, nil)) }
        }
        for (position, customer) in organizations.enumerated() where position % 3 == 0 { people.append((nil, customer)) }
        people.append((count, nil))
        var firstCustomerContact: Int?
        for (index, link) in people.enumerated() {
            let vendorRecord = link.vendor.map { vendors[$0] }
            let company = vendorRecord?.company ?? company
            let holdsOrganization: Bool
            let associatedParty: String
            let associatedNumber: String
            if let vendorRecord {
                holdsOrganization = vendorRecord.inSales
                associatedParty = vendorRecord.partyNumber
                associatedNumber = vendorRecord.number
            } else {
                let customer = link.customer ?? 0
                holdsOrganization = accounts[customer].inSales
                associatedParty = parties[customer].number
                associatedNumber = accounts[customer].number
            }
            let address = accounts[(index * 3 + 1) % accounts.count].address
            let department = random.pick(departments)
            let first = random.pick(firstNames)
            let last = random.pick(lastNames)
            persons.append(
                ContactPerson(
                    id: "CP-\(String(100_001 + index))", partyNumber: Self.partyNumber(kind: 1, index), firstName: first,
                    middleName: index % 4 == 3 ? "M." : "", lastName: last, company: company, vendor: link.vendor,
                    customer: link.customer, associatedPartyNumber: associatedParty, associatedNumber: associatedNumber,
                    department: department, profession: random.pick(professions), notes: index % 5 == 0 ? "Prefers e-mail" : "",
                    sensitivity: random.pick(sensitivities), isVIP: index % 6 == 0, receivesDirectMail: index % 2 == 0, address: address,
                    email: "\(first.lowercased().filter(\.isASCII)).\(index)@contacts.example.com",
                    phone: "+1 206 555 \(String(random.int(1_000...9_999)))",
                    inSales: holdsOrganization && index % 3 != 2,
                    salesDepartment: index % 3 == 1 ? department + " (EMEA)" : department, salesID: random.guid(),
                    salesContactID: random.guid(), salesPartyID: random.guid()))
            if link.customer != nil, firstCustomerContact == nil { firstCustomerContact = index }
        }
        // The second contact of the second vendor is the first customer contact's person: one party, two contacts.
        if let repeated = firstCustomerContact, let second = persons.indices.first(where: { persons[$0].vendor == 1 && $0 > 1 }) {
            persons[second].partyNumber = persons[repeated].partyNumber
            persons[second].firstName = persons[repeated].firstName
            persons[second].middleName = persons[repeated].middleName
            persons[second].lastName = persons[repeated].lastName
            persons[second].email = persons[repeated].email
            persons[second].salesPartyID = persons[repeated].salesPartyID
        }
        for index in persons.indices where persons[index].company != company { persons[index].inSales = false }

        // Sales only: two vendor contacts of the first vendor Sales holds, and a contact for party.
        guard let held = vendors.indices.first(where: { vendors[$0].inSales }) else { return }
        for index in 0..<2 {
            let first = random.pick(firstNames)
            salesOnlyVendorContacts.append(
                SalesOnlyVendorContact(
                    id: "CP-S\(String(9_001 + index))", partyNumber: Self.partyNumber(kind: 2, index), firstName: first,
                    lastName: random.pick(lastNames), vendor: held, hasCompany: index == 0,
                    email: "\(first.lowercased().filter(\.isASCII)).s\(index)@contacts.example.com", department: random.pick(departments),
                    salesID: random.guid()))
        }
        if let person = persons.indices.first(where: { persons[$0].inSales }) {
            salesOnlyContactForParty = ("CFP-S9001", person, random.guid())
        }
    }
}
