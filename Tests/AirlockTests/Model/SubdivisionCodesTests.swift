import Testing

@testable import AirlockModel

/// `SubdivisionCodes`: a state, province or region written by its codes, its ISO name, a variant, a translation or
/// with a generic word resolves to one subdivision of the record's country; unknown, blank, ambiguous text and text
/// of another country to none.
struct SubdivisionCodesTests {
    @Test(arguments: [
        ("New York", "US", "NY"), ("NY", "US", "NY"), ("ny", "US", "NY"), ("US-NY", "US", "NY"), ("us-ny", "US", "NY"),
        ("New York State", "US", "NY"), ("Nueva York", "US", "NY"), ("Texas", "US", "TX"), ("Washington", "US", "WA"),
        ("Washington State", "US", "WA"), ("District of Columbia", "US", "DC"), ("DC", "US", "DC"),
        ("Washington DC", "US", "DC"), ("Washington, D.C.", "US", "DC"), ("D.C.", "US", "DC"),
        ("Île-de-France", "FR", "IDF"), ("Ile de France", "FR", "IDF"), ("ILE-DE-FRANCE", "FR", "IDF"),
        ("Région Île-de-France", "FR", "IDF"), ("Rhône-Alpes", "FR", "ARA"), ("Rhone Alpes", "FR", "ARA"),
        ("Auvergne", "FR", "ARA"), ("Alsace", "FR", "GES"), ("Lorraine", "FR", "GES"), ("Nord-Pas-de-Calais", "FR", "HDF"),
        ("Midi-Pyrénées", "FR", "OCC"), ("Basse-Normandie", "FR", "NOR"), ("Centre", "FR", "CVL"),
        ("Paris", "FR", "75"), ("Guadeloupe", "FR", "GP"), ("Region Sjælland", "DK", "85"), ("Sjælland", "DK", "85"),
        ("Region Sjaelland", "DK", "85"), ("Region Hovedstaden", "DK", "84"), ("Syddanmark", "DK", "83"),
        ("Region Syddanmark", "DK", "83"), ("Bayern", "DE", "BY"), ("Bavière", "DE", "BY"),
        ("Land Berlin", "DE", "BE"), ("Ontario", "CA", "ON"), ("Quebec Province", "CA", "QC"),
        ("New South Wales", "AU", "NSW"), ("nsw", "AU", "NSW"), ("England", "GB", "ENG"), ("Cymru", "GB", "WLS"),
        ("Lleida", "ES", "L"), ("Lérida", "ES", "L"), ("Comunidad de Madrid", "ES", "MD"), ("Illes Balears", "ES", "IB"),
        ("Kanton Zürich", "CH", "ZH"), ("Genève", "CH", "GE"),
    ])
    func resolvesEveryFormOfASubdivision(text: String, country: String, localCode: String) {
        let found = SubdivisionCodes.subdivision(text, country: country)
        #expect(found?.localCode == localCode, "\(text) in \(country): \(String(describing: found))")
        #expect(found?.country == country, "\(text) in \(country)")
    }

    @Test func unknownBlankAmbiguousAndForeignTextNamesNoSubdivision() {
        for (text, country) in [
            ("Hamilton", "NZ"), ("Texas", "FR"), ("", "US"), ("   ", "US"), ("-", "US"), ("Atlantis", "US"), ("Region", "DK"),
            ("State", "US"), ("FR-IDF", "US"), ("New York", "XX"), ("New York", ""), ("Tartu", "EE"),
        ] {
            #expect(SubdivisionCodes.subdivision(text, country: country) == nil, "\(text) in \(country)")
        }
    }

    @Test func aSubdivisionCarriesItsCodesNameTypeAndParent() {
        let paris = SubdivisionCodes.subdivision("75", country: "fr")
        #expect(
            paris
                == Subdivision(code: "FR-75", country: "FR", localCode: "75", name: "Paris", type: "Metropolitan department", parent: "IDF")
        )
        let newYork = SubdivisionCodes.subdivision("New York", country: "US")
        #expect(newYork == Subdivision(code: "US-NY", country: "US", localCode: "NY", name: "New York", type: "State", parent: nil))
        #expect(SubdivisionCodes.subdivision("Madrid", country: "ES")?.parent == "MD")
    }

    /// A name of a top-level subdivision and of one below it stands for the top-level one; an ISO name wins over
    /// another subdivision's variant of the same text.
    @Test func aTopLevelSubdivisionWinsItsNameFromALowerOne() {
        #expect(SubdivisionCodes.subdivision("Guyane", country: "FR")?.localCode == "GF")
        #expect(SubdivisionCodes.subdivision("Martinique", country: "FR")?.localCode == "MQ")
        #expect(SubdivisionCodes.subdivision("Cantabria", country: "ES")?.localCode == "CB")
        #expect(SubdivisionCodes.subdivision("Islas Baleares", country: "ES")?.localCode == "IB")
        #expect(SubdivisionCodes.subdivision("Madrid", country: "ES")?.localCode == "M")
    }

    @Test func everySubdivisionIsFoundByItsCodesInItsCountry() {
        let all = SubdivisionCodes.index.all
        #expect(all.count == 5127)
        #expect(Set(all.map(\.code)).count == all.count)
        var countries: Set<String> = []
        for subdivision in all {
            countries.insert(subdivision.country)
            #expect(subdivision.code == "\(subdivision.country)-\(subdivision.localCode)")
            #expect(SubdivisionCodes.subdivision(subdivision.localCode, country: subdivision.country) == subdivision, "\(subdivision.code)")
            #expect(
                SubdivisionCodes.subdivision(subdivision.localCode.lowercased(), country: subdivision.country) == subdivision,
                "\(subdivision.code)")
            #expect(SubdivisionCodes.subdivision(subdivision.code, country: subdivision.country) == subdivision, "\(subdivision.code)")
            if let parent = subdivision.parent {
                #expect(SubdivisionCodes.subdivision(parent, country: subdivision.country)?.parent == nil, "\(subdivision.code)")
            }
        }
        for country in countries {
            let codes = SubdivisionCodes.subdivisions(of: country).map(\.code)
            #expect(codes == codes.sorted(), "\(country)")
            #expect(codes.allSatisfy { $0.hasPrefix("\(country)-") }, "\(country)")
        }
        #expect(countries.count == 200)
        #expect(SubdivisionCodes.subdivisions(of: "us").count == 57)
        #expect(SubdivisionCodes.subdivisions(of: "XX").isEmpty)
    }

    /// The generator folds names as `TextFolding` does: every name it kept for a subdivision stands, in Swift, for
    /// that subdivision, and every ISO name for its own subdivision unless a code, a top-level subdivision or
    /// another of the same level has it.
    @Test func theGeneratorsFoldingAgreesWithTextFolding() {
        let all = SubdivisionCodes.index.all
        var current: Subdivision?
        var entry = 0
        var aliases = 0
        for line in ReferenceTableFile.text("subdivisions").split(separator: "\n") {
            guard line.first == " " else {
                current = all[entry]
                entry += 1
                continue
            }
            guard let subdivision = current else { continue }
            for name in line.split(separator: ";") {
                aliases += 1
                #expect(
                    SubdivisionCodes.subdivision(String(name), country: subdivision.country) == subdivision,
                    "\(name) of \(subdivision.code)")
            }
        }
        #expect(entry == 5127 && aliases > 15_000)
        var shadowed = 0
        for subdivision in all {
            let found = SubdivisionCodes.subdivision(subdivision.name, country: subdivision.country)
            if found == subdivision { continue }
            shadowed += 1
            if let found { #expect(found.parent == nil && subdivision.parent != nil, "\(subdivision.code): \(found.code)") }
        }
        #expect(shadowed < 60)
    }
}
