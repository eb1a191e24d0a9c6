import Foundation

/// What a second copy of a record gets wrong, as people keying the same company into two systems do: each kind of
/// noise is drawn on its own, at the rates below (percent of the records it can apply to; docs/sample.md lists
/// them). The Sales copy of a company, contact or product is the F&O record with this noise, and so is the second
/// record of a duplicate.
struct SampleUnkeyedNoise {
    var random: SampleRandom

    static let nameTypoRate = 15
    static let legalFormRate = 25
    static let nameCaseRate = 10
    static let accentRate = 50
    static let ampersandRate = 30
    static let streetKindRate = 30
    static let numberPositionRate = 10
    static let streetOnSecondLineRate = 5
    static let postcodeRate = 20
    static let cityRate = 15
    static let phoneFormatRate = 50
    static let emailCaseRate = 10
    static let vatRate = 30
    static let websiteRate = 40
    static let contactSwapRate = 5
    static let contactTypoRate = 10
    static let productTypoRate = 15
    static let productCaseRate = 10
    static let productOrderRate = 10
    static let abbreviationRate = 30
    static let plusRate = 10
    static let movedRate = 4
    static let movedPhoneRate = 50

    /// Words of company names people abbreviate, and how (`Harper Bros`, `Acme Intl`).
    static let abbreviations: [(word: String, short: [String])] = [
        ("Brothers", ["Bros", "Bros."]), ("International", ["Intl", "Int'l", "Intl."]), ("Manufacturing", ["Mfg", "Mfg."]),
        ("Associates", ["Assoc", "Assocs", "Assoc."]), ("Company", ["Co", "Co."]), ("Services", ["Svcs", "Svc"]),
        ("Technologies", ["Tech", "Techs"]), ("Industries", ["Inds", "Ind."]), ("Engineering", ["Eng", "Engg"]),
        ("Laboratories", ["Labs", "Lab"]),
    ]

    // MARK: companies

    /// The company's name as a second record writes it: `&` and `and` swapped, accents removed (or, where F&O has
    /// none, added), a typo in the stem, another spelling of the legal form or none, all upper or lower case.
    mutating func organisationName(_ organisation: SampleUnkeyedOrganisation) -> String {
        var stem = organisation.stem
        if SampleUnkeyedText.contains(" & ", in: stem) {
            if random.chance(Self.ampersandRate) { stem = SampleUnkeyedText.replacing(" & ", with: " and ", in: stem) }
        } else if SampleUnkeyedText.contains(" and ", in: stem) && random.chance(Self.ampersandRate) {
            stem = SampleUnkeyedText.replacing(" and ", with: " & ", in: stem)
        }
        if SampleUnkeyedText.hasAccents(stem) {
            var folds = organisation.foldsAccents
            if random.chance(Self.accentRate) { folds.toggle() }
            if folds {
                stem =
                    organisation.country == .de && random.chance(30) ? SampleUnkeyedText.transliterate(stem) : SampleUnkeyedText.fold(stem)
            }
        }
        if random.chance(Self.nameTypoRate) { stem = typo(stem) }
        var form = organisation.legalForm
        if random.chance(Self.legalFormRate) { form = legalForm(form, country: organisation.country) }
        var name = form.isEmpty ? stem : stem + " " + form
        if random.chance(Self.nameCaseRate) { name = random.chance(70) ? name.uppercased() : name.lowercased() }
        return name
    }

    /// A company's stem as a second record words it: a word abbreviated (`Brothers` as `Bros`, `International` as
    /// `Intl`; the first such word) or `&` and `and` written `+`. Drawn from a stream of its own, so the rest of a
    /// record's noise stays as it was.
    mutating func wording(_ stem: String) -> String {
        var words = stem.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        if let index = words.firstIndex(where: { word in Self.abbreviations.contains { $0.word == word } }),
            let forms = Self.abbreviations.first(where: { $0.word == words[index] })?.short, random.chance(Self.abbreviationRate)
        {
            words[index] = random.pick(forms)
        }
        if let index = words.firstIndex(where: { $0 == "&" || $0 == "and" }), random.chance(Self.plusRate) { words[index] = "+" }
        return words.joined(separator: " ")
    }

    /// Whether the company moved since the first record was keyed: the second holds a new address (and, half the time,
    /// a new phone), its e-mail, domain and website unchanged.
    mutating func moved() -> Bool {
        random.chance(Self.movedRate)
    }

    /// Another way to write legal form `form` of `country`, or none (a quarter of the changes).
    mutating func legalForm(_ form: String, country: SampleUnkeyedCountry) -> String {
        if random.chance(25) { return "" }
        let others: [String]
        switch form {
        case "Ltd": others = ["Limited", "Ltd.", "LTD"]
        case "Limited": others = ["Ltd", "Ltd."]
        case "plc": others = ["PLC", "Public Limited Company"]
        case "LLP": others = ["L.L.P."]
        case "GmbH": others = ["G.m.b.H.", "Gmbh", "GMBH"]
        case "AG": others = ["Aktiengesellschaft"]
        case "GmbH & Co. KG": others = ["GmbH & Co KG", "GmbH u. Co. KG", "GmbH + Co. KG"]
        case "e.K.": others = ["e. K.", "eK"]
        case "KG": others = ["Kommanditgesellschaft"]
        case "B.V.": others = ["BV", "B.V", "bv"]
        case "N.V.": others = ["NV", "nv"]
        case "V.O.F.": others = ["VOF", "v.o.f."]
        case "Inc.": others = ["Incorporated", "Inc", "INC"]
        case "LLC": others = ["L.L.C.", "Llc"]
        case "Corp.": others = ["Corporation", "Corp"]
        case "Co.": others = ["Company", "Co"]
        case "SARL": others = ["S.A.R.L.", "Sàrl", "SàRL"]
        case "S.A.": others = ["SA", "S.A", country == .fr ? "Société Anonyme" : "Sociedad Anónima"]
        case "SAS": others = ["S.A.S.", "S.A.S"]
        case "EURL": others = ["E.U.R.L."]
        case "S.L.": others = ["SL", "S.L", "Sociedad Limitada"]
        case "S.r.l.": others = ["Srl", "SRL", "S.R.L."]
        case "S.p.A.": others = ["SpA", "SPA", "S.P.A."]
        case "AB": others = ["Aktiebolag", "Ab"]
        default: others = []
        }
        return others.isEmpty ? "" : random.pick(others)
    }

    /// The street as a second record writes it: the kind abbreviated or in full, the number on the other side, or
    /// the street on the second line (a building on the first). Returns (line 1, line 2).
    mutating func streetLines(_ street: SampleUnkeyedStreet) -> (String, String) {
        var form = street.form
        let forms = street.kind.forms
        if forms.count > 1 && random.chance(Self.streetKindRate) {
            let other = random.int(0...(forms.count - 2))
            form = other >= form ? other + 1 : other
        }
        var numberFirst = street.country.numberFirst
        if random.chance(Self.numberPositionRate) { numberFirst.toggle() }
        let line = street.text(form: form, numberFirst: numberFirst)
        if random.chance(Self.streetOnSecondLineRate) { return (random.pick(street.country.buildings), line) }
        return (line, "")
    }

    /// The postcode with other spacing or case (`SW1A1AA`, `1012ab`), or an older form (`D-80331`, ZIP+4).
    mutating func postcode(_ code: String, country: SampleUnkeyedCountry) -> String {
        guard random.chance(Self.postcodeRate) else { return code }
        switch country {
        case .gb, .nl:
            let compact = SampleUnkeyedText.replacing(" ", with: "", in: code)
            return random.pick([compact, code.lowercased(), compact.lowercased()])
        case .se: return random.chance(50) ? SampleUnkeyedText.replacing(" ", with: "", in: code) : "SE-" + code
        case .us: return code + "-" + random.digits(4)
        case .de: return "D-" + code
        case .fr: return random.chance(50) ? "F-" + code : String(code.prefix(2)) + " " + String(code.dropFirst(2))
        case .es: return "E-" + code
        case .it: return "I-" + code
        }
    }

    /// The city under another name (`Munich`, `Muenchen`, `The Hague`), where it has one.
    mutating func city(_ city: SampleUnkeyedCountry.City) -> String {
        guard !city.alternatives.isEmpty, random.chance(Self.cityRate) else { return city.name }
        return random.pick(city.alternatives)
    }

    /// The phone written another way than `style` (half the time), else as `style`.
    mutating func phone(_ phone: SampleUnkeyedPhone, style: SampleUnkeyedPhone.Style) -> String {
        guard random.chance(Self.phoneFormatRate) else { return phone.text(style) }
        let others = SampleUnkeyedPhone.Style.allCases.filter { $0 != style }
        return phone.text(random.pick(others))
    }

    /// The e-mail address with another case (`Info@Harper.co.uk`, `INFO@HARPER.CO.UK`).
    mutating func email(_ email: String) -> String {
        guard random.chance(Self.emailCaseRate) else { return email }
        if random.chance(40) { return email.uppercased() }
        return email.split(separator: "@", omittingEmptySubsequences: false).map { part in
            part.split(separator: ".", omittingEmptySubsequences: false).map { SampleUnkeyedText.capitalized(String($0)) }
                .joined(separator: ".")
        }.joined(separator: "@")
    }

    /// The VAT number without its country prefix, with spaces or dots, or its prefix in lower case.
    mutating func vat(_ vat: String, country: SampleUnkeyedCountry) -> String {
        guard !vat.isEmpty, random.chance(Self.vatRate) else { return vat }
        if country == .us { return SampleUnkeyedText.replacing("-", with: "", in: vat) }
        let prefix = String(vat.prefix(2))
        let rest = String(vat.dropFirst(2))
        func grouped(_ separator: String) -> String {
            var groups: [String] = []
            var current = ""
            for character in rest {
                current.append(character)
                if current.count == 3 {
                    groups.append(current)
                    current = ""
                }
            }
            if !current.isEmpty { groups.append(current) }
            return groups.joined(separator: separator)
        }
        switch random.int(0...3) {
        case 0: return rest
        case 1: return prefix + " " + grouped(" ")
        case 2: return prefix + grouped(".")
        default: return prefix.lowercased() + rest
        }
    }

    /// The website written another way: with or without `https://`, `www.` or a trailing slash.
    mutating func website(_ website: String, domain: String) -> String {
        guard random.chance(Self.websiteRate) else { return website }
        let forms = [
            "https://www.\(domain)", "www.\(domain)", "http://www.\(domain)", domain, "https://www.\(domain)/", "https://\(domain)",
        ]
        return random.pick(forms.filter { $0 != website })
    }

    /// What a Sales user types for the country: `United Kingdom`, `UK`, `GB`, `Deutschland`, …
    mutating func countryName(_ country: SampleUnkeyedCountry) -> String {
        random.pick(country.salesNames)
    }

    // MARK: people and products

    /// A person's names as a second record writes them: accents removed (or added), a typo in one, the two swapped.
    mutating func personNames(_ person: SampleUnkeyedPerson) -> (first: String, last: String) {
        var first = person.firstName
        var last = person.lastName
        if SampleUnkeyedText.hasAccents(first + last) {
            var folds = person.foldsAccents
            if random.chance(Self.accentRate) { folds.toggle() }
            if folds {
                first = SampleUnkeyedText.fold(first)
                last = SampleUnkeyedText.fold(last)
            }
        } else if person.foldsAccents {
            first = SampleUnkeyedText.fold(first)
            last = SampleUnkeyedText.fold(last)
        }
        if random.chance(Self.contactTypoRate) {
            if random.chance(50) { first = typo(first) } else { last = typo(last) }
        }
        if random.chance(Self.contactSwapRate) { swap(&first, &last) }
        return (first, last)
    }

    /// A product's name as a second record writes it: two words in the other order, a typo, another case.
    mutating func productName(_ product: SampleUnkeyedProduct) -> String {
        var words = product.words
        var variant = product.variant
        if random.chance(Self.productOrderRate) {
            if words.count >= 2 {
                let index = random.int(0...(words.count - 2))
                words.swapAt(index, index + 1)
            } else if !variant.isEmpty {
                words.insert(variant, at: 0)
                variant = ""
            }
        }
        var name = (words + (variant.isEmpty ? [] : [variant])).joined(separator: " ")
        if random.chance(Self.productTypoRate) { name = typo(name) }
        if random.chance(Self.productCaseRate) {
            name = random.pick([name.uppercased(), name.lowercased(), name.capitalized])
        }
        return name
    }

    // MARK: typos

    /// The letters next to each letter on a QWERTY keyboard.
    private static let neighbours: [Character: String] = [
        "a": "qwsz", "b": "vghn", "c": "xdfv", "d": "serfcx", "e": "wsdr", "f": "drtgvc", "g": "ftyhbv", "h": "gyujnb", "i": "ujko",
        "j": "huikmn", "k": "jiolm", "l": "kop", "m": "njk", "n": "bhjm", "o": "iklp", "p": "ol", "q": "wa", "r": "edft", "s": "awedxz",
        "t": "rfgy", "u": "yhji", "v": "cfgb", "w": "qase", "x": "zsdc", "y": "tghu", "z": "asx",
    ]

    /// `text` with one typing mistake in a letter after the first: a neighbouring key instead, the letter left out,
    /// typed twice, or swapped with the next.
    mutating func typo(_ text: String) -> String {
        var characters = Array(text)
        let letters = characters.indices.filter { $0 > 0 && characters[$0].isLetter }
        guard !letters.isEmpty else { return text }
        let position = random.pick(letters)
        func neighbour(of character: Character) -> Character {
            let lower = Character(character.lowercased())
            let keys = Array(Self.neighbours[lower] ?? "e")
            let key = random.pick(keys)
            return character.isUppercase ? Character(key.uppercased()) : key
        }
        switch random.int(0...3) {
        case 0: characters[position] = neighbour(of: characters[position])
        case 1: characters.remove(at: position)
        case 2: characters.insert(random.chance(50) ? characters[position] : neighbour(of: characters[position]), at: position)
        default:
            if position + 1 < characters.count && characters[position + 1].isLetter && characters[position + 1] != characters[position] {
                characters.swapAt(position, position + 1)
            } else {
                characters[position] = neighbour(of: characters[position])
            }
        }
        return String(characters)
    }
}
