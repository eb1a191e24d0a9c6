import Testing

@testable import AirlockMatch

/// A record's texts and words come back from the store as they went in; values compared for equality alone are
/// hashed, blank ones as 0.
@Suite struct MatchRecordStoreTests {
    @Test func textsWordsAndLabelsComeBackAsAdded() throws {
        var store = MatchRecordStore()
        var company = MatchRecordDraft(key: "C-0001", entity: "Customers V3", row: 7)
        company.name = "Müller & Söhne GmbH"
        company.nameWords = ["muller", "sohne"]
        company.street = "hauptstrasse"
        company.houseNumber = "12a"
        company.postcode = "80331"
        company.city = "munchen"
        company.country = "DE"
        company.email = "info@mueller.example"
        company.phones = ["9460958", "1234567"]
        var person = MatchRecordDraft(key: "0f6c…", entity: "contact", row: 1)
        person.isSales = true
        person.isPerson = true
        person.firstWords = ["anna", "maria"]
        person.lastWords = ["muller"]
        person.currentKey = "CON-01000"
        let a = try store.add(company)
        let b = try store.add(person)
        store.finish()
        #expect(store.key(a) == "C-0001" && store.name(a) == "Müller & Söhne GmbH" && store.label(a) == "Customers V3")
        #expect(store.text(.street, of: a) == "hauptstrasse" && store.text(.houseNumber, of: a) == "12a")
        #expect(store.text(.postcode, of: a) == "80331" && store.text(.city, of: a) == "munchen" && store.text(.country, of: a) == "DE")
        #expect(store.key(b) == "0f6c…" && store.label(b) == "contact" && store.text(.currentKey, of: b) == "CON-01000")
        #expect(a.row == 7 && !a.isSales && b.isSales && !a.isPerson && b.isPerson)
        #expect(a.email == MatchRecord.hash("info@mueller.example") && a.taxNumber == 0 && b.email == 0)
        #expect(a.hasPhone(MatchRecord.hash("1234567")) && !a.hasPhone(0) && !b.hasPhone(MatchRecord.hash("9460958")))
        store.withView { view in
            #expect(view.nameWords(a).map { view.vocabulary.text($0) } == ["muller", "sohne"])
            #expect(view.firstWords(b).map { view.vocabulary.text($0) } == ["anna", "maria"])
            #expect(view.lastWords(b).map { view.vocabulary.text($0) } == ["muller"])
            #expect(view.nameWords(b).count == 3 && view.firstWords(a).isEmpty)
            // One word, one id, whichever record holds it.
            #expect(view.nameWords(a).first == view.lastWords(b).first)
            #expect(view.same(.name, a, a) && !view.same(.key, a, b) && view.same(.street, b, b))
        }
        // As strings order: "0f6c…" before "C-0001".
        #expect(store.precedes(.key, b, a) && !store.precedes(.key, a, b) && !store.precedes(.key, a, a))
    }

    @Test func aBlankValueHashesToZeroAndNoOtherDoes() {
        #expect(MatchRecord.hash("") == 0)
        #expect(MatchRecord.hash("a") != 0 && MatchRecord.hash("a") != MatchRecord.hash("b"))
        #expect(MatchRecord.hash("sales@contoso.com") == MatchRecord.hash("sales@contoso.com"))
    }

    /// A record is 136 bytes (docs/match.md, "How the records are held"): a million accounts' four million records
    /// are held at once.
    @Test func aRecordIsSmall() {
        #expect(MemoryLayout<MatchRecord>.stride == 136)
    }
}
