/// The countries of ISO 3166-1 by their codes and by the names they are written by: the ISO English short and
/// official names, common English forms and abbreviations (`UK`, `U.S.A.`, `Holland`, `Ivory Coast`), and their
/// names in the languages business data is typed in (`Deutschland`, `Allemagne`, `Österreich`). The table is
/// generated (`Resources/reference/countries.txt`, by bin/generate-reference-tables); names are compared folded (`TextFolding.fold`).
public enum CountryCodes {
    /// The country `text` names in any form (codes, names, variants), after `TextFolding.fold`; nil when unknown or
    /// blank or ambiguous.
    public static func country(_ text: String) -> Country? {
        table.entryByName[TextFolding.fold(text)].map { countries[$0] }
    }

    /// The country of an ISO 3166-1 alpha-2 code, in any case.
    public static func country(alpha2: String) -> Country? {
        countryByAlpha2[alpha2.uppercased()]
    }

    /// The alpha-2 code of the country `text` names, else `text` folded; "" when blank. Two spellings of a known
    /// country compare equal, and an unknown one compares as text.
    public static func alpha2OrFolded(_ text: String) -> String {
        let folded = TextFolding.fold(text)
        guard let entry = table.entryByName[folded] else { return folded }
        return countries[entry].alpha2
    }

    /// Every country, by alpha-2 code.
    public static var all: [Country] { countries }

    /// The generated table, read at first use: heads `alpha-2|alpha-3|numeric|name`.
    static let table = ReferenceTable(text: ReferenceTableFile.text("countries"), fieldCount: 4, codeFields: [0, 1])

    static let countries: [Country] = table.heads.map { Country(alpha2: $0[0], alpha3: $0[1], numeric: $0[2], name: $0[3]) }

    static let countryByAlpha2: [String: Country] = Dictionary(countries.map { ($0.alpha2, $0) }, uniquingKeysWith: { first, _ in first })
}
