import Foundation

/// A company of the unkeyed pair's world as it really is, and as its F&O customer record holds it: its name (a stem
/// and a legal form that fits its country), address, phone, e-mail, website and VAT number, and which of those
/// each side leaves empty. Made from its index alone (`SampleUnkeyedWorld.organisation(_:)`), so either export can
/// make it in any order.
struct SampleUnkeyedOrganisation {
    var country: SampleUnkeyedCountry
    /// The name without the legal form: `Harper & Sons`, `Blue Yonder Airlines`.
    var stem: String
    /// The legal form as the F&O record writes it: `Ltd`, `GmbH`, `B.V.`.
    var legalForm: String
    /// F&O holds the name without its accents (Sales may hold them: accents "added").
    var foldsAccents: Bool
    var address: SampleUnkeyedAddress
    var phone: SampleUnkeyedPhone
    /// How the F&O record writes the phone.
    var phoneStyle: SampleUnkeyedPhone.Style
    /// The web domain: `harpersons.co.uk`.
    var domain: String
    var email: String
    /// The website as the F&O record writes it: `https://www.harpersons.co.uk`.
    var website: String
    /// The VAT number in its canonical form (`GB123456789`); empty for most US companies.
    var vat: String
    /// The values each side leaves empty.
    var missingInFO: SampleUnkeyedFields
    var missingInSales: SampleUnkeyedFields

    /// The name as the F&O record writes it.
    var name: String {
        let stem = foldsAccents ? SampleUnkeyedText.fold(stem) : stem
        return legalForm.isEmpty ? stem : stem + " " + legalForm
    }

    /// What makes a company's name: its country, name stem and legal form (a sibling shares most of them).
    struct Identity {
        var country: SampleUnkeyedCountry
        var stem: String
        var legalForm: String
    }

    /// The identity drawn for organisation `index` alone (before a sibling's changes).
    static func identity(_ random: inout SampleRandom) -> Identity {
        let country = SampleUnkeyedCountry.draw(&random)
        let stem = stem(country, &random)
        var legalForm = random.pick(weighted: country.legalForms)
        if legalForm == "Co." && stem.hasSuffix("Company") { legalForm = "Inc." }
        return Identity(country: country, stem: stem, legalForm: legalForm)
    }

    /// The identity of a sibling of a company of identity `other`: the same stem with a word more, or another legal
    /// form, mostly in the same country.
    static func sibling(of other: Identity, _ random: inout SampleRandom) -> Identity {
        var identity = other
        if random.chance(25) {
            identity.country = SampleUnkeyedCountry.draw(&random)
            identity.legalForm = random.pick(weighted: identity.country.legalForms)
        }
        let forms = identity.country.legalForms.map(\.0).filter { $0 != other.legalForm }
        if forms.isEmpty || random.chance(60) {
            let words = SampleUnkeyedNames.siblingWords.filter { !identity.stem.contains($0) }
            identity.stem += " " + random.pick(words)
            if !forms.isEmpty && random.chance(40) { identity.legalForm = random.pick(forms) }
        } else if identity.legalForm == other.legalForm {
            identity.legalForm = random.pick(forms)
        }
        return identity
    }

    /// A company name stem of `country`.
    private static func stem(_ country: SampleUnkeyedCountry, _ random: inout SampleRandom) -> String {
        typealias Names = SampleUnkeyedNames
        func surname(founder: Bool = true) -> String {
            let origin = random.chance(80) ? country : SampleUnkeyedCountry.draw(&random)
            let surname = random.pick(Names.surnames(origin))
            // Some founders are named in full or by an initial: `Pieter Janssen & Zonen`, `J. Harper Joinery`.
            switch founder ? random.int(0...9) : 9 {
            case 0...2: return random.pick(Names.firstNames(origin)) + " " + surname
            case 3: return String(random.pick(Names.firstNames(origin)).prefix(1)) + ". " + surname
            default: return surname
            }
        }
        func industry() -> String {
            random.chance(80) ? random.pick(Names.industries) : random.pick(Names.common)
        }
        func compound() -> String {
            random.pick(Names.compoundHeads) + random.pick(Names.compoundTails)
        }
        var stem: String
        switch random.pick(weighted: [(0, 22), (1, 12), (2, 16), (3, 14), (4, 10), (5, 6), (6, 10), (7, 10)]) {
        case 0: stem = "\(random.pick(Names.leading)) \(random.pick(Names.following)) \(industry())"
        case 1: stem = "\(compound()) \(industry())"
        case 2: stem = "\(random.pick(Names.leading)) \(industry())"
        case 3: stem = "\(surname()) \(industry())"
        case 4:
            let ending = random.pick(Names.familyEndings(country))
            let before = ["Gebrüder", "Fratelli", "Bröderna", "Hermanos"].contains(ending)
            stem = before ? "\(ending) \(surname())" : "\(surname()) \(ending)"
        case 5: stem = "\(surname(founder: false)) & \(surname(founder: false))"
        case 6:
            let trade = random.pick(Names.localTrades(country))
            stem = SampleUnkeyedText.replacing("{}", with: surname(), in: trade)
        default:
            let head = random.chance(50) ? random.pick(Names.leading) : compound()
            stem = "\(head) \(random.pick(Names.common)) \(random.pick(Names.common))"
            if let duplicate = stem.split(separator: " ").last, stem.split(separator: " ").dropLast().contains(duplicate) {
                stem = "\(head) \(random.pick(Names.common))"
            }
        }
        if stem.utf8.filter({ $0 == 32 }).count < 3 && random.chance(15) {
            let word = random.pick(Names.common)
            if !stem.hasSuffix(word) { stem += " " + word }
        }
        // A name starts with a capital (`Van Leeuwen Recycling`, `De Luca & Figli`).
        return SampleUnkeyedText.capitalized(stem)
    }

    /// The company of `identity`, with the details drawn from `random`; `number` is its index, which makes its VAT
    /// number unique (`vatOffset` shifts the VAT numbers of one seed).
    init(identity: Identity, number: Int, vatOffset: UInt64, _ random: inout SampleRandom) {
        country = identity.country
        stem = identity.stem
        legalForm = identity.legalForm
        foldsAccents = SampleUnkeyedText.hasAccents(stem) && random.chance(25)
        address = SampleUnkeyedAddress.make(country, &random)
        phone = SampleUnkeyedPhone.make(country, city: address.city, mobile: random.chance(5), &random)
        phoneStyle = random.chance(60) ? .international : .national
        domain = Self.domain(stem, country: country)
        if random.chance(65) {
            let mailbox = random.chance(60) ? "info" : random.pick(country.mailboxes)
            email = mailbox + "@" + domain
        } else {
            let first = SampleUnkeyedText.key(random.pick(SampleUnkeyedNames.firstNames(country)))
            let last = SampleUnkeyedText.key(random.pick(SampleUnkeyedNames.surnames(country)))
            let local = random.pick(weighted: [("\(first).\(last)", 4), ("\(first.prefix(1)).\(last)", 2), (first, 1)])
            email = local + "@" + domain
        }
        website = random.pick(weighted: [("https://www.", 55), ("www.", 30), ("http://www.", 15)]) + domain
        let digits = SampleUnkeyedText.padded(SampleUnkeyedText.scrambled(number, width: 9, offset: vatOffset), width: 9)
        if country.hasVAT {
            vat = random.chance(85) ? country.vatNumber(digits: digits, &random) : ""
        } else {
            vat = random.chance(10) ? country.vatNumber(digits: digits, &random) : ""
        }
        (missingInFO, missingInSales) = SampleUnkeyedFields.drawMissing([.postcode, .city, .phone, .email, .vat, .website], &random)
    }

    /// The domains a company of `identity` may hold: variant 0 the one its name makes (`domain(_:country:)`); 1 that
    /// with its legal form (`harper-ltd.co.uk`); from 2 on, numbered (`harper2.co.uk`).
    static func domain(_ identity: Identity, variant: Int) -> String {
        let name = domain(identity.stem, country: identity.country)
        guard variant > 0 else { return name }
        let dot = name.firstIndex(of: ".") ?? name.endIndex
        let form = SampleUnkeyedText.key(identity.legalForm)
        let suffix = variant == 1 && !form.isEmpty ? "-" + form : String(variant)
        return String(name[..<dot]) + suffix + String(name[dot...])
    }

    /// Moves the company to `domain`: its e-mail and website with it.
    mutating func take(domain new: String) {
        let old = domain
        domain = new
        if let at = email.firstIndex(of: "@") { email = String(email[...at]) + new }
        if website.hasSuffix(old) { website = String(website.dropLast(old.count)) + new }
    }

    /// Words a domain leaves out.
    private static let connectives: [[UInt8]] = ["and", "und", "en", "et", "e", "y", "och", "cie", "co", "c"].map { Array($0.utf8) }

    /// The domain a company of name stem `stem` has: its words without connectives, folded and joined, shortened to
    /// the first words when long, and the country's top-level domain.
    static func domain(_ stem: String, country: SampleUnkeyedCountry) -> String {
        // The words' keys (`SampleUnkeyedText.key` of each), read byte by byte.
        var words: [[UInt8]] = []
        for word in SampleUnkeyedText.key(stem, keepingSpaces: true).utf8.split(separator: 32) {
            let bytes = Array(word)
            if !connectives.contains(bytes) { words.append(bytes) }
        }
        if words.isEmpty { words = [Array("company".utf8)] }
        var joined = words.flatMap { $0 }
        if joined.count > 20 { joined = words.prefix(2).flatMap { $0 } }
        if joined.count > 20 { joined = words[0] }
        return String(decoding: joined, as: UTF8.self) + "." + country.topLevelDomain
    }
}
