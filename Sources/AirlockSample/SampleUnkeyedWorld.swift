import AirlockModel

/// The world an unkeyed pair is cut from (`SampleUnkeyedPair`): organisations, their contact persons, person customers
/// and products, each on one side or both, some twice on one side, none keyed the same on both.
///
/// The world holds only where each thing goes and what it is numbered (its plan, a few bytes per thing, drawn in one
/// pass); each thing's content is made from the seed and its index when an export needs it
/// (`organisation(_:)`, `contact(_:slot:of:)`, `personCustomer(_:)`, `product(_:)`), by a random generator of its
/// own, so that the exports can write records in any order and a million organisations take little memory.
struct SampleUnkeyedWorld: Sendable {
    /// The sides a thing is on.
    struct Sides: OptionSet, Sendable {
        let rawValue: UInt8
        static let fo = Sides(rawValue: 1)
        static let sales = Sides(rawValue: 2)
        static let both: Sides = [.fo, .sales]
    }

    /// Where an organisation's records go and what they are numbered.
    struct OrganisationPlan: Sendable {
        var sides: Sides = []
        /// F&O has a second customer account of it.
        var hasFODuplicate = false
        /// Sales has a second account of it.
        var hasSalesDuplicate = false
        /// Its Sales account carries a legacy account number F&O does not know.
        var hasLegacyNumber = false
        /// The organisation whose name this one's shares (its sibling), or -1.
        var sibling: Int32 = -1
        /// Which of its domains it holds (`SampleUnkeyedOrganisation.domain(_:variant:)`): 0 the one its name makes;
        /// another where an organisation earlier in the world, not the one it is named after, holds that one, as two
        /// companies cannot hold one domain.
        var domainVariant: UInt16 = 0
        var contactCount: UInt8 = 0
        /// Two bits per contact slot: the `Sides` of the contact.
        var contactSides: UInt8 = 0
        /// One bit per contact slot: Sales has the contact twice.
        var contactSalesDuplicates: UInt8 = 0
        /// One bit per contact slot: the Sales contact belongs to the second Sales account.
        var contactsOnDuplicate: UInt8 = 0
        /// The F&O customer account number (0: not in F&O) and that of its second account (0: none).
        var customerNumber: Int32 = 0
        var duplicateNumber: Int32 = 0
        /// The number of the first of its contacts F&O has (`CP…`), the others following.
        var firstContactNumber: Int32 = 0

        /// The sides contact `slot` is on.
        func sides(ofContact slot: Int) -> Sides { Sides(rawValue: (contactSides >> (2 * slot)) & 3) }
        /// Whether Sales has contact `slot` twice.
        func hasSalesDuplicate(ofContact slot: Int) -> Bool { contactSalesDuplicates & (1 << slot) != 0 }
        /// Whether the Sales contact `slot` belongs to the second Sales account.
        func isOnSalesDuplicate(contact slot: Int) -> Bool { contactsOnDuplicate & (1 << slot) != 0 }
    }

    /// Where a person customer's records go: always F&O, mostly Sales (a contact), some twice there.
    struct PersonPlan: Sendable {
        var inSales = false
        var hasSalesDuplicate = false
        var customerNumber: Int32 = 0
    }

    /// The random streams of the world: each thing draws from its own generator in each (`SampleRandom(seed:stream:index:)`).
    enum Stream: UInt64 {
        case plan = 1
        case sibling, identity, details, contact, person, product, accountIDs, contactIDs, personIDs, productIDs, unitIDs
        case accountNoise, foDuplicateNoise, contactNoise, personNoise, productNoise, shuffle, salesNumbers, currencyIDs
        case wording, moves, unitGroupID, priceListIDs
    }

    // The rates of the world (percent; docs/sample.md).
    static let bothSidesRate = 70
    static let foOnlyRate = 15
    static let siblingRate = 5
    static let foDuplicatePermille = 10
    static let salesDuplicateRate = 3
    static let legacyNumberRate = 10
    static let contactOneSideRate = 10
    static let contactDuplicateRate = 2
    static let contactOnDuplicateRate = 30
    static let personCustomerRate = 3
    static let personInSalesRate = 80
    static let productBothSidesRate = 75
    /// How many organisations have 0, 1, 2 and 3 contacts, in percent (a mean of 1.2).
    static let contactCountWeights = [25, 42, 21, 12]

    let seed: UInt64
    let company: String
    private(set) var organisations: [OrganisationPlan] = []
    private(set) var persons: [PersonPlan] = []
    /// The sides of each product.
    private(set) var products: [Sides] = []
    /// Digits of the customer account numbers (`C000123`), contact person numbers (`CP000123`), product numbers
    /// (`P-00123`) and legacy account numbers (`ACC-00042`).
    private(set) var customerWidth = 6
    private(set) var contactWidth = 6
    let productWidth: Int
    let legacyWidth: Int
    /// Shifts the VAT numbers and legacy numbers of one seed.
    let numberOffset: UInt64

    /// A world of `accounts` organisations (at least 1), with about 3 % more person customers and a product per ten.
    init(accounts: Int, seed: UInt64, company: String) {
        self.seed = seed
        self.company = company
        let count = max(1, accounts)
        var offsets = SampleRandom(seed: seed, stream: Stream.salesNumbers.rawValue, index: 0)
        numberOffset = offsets.next() % 1_000_000_000_000
        legacyWidth = max(5, SampleUnkeyedText.digitCount(count - 1))
        organisations.reserveCapacity(count)
        for index in 0..<count {
            organisations.append(Self.plan(index, count: count, seed: seed))
        }
        // Namesakes (and names alike in their first words) would make one domain: the later ones take another.
        // Domains are told apart by their 64-bit hash (`ValueHash`), so that a million take little memory.
        func hash(_ domain: String) -> UInt64 {
            var domain = domain
            return domain.withUTF8 { ValueHash.hash(UnsafeRawBufferPointer($0)) }
        }
        var domains: [UInt64: Int32] = [:]
        domains.reserveCapacity(count)
        for index in organisations.indices {
            let sibling = organisations[index].sibling
            let identity = Self.identity(index, sibling: Int(sibling), seed: seed)
            let name = hash(SampleUnkeyedOrganisation.domain(identity, variant: 0))
            guard let first = domains[name] else {
                domains[name] = Int32(index)
                continue
            }
            if first == sibling { continue }  // a sister company shares its group's domain
            var variant: UInt16 = 1
            while variant < UInt16.max, domains[hash(SampleUnkeyedOrganisation.domain(identity, variant: Int(variant)))] != nil {
                variant += 1
            }
            domains[hash(SampleUnkeyedOrganisation.domain(identity, variant: Int(variant)))] = Int32(index)
            organisations[index].domainVariant = variant
        }
        var next: Int32 = 1
        for index in organisations.indices where organisations[index].sides.contains(.fo) {
            organisations[index].customerNumber = next
            next += 1
        }
        let personCount = max(1, (count * Self.personCustomerRate + 50) / 100)
        persons.reserveCapacity(personCount)
        for index in 0..<personCount {
            var random = SampleRandom(seed: seed, stream: Stream.plan.rawValue, index: count + index)
            var person = PersonPlan(inSales: random.chance(Self.personInSalesRate), customerNumber: next)
            person.hasSalesDuplicate = person.inSales && random.chance(Self.contactDuplicateRate)
            persons.append(person)
            next += 1
        }
        for index in organisations.indices where organisations[index].hasFODuplicate {
            organisations[index].duplicateNumber = next
            next += 1
        }
        customerWidth = max(6, SampleUnkeyedText.digitCount(Int(next - 1)))
        var contactNumber: Int32 = 1
        for index in organisations.indices {
            organisations[index].firstContactNumber = contactNumber
            let plan = organisations[index]
            for slot in 0..<Int(plan.contactCount) where plan.sides(ofContact: slot).contains(.fo) { contactNumber += 1 }
        }
        contactWidth = max(6, SampleUnkeyedText.digitCount(Int(contactNumber - 1)))
        let productCount = max(3, count / 10)
        productWidth = max(5, SampleUnkeyedText.digitCount(productCount))
        products.reserveCapacity(productCount)
        for index in 0..<productCount {
            var random = SampleRandom(seed: seed, stream: Stream.plan.rawValue, index: count + personCount + index)
            let roll = random.int(0...999)
            products.append(roll < Self.productBothSidesRate * 10 ? .both : roll < 875 ? .fo : .sales)
        }
    }

    /// Whether organisation `index` is a sibling of another (decided by its own stream, so that any organisation can
    /// ask it of any other).
    private static func isSibling(_ index: Int, count: Int, seed: UInt64) -> Bool {
        guard count > 1 else { return false }
        var random = SampleRandom(seed: seed, stream: Stream.sibling.rawValue, index: index)
        return random.chance(siblingRate)
    }

    private static func plan(_ index: Int, count: Int, seed: UInt64) -> OrganisationPlan {
        var plan = OrganisationPlan()
        if isSibling(index, count: count, seed: seed) {
            var random = SampleRandom(seed: seed, stream: Stream.sibling.rawValue, index: index)
            _ = random.next()
            // A sibling of an organisation that is not one itself.
            for _ in 0..<20 {
                let other = random.int(0...(count - 1))
                if other != index && !isSibling(other, count: count, seed: seed) {
                    plan.sibling = Int32(other)
                    break
                }
            }
        }
        var random = SampleRandom(seed: seed, stream: Stream.plan.rawValue, index: index)
        let roll = random.int(0...99)
        plan.sides = roll < bothSidesRate ? .both : roll < bothSidesRate + foOnlyRate ? .fo : .sales
        plan.hasFODuplicate = plan.sides.contains(.fo) && random.chance(permille: foDuplicatePermille)
        plan.hasSalesDuplicate = plan.sides.contains(.sales) && random.chance(salesDuplicateRate)
        plan.hasLegacyNumber = plan.sides.contains(.sales) && random.chance(legacyNumberRate)
        plan.contactCount = UInt8(random.pick(weighted: contactCountWeights.enumerated().map { ($0.offset, $0.element) }))
        for slot in 0..<Int(plan.contactCount) {
            var sides = plan.sides
            if sides == .both && random.chance(contactOneSideRate) { sides = random.chance(50) ? .fo : .sales }
            plan.contactSides |= sides.rawValue << (2 * slot)
            if sides.contains(.sales) && random.chance(contactDuplicateRate) { plan.contactSalesDuplicates |= 1 << slot }
            if plan.hasSalesDuplicate && random.chance(contactOnDuplicateRate) { plan.contactsOnDuplicate |= 1 << slot }
        }
        return plan
    }

    // MARK: content

    /// The name and country of organisation `index`, whose sibling (the organisation it is named after) is
    /// `sibling` (-1: none).
    private static func identity(_ index: Int, sibling: Int, seed: UInt64) -> SampleUnkeyedOrganisation.Identity {
        var own = SampleRandom(seed: seed, stream: Stream.identity.rawValue, index: index)
        guard sibling >= 0 else { return SampleUnkeyedOrganisation.identity(&own) }
        var base = SampleRandom(seed: seed, stream: Stream.identity.rawValue, index: sibling)
        return SampleUnkeyedOrganisation.sibling(of: SampleUnkeyedOrganisation.identity(&base), &own)
    }

    /// The company of organisation `index`.
    func organisation(_ index: Int) -> SampleUnkeyedOrganisation {
        var random = SampleRandom(seed: seed, stream: Stream.details.rawValue, index: index)
        let plan = organisations[index]
        let sibling = Int(plan.sibling)
        let identity = Self.identity(index, sibling: sibling, seed: seed)
        var company = SampleUnkeyedOrganisation(identity: identity, number: index, vatOffset: numberOffset, &random)
        // A sibling is elsewhere: another city than the organisation it is named after.
        if sibling >= 0 {
            let other = organisation(sibling)
            for _ in 0..<8 where other.country == company.country && company.address.city.name == other.address.city.name {
                company.address = SampleUnkeyedAddress.make(company.country, &random)
                company.phone = SampleUnkeyedPhone.make(company.country, city: company.address.city, mobile: false, &random)
            }
        }
        if plan.domainVariant > 0 { company.take(domain: SampleUnkeyedOrganisation.domain(identity, variant: Int(plan.domainVariant))) }
        return company
    }

    /// Contact `slot` of organisation `index`, whose company is `organisation`.
    func contact(_ index: Int, slot: Int, of organisation: SampleUnkeyedOrganisation) -> SampleUnkeyedPerson {
        var random = SampleRandom(seed: seed, stream: Stream.contact.rawValue, index: index * 4 + slot)
        return SampleUnkeyedPerson.contact(of: organisation, &random)
    }

    /// Person customer `index` and their address.
    func personCustomer(_ index: Int) -> (person: SampleUnkeyedPerson, address: SampleUnkeyedAddress) {
        var random = SampleRandom(seed: seed, stream: Stream.person.rawValue, index: index)
        let country = SampleUnkeyedCountry.draw(&random)
        return SampleUnkeyedPerson.customer(country, &random)
    }

    /// Product `index`.
    func product(_ index: Int) -> SampleUnkeyedProduct {
        var random = SampleRandom(seed: seed, stream: Stream.product.rawValue, index: index)
        return SampleUnkeyedProduct.make(number: productNumber(index), &random)
    }

    /// A generator of noise for item `index` of `stream`.
    func noise(_ stream: Stream, _ index: Int) -> SampleUnkeyedNoise {
        SampleUnkeyedNoise(random: SampleRandom(seed: seed, stream: stream.rawValue, index: index))
    }

    /// Organisation `index` as its Sales account (or second account, `copy` odd) holds it, before the noise of its
    /// fields: its stem worded another way, and its address (and phone) where it moved since F&O's record was keyed.
    func salesOrganisation(_ index: Int, copy: Int) -> SampleUnkeyedOrganisation {
        var company = organisation(index)
        var wording = noise(.wording, copy)
        company.stem = wording.wording(company.stem)
        var moves = noise(.moves, copy)
        if moves.moved() {
            company.address = SampleUnkeyedAddress.make(company.country, &moves.random)
            if moves.random.chance(SampleUnkeyedNoise.movedPhoneRate) {
                company.phone = SampleUnkeyedPhone.make(company.country, city: company.address.city, mobile: false, &moves.random)
            }
        }
        return company
    }

    // MARK: keys

    /// The F&O customer account of customer number `number`: `C000123`.
    func customerAccount(_ number: Int32) -> String {
        "C" + SampleUnkeyedText.padded(Int(number), width: customerWidth)
    }

    /// The F&O contact person number of contact `slot` of organisation `index` (which F&O has): `CP000123`.
    func contactPersonNumber(_ index: Int, slot: Int) -> String {
        let plan = organisations[index]
        let before = (0..<slot).filter { plan.sides(ofContact: $0).contains(.fo) }.count
        return "CP" + SampleUnkeyedText.padded(Int(plan.firstContactNumber) + before, width: contactWidth)
    }

    /// The F&O product number of product `index`: `P-00123`.
    func productNumber(_ index: Int) -> String {
        "P-" + SampleUnkeyedText.padded(index + 1, width: productWidth)
    }

    /// The legacy number a Sales account of organisation `index` carries: `ACC-00042`, unrelated to anything F&O holds.
    func legacyAccountNumber(_ index: Int) -> String {
        "ACC-" + SampleUnkeyedText.padded(SampleUnkeyedText.scrambled(index, width: legacyWidth, offset: numberOffset), width: legacyWidth)
    }

    /// The Sales id of organisation `index`'s account, or of its second account.
    func accountID(_ index: Int, duplicate: Bool = false) -> String {
        Self.guid(seed: seed, .accountIDs, index, second: duplicate)
    }

    /// The Sales id of contact `slot` of organisation `index`, or of its second record.
    func contactID(_ index: Int, slot: Int, duplicate: Bool = false) -> String {
        Self.guid(seed: seed, .contactIDs, index * 4 + slot, second: duplicate)
    }

    /// The Sales id of person customer `index`'s contact, or of its second record.
    func personContactID(_ index: Int, duplicate: Bool = false) -> String {
        Self.guid(seed: seed, .personIDs, index, second: duplicate)
    }

    /// The Sales id of product `index`.
    func productID(_ index: Int) -> String {
        Self.guid(seed: seed, .productIDs, index, second: false)
    }

    /// The Sales GUID of currency `code` (one of `SampleUnkeyedCountry.currencies`).
    func currencyID(_ code: String) -> String {
        Self.guid(seed: seed, .currencyIDs, SampleUnkeyedCountry.currencies.firstIndex { $0.code == code } ?? 0, second: false)
    }

    /// The Sales GUID of the price list of currency `code` (one of `SampleUnkeyedCountry.currencies`).
    func priceListID(_ code: String) -> String {
        Self.guid(seed: seed, .priceListIDs, SampleUnkeyedCountry.currencies.firstIndex { $0.code == code } ?? 0, second: false)
    }

    /// The Sales id of unit `index` of `SampleUnkeyedProduct.units` under its symbol or its long name.
    func unitID(_ index: Int, longName: Bool) -> String {
        Self.guid(seed: seed, .unitIDs, index, second: longName)
    }

    /// The Sales id of the unit group (`SampleUnit.groupName`).
    var unitGroupID: String { Self.guid(seed: seed, .unitGroupID, 0, second: false) }

    private static func guid(seed: UInt64, _ stream: Stream, _ index: Int, second: Bool) -> String {
        var random = SampleRandom(seed: seed, stream: stream.rawValue, index: index)
        let first = random.fastGUID()
        return second ? random.fastGUID() : first
    }

    /// `codes` in an order drawn from stream `label` (Fisher–Yates): records are not written in the world's order.
    func shuffled(_ codes: [Int], label: Int) -> [Int] {
        var codes = codes
        var random = SampleRandom(seed: seed, stream: Stream.shuffle.rawValue, index: label)
        var index = codes.count - 1
        while index > 0 {
            codes.swapAt(index, random.int(0...index))
            index -= 1
        }
        return codes
    }
}
