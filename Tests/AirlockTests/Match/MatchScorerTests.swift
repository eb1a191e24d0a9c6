import AirlockModel
import Testing

@testable import AirlockMatch

/// What the score of a pair is made of: the evidence each signal gives, on records built by hand.
@Suite struct MatchScorerTests {
    /// A company record of `side` with the given values, its name's words in `vocabulary`.
    static func company(
        _ key: String, _ name: String, postcode: String = "", street: String = "", city: String = "", country: String = "",
        tax: String = "", email: String = "", phone: String = "", vocabulary: inout MatchVocabulary
    ) -> MatchRecord {
        var record = MatchRecord(key: key, entity: "test", row: 1)
        record.name = name
        record.nameWords = vocabulary.ids(OrganisationName.words(name))
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
        return record
    }

    @Test func theSameCompanyWrittenTwoWaysIsSure() {
        var vocabulary = MatchVocabulary()
        let sales = Self.company(
            "s1", "CONTOSO LIMITED", postcode: "sw1a 1aa", street: "12 High St", city: "London", country: "United Kingdom",
            phone: "020 7946 0958", vocabulary: &vocabulary)
        let fo = Self.company(
            "C1", "Contoso Ltd", postcode: "SW1A1AA", street: "High Street 12", city: "LONDON", country: "GB", phone: "+44 20 7946 0958",
            vocabulary: &vocabulary)
        vocabulary.finish()
        let (score, evidence) = MatchScorer(entity: .accounts, vocabulary: vocabulary).explain(sales, fo)
        #expect(score >= MatchingOptions.defaultSureScore)
        #expect(evidence.allSatisfy { $0.verdict != .disagrees })
        #expect(Set(evidence.map(\.signal)) == [.name, .phone, .postcode, .street, .houseNumber, .city, .country])
    }

    @Test func aNamesakeWithAnotherTaxNumberAndTownIsNotProposed() {
        var vocabulary = MatchVocabulary()
        let sales = Self.company(
            "s1", "Contoso GmbH", postcode: "80331", city: "München", country: "DE", tax: "DE123456789", vocabulary: &vocabulary)
        let fo = Self.company(
            "C1", "Contoso AG", postcode: "10115", city: "Berlin", country: "DEU", tax: "DE 987 654 321", vocabulary: &vocabulary)
        vocabulary.finish()
        let (score, evidence) = MatchScorer(entity: .accounts, vocabulary: vocabulary).explain(sales, fo)
        #expect(score < MatchingOptions.defaultReviewScore)
        #expect(Set(evidence.filter { $0.verdict == .disagrees }.map(\.signal)) == [.taxNumber, .postcode, .city, .legalForm])
    }

    @Test func aPersonsNamesInEitherOrderAgree() {
        var vocabulary = MatchVocabulary()
        var sales = MatchRecord(key: "s1", entity: "contact", row: 1)
        sales.firstWords = vocabulary.ids(TextFolding.words("García"))
        sales.lastWords = vocabulary.ids(TextFolding.words("José"))
        sales.nameWords = sales.firstWords + sales.lastWords
        sales.email = "jose.garcia@contoso.com"
        var fo = MatchRecord(key: "CP1", entity: "CDS Contacts", row: 1)
        fo.firstWords = vocabulary.ids(TextFolding.words("Jose"))
        fo.lastWords = vocabulary.ids(TextFolding.words("Garcia"))
        fo.nameWords = fo.firstWords + fo.lastWords
        fo.email = "jose.garcia@contoso.com"
        vocabulary.finish()
        let (score, evidence) = MatchScorer(entity: .contacts, vocabulary: vocabulary).explain(sales, fo)
        #expect(evidence.first { $0.signal == .name }?.verdict == .agrees)
        #expect(score >= MatchingOptions.defaultSureScore)
    }
}
