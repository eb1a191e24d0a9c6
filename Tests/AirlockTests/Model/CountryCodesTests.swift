import Testing

@testable import AirlockModel

/// `CountryCodes`: every form a country is written in, codes, English names and variants, names in other languages,
/// resolves to one country; unknown and blank text to none.
struct CountryCodesTests {
    @Test(arguments: [
        ("U.K.", "GB"), ("UK", "GB"), ("Great Britain", "GB"), ("United Kingdom", "GB"), ("gbr", "GB"), ("GB", "GB"),
        ("England", "GB"), ("Nederland", "NL"), ("The Netherlands", "NL"), ("Holland", "NL"), ("NLD", "NL"),
        ("Pays-Bas", "NL"), ("USA", "US"), ("United States", "US"), ("U.S.A.", "US"), ("United States of America", "US"),
        ("us", "US"), ("America", "US"), ("Deutschland", "DE"), ("Allemagne", "DE"), ("Alemania", "DE"), ("Germany", "DE"),
        ("Niemcy", "DE"), ("Германия", "DE"), ("ドイツ", "DE"), ("Österreich", "AT"), ("Osterreich", "AT"),
        ("Côte d'Ivoire", "CI"), ("Cote d\u{2019}Ivoire", "CI"), ("Ivory Coast", "CI"), ("South Korea", "KR"),
        ("Korea", "KR"), ("Korea, Republic of", "KR"), ("North Korea", "KP"), ("Czech Republic", "CZ"), ("Czechia", "CZ"),
        ("Swaziland", "SZ"), ("Cape Verde", "CV"), ("Burma", "MM"), ("East Timor", "TL"), ("Vatican", "VA"),
        ("Macedonia", "MK"), ("Russia", "RU"), ("Vietnam", "VN"), ("Turkey", "TR"), ("Türkiye", "TR"), ("UAE", "AE"),
        ("KSA", "SA"), ("PRC", "CN"), ("ROK", "KR"), ("Taiwan", "TW"), ("Palestine", "PS"), ("Brunei", "BN"),
        ("  schweiz ", "CH"), ("Congo", "CG"), ("Bosnia & Herzegovina", "BA"), ("St. Kitts & Nevis", "KN"),
    ])
    func resolvesEveryFormOfACountry(text: String, alpha2: String) {
        #expect(CountryCodes.country(text)?.alpha2 == alpha2, "\(text)")
        #expect(CountryCodes.alpha2OrFolded(text) == alpha2, "\(text)")
    }

    @Test func unknownBlankAndAmbiguousTextNamesNoCountry() {
        for text in ["Atlantis", "", "  ", "Virgin Islands", "-"] { #expect(CountryCodes.country(text) == nil, "\(text)") }
        #expect(CountryCodes.alpha2OrFolded("Atlantis") == "atlantis")
        #expect(CountryCodes.alpha2OrFolded(" New  Atlantis!") == "new atlantis")
        #expect(CountryCodes.alpha2OrFolded("  ") == "")
    }

    @Test func holdsEveryCountryOfISO3166Once() {
        let all = CountryCodes.all
        #expect(all.count == 249)
        #expect(Set(all.map(\.alpha2)).count == all.count)
        #expect(Set(all.map(\.alpha3)).count == all.count)
        #expect(Set(all.map(\.numeric)).count == all.count)
        for country in all {
            #expect(country.alpha2.count == 2 && country.alpha3.count == 3 && country.numeric.count == 3, "\(country)")
            #expect(CountryCodes.country(country.alpha2) == country, "\(country.alpha2)")
            #expect(CountryCodes.country(country.alpha3) == country, "\(country.alpha3)")
            #expect(CountryCodes.country(alpha2: country.alpha2.lowercased()) == country, "\(country.alpha2)")
        }
        #expect(CountryCodes.country(alpha2: "GB")?.name == "United Kingdom")
        #expect(CountryCodes.country(alpha2: "GB")?.alpha3 == "GBR")
        #expect(CountryCodes.country(alpha2: "GB")?.numeric == "826")
        #expect(CountryCodes.country(alpha2: "XX") == nil)
    }

    /// The generator folds names as `TextFolding` does: no name it kept for one country folds, in Swift, to the
    /// text of another's.
    @Test func theGeneratorsFoldingAgreesWithTextFolding() {
        #expect(CountryCodes.table.ambiguousNames.isEmpty, "\(CountryCodes.table.ambiguousNames.sorted())")
        #expect(CountryCodes.table.heads.count == 249)
    }

    /// A table is cut at the bytes of its separators: its heads are the head lines a reading by characters gives,
    /// and every name of an entry stands for that entry unless another entry gives it too.
    @Test(arguments: [("countries", 4, [0, 1]), ("currencies", 4, [0])])
    func aTableCutAtBytesIsTheTableReadByCharacters(file: String, fieldCount: Int, codeFields: [Int]) {
        let text = ReferenceTableFile.text(file)
        let table = ReferenceTable(text: text, fieldCount: fieldCount, codeFields: codeFields)
        var heads: [[String]] = []
        var names = 0
        for line in text.split(separator: "\n") {
            guard line.first == " " else {
                let fields = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                if fields.count >= fieldCount { heads.append(fields) }
                continue
            }
            for name in line.split(separator: ";") {
                let key = TextFolding.fold(String(name))
                guard !key.isEmpty, !table.ambiguousNames.contains(key) else { continue }
                #expect(
                    table.entryByName[key] == heads.count - 1
                        || codeFields.contains { field in
                            table.heads.contains { $0.count > field && TextFolding.fold($0[field]) == key }
                        }, "\(name) in \(file)")
                names += 1
            }
        }
        #expect(table.heads == heads && heads.count > 100 && names > 500)
    }

    /// The comment lines of a table's text go, and every other line stays as it was, empty ones and the last included.
    @Test(arguments: ["", "#a", "a", "a\n", "#x\n#y\na\n b;c\n\n#z\nd", "a\n#c\nb\n", "\n\n#c", "#c\n"])
    func aTablesCommentLinesAreLeftOut(text: String) {
        let expected = text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.first != "#" }.joined(separator: "\n")
        #expect(ReferenceTableFile.withoutCommentLines(text) == expected)
    }

    /// The tables fold their names with each scalar's fold kept from name to name: every name of the three tables
    /// folds as `TextFolding.fold` folds it alone (Latin, Cyrillic, Greek, CJK and kana, accents and all).
    @Test func foldingWithAMemoEqualsFoldingEachNameAlone() {
        var memo: [UInt32: TextFolding.ScalarFold] = [:]
        var names = 0
        for file in ["countries", "currencies", "subdivisions"] {
            for line in ReferenceTableFile.text(file).split(separator: "\n") where line.first == " " {
                for name in line.split(separator: ";") {
                    #expect(TextFolding.fold(String(name), memo: &memo) == TextFolding.fold(String(name)), "\(name)")
                    names += 1
                }
            }
        }
        #expect(names > 10_000 && memo.count > 1_000)
        // The edges of a word: an ampersand alone, doubled or at an end, apostrophes, marks and breaks outside ASCII.
        for text in [
            "", "&", "&&", "a&&b", " & x", "x &", "'", "O'Brien", "Ü&'x", "A\u{301}b", "\u{301}", "a\u{2019}b", "a\u{2014}b", "  Ævar  ",
        ] {
            #expect(TextFolding.fold(text, memo: &memo) == TextFolding.fold(text), "\(text.debugDescription)")
        }
    }
}
