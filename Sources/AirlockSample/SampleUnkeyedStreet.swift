/// A street address line of the unkeyed pair: a street name, its kind (`Street`, `straße`, `rue`, …) and a house
/// number, written the way its country writes it (`12 High Street`, `Hauptstraße 12`, `12 rue de la Paix`,
/// `Via Roma, 12`), with the kind in full or abbreviated and the number before or after the street.
struct SampleUnkeyedStreet {
    /// A kind of street: its word in full, its abbreviations, and where it goes.
    struct Kind {
        /// The word in full: `Street`, `straße`, `rue`.
        var full: String
        /// The abbreviations and other spellings a person writes instead: `St`, `Str.`, `strasse`.
        var short: [String]
        /// Written as one word with the name: `Hauptstraße`, `Kerkstraat`, `Drottninggatan`.
        var attached = false
        /// Written before the name: `rue de la Paix`, `Calle Mayor`, `Via Roma`.
        var before = false

        /// Every way to write the kind: the full word first.
        var forms: [String] { [full] + short }
    }

    var name: String
    var kind: Kind
    /// Which of `kind.forms` the F&O record writes (mostly the full word).
    var form: Int
    var number: String
    var country: SampleUnkeyedCountry
    /// A name written apart from an attached kind: `Berliner Straße`, not `Berlinerstraße`.
    var separate = false

    /// The line as written with kind form `form` and the number first or last.
    func text(form: Int, numberFirst: Bool) -> String {
        let forms = kind.forms
        let word = forms[min(max(form, 0), forms.count - 1)]
        let core: String
        if kind.before {
            core = "\(word) \(name)"
        } else if kind.attached && !separate {
            core = name + word
        } else {
            core = "\(name) \(SampleUnkeyedText.capitalized(word))"
        }
        if numberFirst { return "\(number) \(core)" }
        return country.commaBeforeNumber ? "\(core), \(number)" : "\(core) \(number)"
    }

    /// The line as the F&O record writes it: its own form, the number where its country puts it.
    var text: String { text(form: form, numberFirst: country.numberFirst) }

    /// A street in `country`.
    static func make(_ country: SampleUnkeyedCountry, _ random: inout SampleRandom) -> SampleUnkeyedStreet {
        // The first kind (Street, straße, rue) as likely as all the others together.
        let kinds = country.streetKinds
        let kind = random.chance(50) ? kinds[0] : random.pick(kinds)
        var number: String
        if country == .us {
            number = String(random.int(100...9_899))
        } else {
            number = String(random.chance(60) ? random.int(1...30) : random.int(31...250))
            if random.chance(5) { number += random.pick(["a", "b", "c", "A", "B"]) }
        }
        var separate = false
        var name = random.pick(country.streetNames)
        if country == .de && random.chance(15) {
            name = random.pick(["Berliner", "Hamburger", "Frankfurter", "Kölner", "Leipziger", "Münchner", "Dresdner", "Bremer"])
            separate = true
        }
        // One F&O address in five has the kind abbreviated already.
        let form = !kind.short.isEmpty && random.chance(20) ? random.int(1...kind.short.count) : 0
        return SampleUnkeyedStreet(name: name, kind: kind, form: form, number: number, country: country, separate: separate)
    }
}
