/// The details a real system holds for some records and the exports carry (a second address, a fax, a contact's job
/// title, …): drawn from a random stream of their own after the accounts and contacts, so that every other value of
/// the world (and with it the dual-write pair) stays as the seed gave it before.
extension SampleWorld {
    /// A delivery address's first word, by country: the site a customer has goods delivered to.
    static let deliverySites = [
        "US": "Dock", "CH": "Lager", "FR": "Entrepôt", "DE": "Lager", "ES": "Almacén", "JP": "倉庫", "BR": "Armazém",
    ]
    static let middleNames = ["Maria", "Jean", "Anne", "Lee", "Ōta"]
    static let jobTitles = [
        "Purchasing Manager", "Accounts Payable Clerk", "Chief Executive Officer", "Logistics Coordinator", "Head of IT",
        "Einkaufsleiterin", "Directeur commercial",
    ]
    static let departments = ["Purchasing", "Finance", "Logistics", "IT", "Management", "Vertrieb"]
    static let contactNotes = ["Met at the trade fair, booth 12", "Prefers \"phone\" over e-mail", "Assistant: Ms. Itō"]

    /// Gives some accounts a fax (one in four) and every third account from the second a delivery address (in the
    /// city of its address, at a site of its own), and some contacts a middle name, job title, department, gender,
    /// family status, note, website, fax, a "do not e-mail" flag and, for active customers, a credit limit. `cities`
    /// are the world's addresses, one per country.
    mutating func drawDetails(seed: UInt64, cities: [Address]) {
        var random = SampleRandom(seed: seed ^ 0xDE7A_11ED_0000_0000)
        for index in accounts.indices {
            if random.chance(25) { accounts[index].fax = "+1 425 555 \(String(1000 + random.int(0...8999)))" }
            if index % 3 == 1 {
                let country = accounts[index].address.country
                var site = cities.first { $0.country == country } ?? accounts[index].address
                site.street = "\(Self.deliverySites[country] ?? "Dock") \(random.int(1...9)), \(random.int(1...999)) \(site.street)"
                accounts[index].deliveryAddress = site
            }
        }
        for index in contacts.indices {
            var contact = contacts[index]
            if random.chance(15) { contact.middleName = random.pick(Self.middleNames) }
            if random.chance(60) { contact.jobTitle = random.pick(Self.jobTitles) }
            if random.chance(40) { contact.department = random.pick(Self.departments) }
            if random.chance(70) { contact.gender = random.int(1...2) }
            if random.chance(20) { contact.familyStatus = random.int(1...4) }
            if random.chance(15) { contact.description = random.pick(Self.contactNotes) }
            if random.chance(5) { contact.website = "https://www.example.org/people/\(index)" }
            if random.chance(10) { contact.fax = "+44 20 7946 \(String(1000 + random.int(0...8999)))" }
            contact.doNotEmail = random.chance(10)
            if contact.isActiveCustomer, random.chance(60) { contact.creditLimit = random.int(1...20) * 1000 }
            contacts[index] = contact
        }
    }
}
