import AirlockModel
import Testing

@testable import AirlockMatch
@testable import AirlockNormalize

/// What the score of a pair is made of: the evidence each signal gives, on records built by hand.
@Suite struct MatchScorerTests {
    /// A company record with the given values, added to `store`.
    static func company(
        _ key: String, _ name: String, postcode: String = "", street: String = "", city: String = "", country: String = "",
        tax: String = "", email: String = "", phone: String = "", store: inout MatchRecordStore
    ) throws -> MatchRecord {
        var record = MatchRecordDraft(key: key, entity: "test", row: 1)
        record.name = name
        record.nameWords = OrganisationName.words(name)
        record.legalForm = OrganisationName.legalForm(name)
        record.country = CountryCodes.alpha2OrFolded(country)
        record.postcode = ContactKeys.postcode(postcode, country: record.country)
        let streetName = StreetName(street)
        record.street = streetName.street
        record.houseNumber = streetName.number
        record.city = TextFolding.fold(city)
        record.taxNumber = ContactKeys.taxNumber(tax)
        record.email = ContactKeys.email(email)
        record.emailDomain = ContactKeys.companyDomain(ofEmail: record.email)
        record.phones = [ContactKeys.phone(phone)].filter { !$0.isEmpty }
        return try store.add(record)
    }

    /// A person record with the given names and e-mail address, added to `store`.
    static func person(
        _ key: String, _ first: String, _ last: String, email: String = "", store: inout MatchRecordStore
    ) throws -> MatchRecord {
        var record = MatchRecordDraft(key: key, entity: "contact", row: 1)
        record.isPerson = true
        record.firstWords = TextFolding.words(first)
        record.lastWords = TextFolding.words(last)
        record.email = email
        return try store.add(record)
    }

    @Test func theSameCompanyWrittenTwoWaysAgreesOnEverySignal() throws {
        var store = MatchRecordStore()
        let sales = try Self.company(
            "s1", "CONTOSO LIMITED", postcode: "sw1a 1aa", street: "12 High St", city: "London", country: "United Kingdom",
            phone: "020 7946 0958", store: &store)
        let fo = try Self.company(
            "C1", "Contoso Ltd", postcode: "SW1A1AA", street: "High Street 12", city: "LONDON", country: "GB", phone: "+44 20 7946 0958",
            store: &store)
        store.finish()
        let vector = MatchScorer(entity: .accounts, store: store).compare(sales, fo)
        #expect(vector.present.allSatisfy { $0.level == .exact }, "\(vector.present)")
        #expect(
            Set(vector.present.map(\.signal)) == [.name, .legalForm, .phone, .postcode, .street, .houseNumber, .city, .country])
    }

    @Test func aNamesakeWithAnotherTaxNumberAndTownDiffers() throws {
        var store = MatchRecordStore()
        let sales = try Self.company(
            "s1", "Contoso GmbH", postcode: "80331", city: "München", country: "DE", tax: "DE123456789", store: &store)
        let fo = try Self.company(
            "C1", "Contoso AG", postcode: "10115", city: "Berlin", country: "DEU", tax: "DE 987 654 321", store: &store)
        store.finish()
        let vector = MatchScorer(entity: .accounts, store: store).compare(sales, fo)
        #expect(Set(vector.present.filter { $0.level == .different }.map(\.signal)) == [.taxNumber, .postcode, .city, .legalForm])
        #expect(vector[.name] == .exact && vector[.country] == .exact)
    }

    @Test func aPersonsNamesInEitherOrderAgree() throws {
        var store = MatchRecordStore()
        let sales = try Self.person("s1", "García", "José", email: "jose.garcia@contoso.com", store: &store)
        let fo = try Self.person("CP1", "Jose", "Garcia", email: "jose.garcia@contoso.com", store: &store)
        store.finish()
        let vector = MatchScorer(entity: .contacts, store: store).compare(sales, fo)
        #expect(vector[.givenName] == .exact && vector[.familyName] == .exact && vector[.email] == .exact)
        #expect(vector[.name] == .absent)
    }

    /// A person's given name and family name each take their own level: a typo, an initial, a nickname or a name that
    /// sounds alike is the same name written another way; another given name beside the same family name is a relative
    /// (`different`), never a weak agreement of the whole name.
    @Test(arguments: [
        ("Jon", "Walker", "John", "Walker", ComparisonLevel.close, ComparisonLevel.exact),
        ("K.", "Walker", "Kimberly", "Walker", .initial, .exact),
        ("Bob", "Walker", "Robert", "Walker", .nickname, .exact),
        ("Bob", "Walker", "Rob", "Walker", .nickname, .exact),
        ("Catherine", "Smith", "Kathryn", "Smyth", .different, .phonetic),
        ("Cathy", "Shmidt", "Cathie", "Schmidt", .phonetic, .close),
        ("Jeff", "Walker", "Geoff", "Walker", .nickname, .exact),
        ("Aimee", "Walker", "Amy", "Walker", .phonetic, .exact),
        ("Henl", "Lammers", "Henk", "Lammers", .weak, .exact),
        ("Kimberly", "Walker", "Robert", "Walker", .different, .exact),
        ("Emily", "Khan", "Kevin", "Khan", .different, .exact),
        ("Maria", "Garcia", "Maria", "Garcia Lopez", .exact, .close),
        ("Kimberly", "Walker", "Kimberly", "Walker", .exact, .exact),
    ])
    func givenAndFamilyNamesTakeTheirOwnLevels(_ pair: (String, String, String, String, ComparisonLevel, ComparisonLevel)) throws {
        var store = MatchRecordStore()
        let sales = try Self.person("s1", pair.0, pair.1, store: &store)
        let fo = try Self.person("CP1", pair.2, pair.3, store: &store)
        store.finish()
        let index = PersonNameIndex(vocabulary: store.vocabulary, nicknames: try Nicknames.bundled())
        let vector = MatchScorer(entity: .contacts, store: store, personNames: index).compare(sales, fo)
        #expect(vector[.givenName] == pair.4, "given name of \(pair)")
        #expect(vector[.familyName] == pair.5, "family name of \(pair)")
    }

    /// Another given name beside the same family name puts a pair among relatives, whose shared address the model
    /// weighs apart (`uRelative`); a nickname keeps it among alike names.
    @Test func anotherGivenNameIsARelative() {
        var relative = ComparisonVector()
        relative[.familyName] = .exact
        relative[.givenName] = .different
        #expect(MatchModel.NameGroup(relative) == .relative)
        relative[.givenName] = .nickname
        #expect(MatchModel.NameGroup(relative) == .alike)
        relative[.familyName] = .different
        #expect(MatchModel.NameGroup(relative) == .unlike)
    }

    /// Every level of every signal, on pairs that differ in that signal alone.
    @Test func eachSignalTakesEachOfItsLevels() throws {
        var store = MatchRecordStore()
        let base = try Self.company(
            "s1", "Wingtip Toys Trading", postcode: "98052", street: "1 Microsoft Way", city: "Redmond", country: "US", tax: "US123",
            email: "sales@wingtip.example", phone: "+1 425 555 0100", store: &store)
        func variant(
            name: String = "Wingtip Toys Trading", postcode: String = "98052", street: String = "1 Microsoft Way", city: String = "Redmond",
            country: String = "US", tax: String = "US123", email: String = "sales@wingtip.example", phone: String = "+1 425 555 0100"
        ) throws -> MatchRecord {
            try Self.company(
                "C1", name, postcode: postcode, street: street, city: city, country: country, tax: tax, email: email, phone: phone,
                store: &store)
        }
        let cases: [(MatchRecord, MatchSignal, ComparisonLevel)] = [
            (try variant(), .name, .exact), (try variant(name: "Wingtlp Toys Trading"), .name, .close),
            (try variant(name: "Wingtip Toys"), .name, .weak), (try variant(name: "Fabrikam Bikes"), .name, .different),
            (try variant(name: "Wingtip Toys Trading Ltd"), .legalForm, .absent),
            (try variant(postcode: "98053"), .postcode, .close), (try variant(postcode: "98025"), .postcode, .close),
            (try variant(postcode: "10115"), .postcode, .different), (try variant(postcode: ""), .postcode, .absent),
            (try variant(street: "1 Microsoft Wy"), .street, .close), (try variant(street: "1 Microsfot Way"), .street, .close),
            (try variant(street: "1 Microwave Road"), .street, .weak), (try variant(street: "1 Elm Street"), .street, .different),
            (try variant(street: "2 Microsoft Way"), .houseNumber, .different),
            (try variant(street: "Microsoft Way"), .houseNumber, .absent),
            (try variant(city: "Redmund"), .city, .close), (try variant(city: "Seattle"), .city, .different),
            (try variant(city: ""), .city, .absent),
            (try variant(country: "USA"), .country, .exact), (try variant(country: "Canada"), .country, .different),
            (try variant(tax: "US 123"), .taxNumber, .exact), (try variant(tax: "US999"), .taxNumber, .different),
            (try variant(email: "SALES@wingtip.example"), .email, .exact), (try variant(email: "info@wingtip.example"), .email, .different),
            (try variant(email: "info@wingtip.example"), .domain, .exact),
            (try variant(email: "info@fabrikam.example"), .domain, .different),
            (try variant(phone: "425 555 0100"), .phone, .exact), (try variant(phone: "+1 425 555 0199"), .phone, .different),
        ]
        store.finish()
        let scorer = MatchScorer(entity: .accounts, store: store)
        for (other, signal, level) in cases {
            #expect(
                scorer.compare(base, other)[signal] == level,
                "\(signal) of \(store.name(other)) \(store.text(.street, of: other)) \(store.text(.postcode, of: other)) \(store.text(.city, of: other))"
            )
        }
    }

    /// With a model estimated from pairs, a pair that agrees on more scores higher, and an exact agreement on a rare
    /// value says more than one on a common value.
    @Test func scoresFollowTheEstimatedModelAndARareValueSaysMore() throws {
        var store = MatchRecordStore()
        let sales = try Self.company("s1", "Wingtip Toys", postcode: "98052", city: "Redmond", store: &store)
        var common = try Self.company("C1", "Wingtip Toys", postcode: "98052", city: "Redmond", store: &store)
        store.finish()
        var agreeing = ComparisonVector()
        agreeing[.name] = .exact
        agreeing[.postcode] = .exact
        var differing = ComparisonVector()
        differing[.name] = .different
        differing[.postcode] = .exact
        // A model as the estimator gives one: agreement is likely among one record's copies and rare otherwise.
        let levels = { (exact: Double) in [0, exact, 0, 0, 1 - exact] }
        var scorer = MatchScorer(entity: .accounts, store: store)
        scorer.model = MatchModel(
            m: [.name: levels(0.9), .postcode: levels(0.9)], u: [.name: levels(0.01), .postcode: levels(0.05)], prior: 0.1)
        let agrees = scorer.score(agreeing, sales, common)
        let differs = scorer.score(differing, sales, common)
        #expect(agrees > 90 && differs < 50, "\(agrees) \(differs)")
        var rare = common
        common.postcodeFrequency = 0.5
        rare.postcodeFrequency = 0.0001
        #expect(scorer.score(agreeing, sales, rare) > scorer.score(agreeing, sales, common))
    }

    @Test func everySignalHasItsOwnPlaceInAVector() throws {
        #expect(MatchSignal.allCases.map(\.index) == Array(0..<MatchSignal.allCases.count))
        // Three bits a signal in 64: 21 signals at most.
        #expect(MatchSignal.allCases.count <= 21)
        let levels = ComparisonLevel.present
        var vector = ComparisonVector()
        for (offset, signal) in MatchSignal.allCases.enumerated() { vector[signal] = levels[offset % levels.count] }
        for (offset, signal) in MatchSignal.allCases.enumerated() { #expect(vector[signal] == levels[offset % levels.count]) }
    }
}
