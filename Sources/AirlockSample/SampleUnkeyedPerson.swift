/// A person of the unkeyed pair's world as F&O holds them: a company's contact person (`contact(of:_:)`) or a person
/// customer (`customer(_:_:)`, with their address), with names in their country's spelling (accents and all), e-mail and phone, and
/// which of those each side leaves empty.
struct SampleUnkeyedPerson {
    var firstName: String
    var lastName: String
    /// F&O holds the names without their accents (Sales may hold them).
    var foldsAccents: Bool
    var email: String
    var phone: SampleUnkeyedPhone
    /// Whether the phone is a mobile number (Sales keeps it in mobilephone, a landline in telephone1).
    var isMobile: Bool
    var phoneStyle: SampleUnkeyedPhone.Style
    var missingInFO: SampleUnkeyedFields
    var missingInSales: SampleUnkeyedFields

    /// GENDER as F&O records it, told by the first name (`SampleUnkeyedNames.gender(ofFirstName:)`).
    var gender: String { SampleUnkeyedNames.gender(ofFirstName: firstName) }

    /// The first and last name as the F&O record writes them.
    var foNames: (first: String, last: String) {
        foldsAccents ? (SampleUnkeyedText.fold(firstName), SampleUnkeyedText.fold(lastName)) : (firstName, lastName)
    }

    private init(country: SampleUnkeyedCountry, _ random: inout SampleRandom) {
        let origin = random.chance(80) ? country : SampleUnkeyedCountry.draw(&random)
        firstName = random.pick(SampleUnkeyedNames.firstNames(origin))
        lastName = random.pick(SampleUnkeyedNames.surnames(origin))
        foldsAccents = random.chance(15)
        email = ""
        phone = SampleUnkeyedPhone(country: country, groups: [])
        isMobile = false
        phoneStyle = random.chance(60) ? .international : .national
        (missingInFO, missingInSales) = SampleUnkeyedFields.drawMissing([.email, .phone], &random)
    }

    /// A contact person of `organisation`: an address at the company's domain, a direct line in its city or a mobile.
    static func contact(of organisation: SampleUnkeyedOrganisation, _ random: inout SampleRandom) -> SampleUnkeyedPerson {
        var person = SampleUnkeyedPerson(country: organisation.country, &random)
        person.email = person.mailbox(&random) + "@" + organisation.domain
        person.isMobile = random.chance(40)
        person.phone = SampleUnkeyedPhone.make(
            organisation.country, city: organisation.address.city, mobile: person.isMobile, &random)
        return person
    }

    /// A person customer of `country` and their address: a free mail provider, mostly a mobile.
    static func customer(
        _ country: SampleUnkeyedCountry, _ random: inout SampleRandom
    ) -> (person: SampleUnkeyedPerson, address: SampleUnkeyedAddress) {
        var person = SampleUnkeyedPerson(country: country, &random)
        var mailbox = person.mailbox(&random)
        if random.chance(30) { mailbox += String(random.int(1...99)) }
        person.email = mailbox + "@" + random.pick(SampleUnkeyedNames.mailProviders(country))
        let address = SampleUnkeyedAddress.make(country, &random)
        person.isMobile = random.chance(75)
        person.phone = SampleUnkeyedPhone.make(country, city: address.city, mobile: person.isMobile, &random)
        return (person, address)
    }

    /// The local part of the person's e-mail address: `jose.garcia`, `j.garcia`, `josegarcia`.
    private func mailbox(_ random: inout SampleRandom) -> String {
        let first = SampleUnkeyedText.key(firstName)
        let last = SampleUnkeyedText.key(lastName)
        return random.pick(weighted: [("\(first).\(last)", 70), ("\(first.prefix(1)).\(last)", 15), (first + last, 8), (first, 7)])
    }
}
