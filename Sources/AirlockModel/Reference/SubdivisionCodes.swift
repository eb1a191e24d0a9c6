/// The subdivisions of ISO 3166-2 (states, provinces, regions, counties, of every level) by their codes and by the
/// names they are written by, within their country: the ISO name (`New York`, `Île-de-France`, `Bayern`), its forms
/// (`Lleida [Lérida]` → `Lleida`, `Lérida`; `Madrid, Comunidad de` → `Comunidad de Madrid`), its translations in the
/// languages business data is typed in (`Bavière`, `Nueva York`), and a few hand-written names (France's regions
/// before 2016 such as `Rhône-Alpes`; `Washington DC`). The table is generated (`Resources/reference/subdivisions.txt`, by
/// bin/generate-reference-tables); names are compared folded (`TextFolding.fold`).
public enum SubdivisionCodes {
    /// The subdivision of country `alpha2` that `text` names: its local code in any case ("ny"), its full code
    /// ("US-NY"), its name or a variant, folded (TextFolding.fold); a leading or trailing generic word ("Region",
    /// "Province", "State", "County", "Provincia", "Région", "Land", "Kanton", "Canton", "Departement", "Département")
    /// is ignored when the text without it names exactly one; nil when unknown, blank or ambiguous within the country.
    /// When a name matches a top-level subdivision and a lower one, the top-level one wins.
    public static func subdivision(_ text: String, country alpha2: String) -> Subdivision? {
        guard let names = index.namesByCountry[TextFolding.compactKey(alpha2)] else { return nil }
        let words = TextFolding.words(text)
        if words.isEmpty { return nil }
        let whole = words.joined(separator: " ")
        if let entry = names.entryByName[whole] { return index.subdivisions[entry] }
        if names.ambiguousNames.contains(whole) { return nil }
        var found: Set<Int> = []
        for shorter in withoutGenericWord(words) {
            let key = shorter.joined(separator: " ")
            if names.ambiguousNames.contains(key) { return nil }
            if let entry = names.entryByName[key] { found.insert(entry) }
        }
        guard found.count == 1, let entry = found.first else { return nil }
        return index.subdivisions[entry]
    }

    /// Every subdivision of a country, in code order.
    public static func subdivisions(of alpha2: String) -> [Subdivision] {
        index.namesByCountry[TextFolding.compactKey(alpha2)]?.entries.map { index.subdivisions[$0] } ?? []
    }

    /// Folded words that name a kind of subdivision, not one: left out of a text that names none as it is
    /// (`Region Sjælland`, `New York State`).
    static let genericWords: Set<String> = [
        "region", "province", "state", "county", "provincia", "land", "kanton", "canton", "departement",
    ]

    /// `words` without their leading generic word, without their trailing one, and without both, as far as they
    /// have them and keep a word.
    static func withoutGenericWord(_ words: [String]) -> [ArraySlice<String>] {
        guard words.count > 1 else { return [] }
        let leading = genericWords.contains(words[0])
        let trailing = genericWords.contains(words[words.count - 1])
        var shorter: [ArraySlice<String>] = []
        if leading { shorter.append(words.dropFirst()) }
        if trailing { shorter.append(words.dropLast()) }
        if leading && trailing && words.count > 2 { shorter.append(words.dropFirst().dropLast()) }
        return shorter
    }

    /// The generated table, read at first use.
    static let index = SubdivisionIndex(text: ReferenceTableFile.text("subdivisions"))
}

/// `subdivisions.txt` as read: the subdivisions in the table's order, and per country the subdivision each folded
/// code or name stands for. Within a country the codes (local and full) win, then the ISO names, then the other
/// names; at the same rank a top-level subdivision wins over one below it, and a name two subdivisions share at
/// the best rank stands for neither (`ambiguousNames`).
struct SubdivisionIndex: Sendable {
    /// One country's subdivisions and names.
    struct CountryNames: Sendable {
        /// The indexes of the country's subdivisions in `subdivisions`, in the table's order.
        var entries: [Int] = []
        /// A folded code or name → the index of its subdivision in `subdivisions`.
        var entryByName: [String: Int] = [:]
        /// Folded names that more than one subdivision gives at the best rank.
        var ambiguousNames: Set<String> = []
    }

    let subdivisions: [Subdivision]
    /// Alpha-2 code → its subdivisions and names.
    let namesByCountry: [String: CountryNames]

    /// Reads `text`: head lines `code|type|parent|name`, each followed by lines that start with a blank and hold its
    /// other names separated by `;`. A head line with fewer fields or a code without a hyphen is skipped with its
    /// names.
    init(text: String) {
        var subdivisions: [Subdivision] = []
        var entriesByCountry: [String: [Int]] = [:]
        // Per country, each folded name's best rank so far, the subdivision that gives it there, and whether another
        // gives it there too. The country being read has its own dictionary, `ranked`: the table keeps a country's
        // subdivisions together, so that a name costs one lookup.
        var rankedByCountry: [String: [String: (rank: Int, entry: Int, shared: Bool)]] = [:]
        var country = ""
        var ranked: [String: (rank: Int, entry: Int, shared: Bool)] = [:]
        var current: Int?

        func offer(_ name: some StringProtocol, rank: Int, entry: Int) {
            let key = TextFolding.fold(String(name))
            if key.isEmpty { return }
            guard let known = ranked[key], rank >= known.rank else {
                ranked[key] = (rank, entry, false)
                return
            }
            if rank == known.rank && entry != known.entry && !known.shared { ranked[key] = (rank, known.entry, true) }
        }

        for line in text.split(separator: "\n") {
            guard line.first == " " else {
                current = nil
                let fields = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
                guard fields.count == 4, let hyphen = fields[0].firstIndex(of: "-") else { continue }
                let subdivision = Subdivision(
                    code: fields[0], country: String(fields[0][..<hyphen]),
                    localCode: String(fields[0][fields[0].index(after: hyphen)...]), name: fields[3], type: fields[1],
                    parent: fields[2].isEmpty ? nil : fields[2])
                if subdivision.country != country {
                    rankedByCountry[country] = ranked
                    country = subdivision.country
                    ranked = rankedByCountry.removeValue(forKey: country) ?? [:]
                }
                let entry = subdivisions.count
                subdivisions.append(subdivision)
                entriesByCountry[country, default: []].append(entry)
                current = entry
                let level = subdivision.parent == nil ? 0 : 1
                offer(subdivision.code, rank: 0, entry: entry)
                offer(subdivision.localCode, rank: 0, entry: entry)
                offer(subdivision.name, rank: 2 + level, entry: entry)
                continue
            }
            guard let entry = current else { continue }
            let level = subdivisions[entry].parent == nil ? 0 : 1
            for name in line.split(separator: ";") { offer(name, rank: 4 + level, entry: entry) }
        }
        rankedByCountry[country] = ranked

        var namesByCountry: [String: CountryNames] = [:]
        for (country, entries) in entriesByCountry {
            var names = CountryNames(entries: entries)
            for (key, best) in rankedByCountry[country, default: [:]] {
                if best.shared {
                    names.ambiguousNames.insert(key)
                } else {
                    names.entryByName[key] = best.entry
                }
            }
            namesByCountry[country] = names
        }
        self.subdivisions = subdivisions
        self.namesByCountry = namesByCountry
    }
}
