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
        guard let names = index.names(of: TextFolding.compactKey(alpha2)) else { return nil }
        let words = TextFolding.words(text)
        if words.isEmpty { return nil }
        let whole = words.joined(separator: " ")
        if let entry = names.entryByName[whole] { return names.subdivisions[entry] }
        if names.ambiguousNames.contains(whole) { return nil }
        var found: Set<Int> = []
        for shorter in withoutGenericWord(words) {
            let key = shorter.joined(separator: " ")
            if names.ambiguousNames.contains(key) { return nil }
            if let entry = names.entryByName[key] { found.insert(entry) }
        }
        guard found.count == 1, let entry = found.first else { return nil }
        return names.subdivisions[entry]
    }

    /// Every subdivision of a country, in code order.
    public static func subdivisions(of alpha2: String) -> [Subdivision] {
        index.names(of: TextFolding.compactKey(alpha2))?.subdivisions ?? []
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

    /// The generated table, read at first use; a country's names are folded when it is first asked for.
    static let index = SubdivisionIndex(text: ReferenceTableFile.text("subdivisions"))
}

/// `subdivisions.txt` as read: per country, its subdivisions in the table's order and the subdivision each folded
/// code or name stands for. Within a country the codes (local and full) win, then the ISO names, then the other
/// names; at the same rank a top-level subdivision wins over one below it, and a name two subdivisions share at
/// the best rank stands for neither (`ambiguousNames`).
///
/// Folding every name of the table costs a process a fifth of a second at start-up, more than converting a small
/// export; so the table is only cut into countries when first read, and a country's names are folded when it is first
/// asked for (most data names a few countries).
final class SubdivisionIndex: Sendable {
    /// One country's subdivisions and names.
    struct CountryNames: Sendable {
        /// The country's subdivisions, in the table's order.
        var subdivisions: [Subdivision] = []
        /// A folded code or name → the index of its subdivision in `subdivisions`.
        var entryByName: [String: Int] = [:]
        /// Folded names that more than one subdivision gives at the best rank.
        var ambiguousNames: Set<String> = []
    }

    /// Alpha-2 code → the table's lines of the country's subdivisions (a head line and the lines of its names).
    private let linesByCountry: [String: [Substring]]
    /// The countries in the order the table first lists them.
    private let countries: [String]
    /// The countries' names as folded so far.
    private let folded = LockedValueBox<[String: CountryNames]>([:])

    /// Reads `text`: head lines `code|type|parent|name`, each followed by lines that start with a blank and hold its
    /// other names separated by `;`. A head line with fewer fields or a code without a hyphen is skipped with its
    /// names.
    init(text: String) {
        var linesByCountry: [String: [Substring]] = [:]
        var countries: [String] = []
        var country: String?
        // Cut at the bytes of line breaks, not at characters: every separator of the table is ASCII.
        for bytes in text.utf8.split(separator: UInt8(ascii: "\n")) {
            if bytes.first != UInt8(ascii: " ") {
                country = Self.country(ofHead: bytes)
                if let country, linesByCountry[country] == nil { countries.append(country) }
            }
            if let country { linesByCountry[country, default: []].append(Substring(bytes)) }
        }
        self.linesByCountry = linesByCountry
        self.countries = countries
    }

    /// Every subdivision, country by country in the table's order.
    var all: [Subdivision] {
        countries.flatMap { country in (linesByCountry[country] ?? []).filter { $0.first != " " }.compactMap(Self.head) }
    }

    /// The subdivisions and names of country `alpha2` (upper case), folded at its first call; nil for a country the
    /// table does not list.
    func names(of alpha2: String) -> CountryNames? {
        if let known = folded.withLockedValue({ $0[alpha2] }) { return known }
        guard let lines = linesByCountry[alpha2] else { return nil }
        let names = Self.fold(lines)
        folded.withLockedValue { $0[alpha2] = names }
        return names
    }

    /// The country of a head line, `head(line)?.country` without making the subdivision (the table is cut into
    /// countries at start-up): the code's part before its hyphen; nil for a line of fewer fields or a code without one.
    private static func country(ofHead line: Substring.UTF8View) -> String? {
        let bar = UInt8(ascii: "|")
        guard line.lazy.filter({ $0 == bar }).prefix(3).count == 3, let codeEnd = line.firstIndex(of: bar),
            let hyphen = line[..<codeEnd].firstIndex(of: UInt8(ascii: "-"))
        else { return nil }
        return String(Substring(line[..<hyphen]))
    }

    /// A head line as a subdivision; nil for one with fewer fields or a code without a hyphen.
    private static func head(_ line: Substring) -> Subdivision? {
        let fields = line.split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, let hyphen = fields[0].firstIndex(of: "-") else { return nil }
        return Subdivision(
            code: fields[0], country: String(fields[0][..<hyphen]), localCode: String(fields[0][fields[0].index(after: hyphen)...]),
            name: fields[3], type: fields[1], parent: fields[2].isEmpty ? nil : fields[2])
    }

    /// One country's lines folded into its names, ranked as the type's description says.
    private static func fold(_ lines: [Substring]) -> CountryNames {
        var names = CountryNames()
        // Each folded name's best rank so far, the subdivision that gives it there, and whether another gives it there too.
        var ranked: [String: (rank: Int, entry: Int, shared: Bool)] = [:]
        var memo: [UInt32: TextFolding.ScalarFold] = [:]
        func offer(_ name: some StringProtocol, rank: Int, entry: Int) {
            let key = TextFolding.fold(String(name), memo: &memo)
            if key.isEmpty { return }
            guard let known = ranked[key], rank >= known.rank else {
                ranked[key] = (rank, entry, false)
                return
            }
            if rank == known.rank && entry != known.entry && !known.shared { ranked[key] = (rank, known.entry, true) }
        }
        for line in lines {
            guard line.first == " " else {
                guard let subdivision = head(line) else { continue }
                let entry = names.subdivisions.count
                names.subdivisions.append(subdivision)
                let level = subdivision.parent == nil ? 0 : 1
                offer(subdivision.code, rank: 0, entry: entry)
                offer(subdivision.localCode, rank: 0, entry: entry)
                offer(subdivision.name, rank: 2 + level, entry: entry)
                continue
            }
            guard let entry = names.subdivisions.indices.last else { continue }
            let level = names.subdivisions[entry].parent == nil ? 0 : 1
            for name in line.split(separator: ";") { offer(name, rank: 4 + level, entry: entry) }
        }
        for (key, best) in ranked {
            if best.shared {
                names.ambiguousNames.insert(key)
            } else {
                names.entryByName[key] = best.entry
            }
        }
        return names
    }
}
