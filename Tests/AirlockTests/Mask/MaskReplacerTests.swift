import AirlockMask
import AirlockMatch
import AirlockModel
import AirlockNormalize
import Foundation
import Testing

/// The keyed replacements `airlock mask` will write (issue 48): the same value gives the same replacement wherever
/// it stands and however it is spelt, as `match` folds it; another key gives another; each keeps the shape a
/// reader, a check or `match` relies on; nothing of the clear value is left.
@Suite struct MaskReplacerTests {
    static func replacer(_ key: String = "correct horse battery staple") throws -> MaskReplacer {
        MaskReplacer(key: try MaskKey(bytes: Array(key.utf8), source: "test"))
    }

    @Test func theKeyIsReadNeverShownAndMustBeLongEnough() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-key")
        let path = folder + "/mask.key"
        try Data("0123456789abcdef0123\n".utf8).write(to: URL(fileURLWithPath: path))
        let key = try MaskKey.read(file: path)
        #expect(key.fingerprint.count == 16 && !key.fingerprint.contains("0123456789"))
        #expect(try MaskKey(bytes: Array("0123456789abcdef0123".utf8), source: "x").fingerprint == key.fingerprint)
        let short = try #require(throws: AirlockError.self) { try MaskKey(bytes: Array("short".utf8), source: "the test") }
        #expect(short.code == .usage && short.message.contains("needs 16 or more"))
        #expect(throws: AirlockError.self) { try MaskKey.read(file: folder + "/missing.key") }
        #expect(try MaskKey.fromEnvironment([:]) == nil)
        #expect(try MaskKey.fromEnvironment([MaskKey.environmentVariable: "0123456789abcdef"])?.fingerprint.count == 16)
    }

    @Test func anOrganisationStaysOneCompanyByMatchsRules() throws {
        let mask = try Self.replacer()
        let sales = mask.organisation("Müller Logistik GmbH")
        let fo = mask.organisation("MULLER LOGISTIK GMBH")
        #expect(sales != "Müller Logistik GmbH" && !sales.contains("Müller") && !sales.lowercased().contains("logistik"))
        // The legal form is kept as written, the case pattern too.
        #expect(sales.hasSuffix(" GmbH") && fo.hasSuffix(" GMBH") && fo == fo.uppercased())
        // match reads the two as the same name with the same legal form.
        #expect(OrganisationName.words(sales) == OrganisationName.words(fo))
        #expect(OrganisationName.legalForm(sales) == "gmbh" && OrganisationName.legalForm(fo) == "gmbh")
        // Another key gives another name; the same key the same.
        #expect(try Self.replacer("another key, as long as needed").organisation("Müller Logistik GmbH") != sales)
        #expect(try Self.replacer().organisation("Müller Logistik GmbH") == sales)
    }

    /// A typo of a word of the exports masks to the same typo of the word's masked form: as close for `match` masked as
    /// clear. Initials stay the initials of the masked names; nickname pairs are listed masked.
    @Test func typosNicknamesAndInitialsStayAlike() throws {
        let values: [(String, MaskMethod)] = [
            ("Schildersbedrijf Jansen", .organisation), ("Schildersbedrijf Jansen", .organisation),
            ("Scildersbedrijf Jansen", .organisation),
            ("Mueller", .person), ("Müller", .person), ("Müller", .person), ("Robert", .person), ("Bob", .person),
            ("12 Hihg Street", .street),
            ("12 High Street", .street), ("12 High Street", .street),
        ]
        let plan = MaskWordPlan.make(values: values, nicknames: try Nicknames.bundled())
        let mask = MaskReplacer(key: try MaskKey(bytes: Array("correct horse battery staple".utf8), source: "test"), plan: plan)
        for (clear, typo, method) in [
            ("Schildersbedrijf", "Scildersbedrijf", MaskMethod.organisation), ("Müller", "Mueller", .person),
            ("12 High Street", "12 Hihg Street", .street),
        ] {
            let word = method == .street ? mask.street(clear) : method == .person ? mask.person(clear) : mask.organisation(clear)
            let variant = method == .street ? mask.street(typo) : method == .person ? mask.person(typo) : mask.organisation(typo)
            #expect(word != clear && variant != typo && word != variant)
            // The same edit: as near by Jaro–Winkler masked as clear, on the same side of match's close (0.9) and weak (0.8)
            // levels (within what the letters drawn anew can move it).
            let before = StringSimilarity.jaroWinkler(TextFolding.fold(clear), TextFolding.fold(typo))
            let after = StringSimilarity.jaroWinkler(TextFolding.fold(word), TextFolding.fold(variant))
            func level(_ similarity: Double) -> Int { similarity >= 0.9 ? 2 : similarity >= 0.8 ? 1 : 0 }
            #expect(abs(before - after) < 0.06 && level(before) == level(after), "\(clear)/\(typo) \(before) → \(word)/\(variant) \(after)")
        }
        // Without the plan, a typo is a word of its own.
        let alone = MaskReplacer(key: try MaskKey(bytes: Array("correct horse battery staple".utf8), source: "test"))
        #expect(StringSimilarity.jaroWinkler(alone.person("Mueller").lowercased(), alone.person("Müller").lowercased()) < 0.85)
        // An initial masks to the first letter of the masked names it stands for.
        let john = mask.person("John")
        #expect(mask.person("J.") == String(john.prefix(1)) + "." && john.first?.isUppercase == true)
        #expect(mask.person("j") == john.prefix(1).lowercased())
        // A street named by a number, and a box's number, are drawn (alike wherever they stand); a house number stays.
        let ordinal = mask.street("23rd Street")
        #expect(ordinal != "23rd Street" && ordinal.hasSuffix(" Street") && mask.street("45 23rd Street") == "45 " + ordinal)
        let streetName = ordinal.dropLast(" Street".count)
        let allLetters = !streetName.isEmpty && streetName.allSatisfy { $0.isLetter }
        #expect(allLetters, "\(ordinal)")
        let box = mask.street("B.P. 2403")
        #expect(box.hasPrefix("B.P. ") && box != "B.P. 2403" && box.count == "B.P. 2403".count)
        #expect(mask.street("12 High Street").hasPrefix("12 "))
        // Robert and Bob are nicknames of each other: the pair is listed, to be written masked.
        #expect(plan.nicknamePairs.contains(["bob", "robert"]))
        #expect(plan.variantCount == 3)
    }

    @Test func contactValuesKeepTheirShape() throws {
        let mask = try Self.replacer()
        // An address and a website of one company share the domain after masking; public mail domains are kept.
        let email = mask.email("Anna.Schmidt@mueller-logistik.de")
        let website = mask.website("https://www.mueller-logistik.de/kontakt")
        let domain = try #require(email.split(separator: "@").last)
        #expect(domain.hasSuffix(".de") && !domain.contains("mueller"), "\(email)")
        #expect(website.hasPrefix("https://www.\(domain)/") && !website.contains("kontakt"), "\(website)")
        #expect(ContactKeys.companyDomain(ofEmail: ContactKeys.email(email)) == ContactKeys.companyDomain(ofWebsite: website))
        #expect(mask.email("someone@gmail.com").hasSuffix("@gmail.com"))
        // A phone keeps its formatting, digit count and country code; every spelling of one number gives one.
        let international = mask.phone("+44 20 7946 0958")
        let national = mask.phone("020 7946 0958")
        #expect(international.hasPrefix("+44 ") && international.count == "+44 20 7946 0958".count, "\(international)")
        #expect(international != "+44 20 7946 0958")
        #expect(ContactKeys.phone(international) == ContactKeys.phone(national), "\(international) \(national)")
        // A postcode keeps its format, and its spellings stay one.
        let postcode = mask.postcode("B1 9PA")
        #expect(postcode.count == 6 && postcode[postcode.index(postcode.startIndex, offsetBy: 2)] == " ")
        #expect(postcode.first?.isLetter == true && postcode.last?.isLetter == true && postcode != "B1 9PA")
        #expect(mask.postcode("b19pa").uppercased() == postcode.replacingOccurrences(of: " ", with: ""))
        // A street keeps its number and type word.
        let street = mask.street("12 High Street")
        #expect(street.hasPrefix("12 ") && street.hasSuffix(" Street") && !street.contains("High"), "\(street)")
        #expect(StreetName(mask.street("12 High St")).number == "12")
        let strasse = mask.street("Königsallee 5")
        #expect(strasse.hasSuffix(" 5") && !strasse.contains("Königs"), "\(strasse)")
    }

    @Test func peopleTextAndDates() throws {
        let mask = try Self.replacer()
        let name = mask.person("Nguyễn Văn An")
        #expect(name != "Nguyễn Văn An" && name.split(separator: " ").count == 3)
        #expect(mask.person("NGUYEN") == mask.person("Nguyễn").uppercased())
        let note = "Called 2x on 12/03, prefers e-mail.\nVIP"
        let masked = mask.freeText(note)
        #expect(masked.count == note.count && masked != note && masked.contains("\n"), "\(masked)")
        for word in ["Called", "prefers", "mail", "VIP"] { #expect(!masked.contains(word)) }
        let born = try #require(mask.shiftedDate("1980-02-29"))
        #expect(born != "1980-02-29" && born.count == 10)
        #expect(mask.shiftedDate("1980-02-29T00:00:00Z")?.hasPrefix(born) == true)
        #expect(mask.shiftedDate("29.02.1980") == nil)
        #expect(mask.token("DE 123 456 789").count == "DE 123 456 789".count && mask.token("DE 123 456 789") != "DE 123 456 789")
    }
}
