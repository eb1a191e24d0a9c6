import AirlockModel
import Testing

@testable import AirlockMatch
@testable import AirlockNormalize

/// The forms matching compares: names, legal forms, streets, countries, phones, e-mail, tax numbers, units.
@Suite struct MatchNormalizationTests {
    @Test func foldingDropsAccentsCaseAndPunctuation() {
        #expect(TextFolding.words("Müller & Söhne GmbH") == ["muller", "and", "sohne", "gmbh"])
        #expect(TextFolding.fold("Société Générale") == "societe generale")
        #expect(TextFolding.fold("Straße") == "strasse")
        #expect(TextFolding.fold("O'Brien") == "obrien")
        #expect(TextFolding.fold("O\u{2019}Brien") == "obrien")
        // A combining accent after its letter, as a decomposed export writes it.
        #expect(TextFolding.fold("Jose\u{301} Garci\u{301}a") == "jose garcia")
        #expect(TextFolding.fold("Ørsted A/S") == "orsted a s")
        // Other scripts are kept, lower-cased.
        #expect(TextFolding.fold("Ελλάδα") == "ελλαδα")
    }

    @Test func legalFormsAreLeftOutOfCompanyNames() {
        #expect(OrganisationName.words("Contoso Ltd") == ["contoso"])
        #expect(OrganisationName.words("CONTOSO LIMITED") == ["contoso"])
        #expect(OrganisationName.words("Fabrikam B.V.") == ["fabrikam"])
        #expect(OrganisationName.words("Fabrikam BV") == ["fabrikam"])
        #expect(OrganisationName.words("Litware S.p.A.") == ["litware"])
        #expect(OrganisationName.words("Ørsted A/S") == ["orsted"])
        #expect(OrganisationName.words("The Phone Company") == ["phone"])
        #expect(OrganisationName.words("Harper & Sons Inc.") == ["harper", "and", "sons"])
        // A name that is nothing but a legal form keeps its words.
        #expect(OrganisationName.words("Limited") == ["limited"])
        // The forms themselves, in one spelling: only a difference counts against a pair.
        #expect(OrganisationName.legalForm("Contoso Limited") == OrganisationName.legalForm("Contoso Ltd."))
        #expect(OrganisationName.legalForm("Fabrikam GmbH") != OrganisationName.legalForm("Fabrikam AG"))
        #expect(OrganisationName.legalForm("Fabrikam") == "")
    }

    /// Each class of legal forms, as registers and people write it: the full name, the abbreviation and their
    /// punctuation variants are one form; only forms of different classes count against a pair.
    @Test(arguments: [
        ["Wilson & Associates LLC", "Wilson + Associates L.L.C.", "Wilson and Associates Limited Liability Company"],
        [
            "Crimson Labs Sp. z o.o.", "Crimson Labs Sp z oo", "Crimson Labs spzoo",
            "Crimson Laboratories Spółka z ograniczoną odpowiedzialnością",
        ],
        ["Evergreen Kommanditbolag", "Evergreen KB", "Evergreen K.B."],
        ["Nielsen Partners I/S", "Nielsen Partners IS", "Nielsen Partners Interessentskab"],
        ["Roberts Brothers PLC", "Roberts Bros PLC", "Roberts Bros. Public Limited Company"],
        ["Fabrikam GmbH", "Fabrikam G.m.b.H.", "Fabrikam Gesellschaft mit beschränkter Haftung"],
        ["Contoso Intl AB", "AB Contoso International", "Contoso International Aktiebolag"],
    ])
    func spellingsOfOneLegalFormAreOneForm(_ names: [String]) {
        let words = OrganisationName.words(names[0])
        let form = OrganisationName.legalForm(names[0])
        #expect(!form.isEmpty)
        for name in names.dropFirst() {
            #expect(OrganisationName.words(name) == words, "\(name)")
            #expect(OrganisationName.legalForm(name) == form, "\(name)")
        }
    }

    @Test func onlyFormsOfDifferentClassesCountAgainst() {
        let form = OrganisationName.legalForm
        #expect(OrganisationName.legalFormsDiffer(form("Fabrikam GmbH"), form("Fabrikam AG")))
        #expect(!OrganisationName.legalFormsDiffer(form("Fabrikam GmbH & Co. KG"), form("Fabrikam KG")))
        #expect(!OrganisationName.legalFormsDiffer(form("Contoso Ltd"), form("Contoso Limited")))
        #expect(!OrganisationName.legalFormsDiffer(form("Contoso"), form("Contoso SARL")))
        #expect(form("Fabrikam GmbH & Co. KG") == "gmbh, co, kg")
        #expect(form("PT Astra International Tbk") == "pt, tbk")
    }

    @Test func streetsExpandAbbreviationsAndFindTheNumber() {
        #expect(StreetName("12 High St.") == StreetName("High Street 12"))
        #expect(StreetName("Hauptstr. 5") == StreetName("Hauptstraße 5"))
        #expect(StreetName("Hauptstr. 5").street == "hauptstrasse")
        #expect(StreetName("Kerkstraat 12 a").number == "12a")
        #expect(StreetName("1 Microsoft Way").street == "microsoft way")
    }

    @Test func countriesInEitherSidesFormAreOneCode() {
        for text in ["United Kingdom", "UK", "GB", "GBR", "great britain"] { #expect(CountryCodes.alpha2OrFolded(text) == "GB", "\(text)") }
        for text in ["Deutschland", "Germany", "DEU", "de"] { #expect(CountryCodes.alpha2OrFolded(text) == "DE", "\(text)") }
        for text in ["The Netherlands", "Nederland", "NLD"] { #expect(CountryCodes.alpha2OrFolded(text) == "NL", "\(text)") }
        #expect(CountryCodes.alpha2OrFolded("Österreich") == "AT")
        #expect(CountryCodes.alpha2OrFolded("Atlantis") == "atlantis")
        #expect(CountryCodes.alpha2OrFolded("  ") == "")
    }

    @Test func phonesCompareByTheirLastDigits() {
        #expect(ContactKeys.phone("+44 20 7946 0958") == ContactKeys.phone("020 7946 0958"))
        #expect(ContactKeys.phone("0044 (0)20-7946-0958") == ContactKeys.phone("020.7946.0958"))
        #expect(ContactKeys.phone("+1 425 555 0100") == "255550100")
        #expect(ContactKeys.phone("555 0100") == "")
    }

    @Test func emailWebTaxAndPostcode() {
        #expect(ContactKeys.email(" Info@Contoso.COM ") == "info@contoso.com")
        #expect(ContactKeys.email("not an address") == "")
        #expect(ContactKeys.companyDomain(ofEmail: "info@contoso.com") == "contoso.com")
        #expect(ContactKeys.companyDomain(ofEmail: "someone@gmail.com") == "")
        #expect(ContactKeys.companyDomain(ofWebsite: "https://www.contoso.com/about") == "contoso.com")
        #expect(ContactKeys.taxNumber("DE 123.456.789") == ContactKeys.taxNumber("123456789"))
        #expect(ContactKeys.taxNumber("nl123456789b01") == "123456789B01")
        #expect(ContactKeys.postcode("sw1a 1aa", country: "GB") == ContactKeys.postcode("SW1A1AA", country: "GB"))
        #expect(ContactKeys.postcode("98052-6399", country: "US") == "98052")
    }

    @Test func unitsBySymbolOrName() {
        #expect(UnitNames.canonical("Each") == UnitNames.canonical("ea"))
        #expect(UnitNames.canonical("Pieces") == "pcs")
        #expect(UnitNames.canonical("Kilogram") == UnitNames.canonical("KG"))
        #expect(UnitNames.canonical("crate") == "crate")
    }

    @Test func jaroWinklerForgivesTyposNotOtherWords() {
        let similar = StringSimilarity.jaroWinkler(Array("northwind".utf8), Array("nortwhind".utf8))
        let other = StringSimilarity.jaroWinkler(Array("northwind".utf8), Array("fabrikam".utf8))
        #expect(similar > 0.9)
        #expect(other < 0.6)
        #expect(StringSimilarity.jaroWinkler(Array("abc".utf8), Array("abc".utf8)) == 1)
        #expect(StringSimilarity.jaroWinkler([], Array("abc".utf8)) == 0)
    }

    /// The bound that spares name matching most of its Jaro–Winkler work never rules out a pair that reaches the
    /// floor: every pair of words of a list of company words, their typos and other lengths.
    @Test func theSimilarityBoundNeverRulesOutAPairThatReaches() {
        let base = [
            "northwind", "nortwhind", "fabrikam", "fabrikan", "contoso", "kontoso", "logistics", "logistik", "metals", "metal",
            "brothers", "bros", "international", "intl", "manufacturing", "mfg", "wright", "mtathew", "matthew", "lukasiewicz",
            "sp", "zoo", "plc", "ab", "a", "aaab", "abababababababababababababababababababababababababababababababababab",
        ]
        var words = base
        // Every word with one letter dropped and two neighbours swapped.
        for word in base where word.count > 2 {
            let bytes = Array(word.utf8)
            words.append(String(decoding: bytes.enumerated().filter { $0.offset != 1 }.map(\.element), as: UTF8.self))
            var swapped = bytes
            swapped.swapAt(0, 1)
            words.append(String(decoding: swapped, as: UTF8.self))
        }
        var ruledOut = 0
        for floor in [0.6, 0.75, 0.85, 0.9] {
            for first in words {
                for second in words {
                    let a = Array(first.utf8)
                    let b = Array(second.utf8)
                    let reaches = a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in StringSimilarity.mayReach(a, b, floor) }
                    }
                    if !reaches {
                        ruledOut += 1
                        #expect(StringSimilarity.jaroWinkler(a, b) < floor, "\(first) \(second) \(floor)")
                    }
                }
            }
        }
        #expect(ruledOut > words.count)
    }
}
