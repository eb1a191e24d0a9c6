/// Country or region names and codes as either side writes them, to ISO 3166-1 alpha-2: F&O's
/// `ADDRESSCOUNTRYREGIONISOCODE` holds the 2-letter code and `…COUNTRYREGIONID` often the 3-letter one, while
/// Sales' `address1_country` is free text (`United Kingdom`, `UK`, `Deutschland`). Keys are folded
/// (`TextFolding.fold`). A value not listed is compared as folded text.
///
/// Source: ISO 3166-1 (the codes and English short names, https://www.iso.org/iso-3166-country-codes.html), with
/// the names in the countries' own languages and common short forms.
public enum CountryNames {
    /// The ISO 3166-1 alpha-2 code of `text`, or its folded text when it is not a known name or code; "" when blank.
    public static func code(_ text: String) -> String {
        let folded = TextFolding.fold(text)
        if folded.isEmpty { return "" }
        return byName[folded] ?? folded
    }

    /// Folded name or code → alpha-2 code.
    static let byName: [String: String] = {
        var table: [String: String] = [:]
        for (alpha2, alpha3, names) in countries {
            table[alpha2.lowercased()] = alpha2
            table[alpha3.lowercased()] = alpha2
            for name in names { table[TextFolding.fold(name)] = alpha2 }
        }
        return table
    }()

    /// Alpha-2, alpha-3, names.
    static let countries: [(String, String, [String])] = [
        ("AD", "AND", ["Andorra"]), ("AE", "ARE", ["United Arab Emirates", "UAE"]), ("AR", "ARG", ["Argentina"]),
        ("AT", "AUT", ["Austria", "Österreich"]), ("AU", "AUS", ["Australia"]), ("BA", "BIH", ["Bosnia and Herzegovina"]),
        ("BE", "BEL", ["Belgium", "België", "Belgique", "Belgien"]), ("BG", "BGR", ["Bulgaria"]), ("BR", "BRA", ["Brazil", "Brasil"]),
        ("CA", "CAN", ["Canada"]), ("CH", "CHE", ["Switzerland", "Schweiz", "Suisse", "Svizzera"]), ("CL", "CHL", ["Chile"]),
        ("CN", "CHN", ["China", "People's Republic of China", "PRC"]), ("CO", "COL", ["Colombia"]), ("CY", "CYP", ["Cyprus"]),
        ("CZ", "CZE", ["Czechia", "Czech Republic", "Česko", "Česká republika"]),
        ("DE", "DEU", ["Germany", "Deutschland", "Federal Republic of Germany"]), ("DK", "DNK", ["Denmark", "Danmark"]),
        ("EE", "EST", ["Estonia", "Eesti"]), ("EG", "EGY", ["Egypt"]), ("ES", "ESP", ["Spain", "España", "Espana"]),
        ("FI", "FIN", ["Finland", "Suomi"]), ("FR", "FRA", ["France", "République française"]),
        (
            "GB", "GBR",
            [
                "United Kingdom", "UK", "U.K.", "Great Britain", "Britain", "England", "Scotland", "Wales",
                "Northern Ireland", "United Kingdom of Great Britain and Northern Ireland",
            ]
        ),
        ("GR", "GRC", ["Greece", "Hellas", "Ελλάδα"]), ("HK", "HKG", ["Hong Kong"]), ("HR", "HRV", ["Croatia", "Hrvatska"]),
        ("HU", "HUN", ["Hungary", "Magyarország"]), ("ID", "IDN", ["Indonesia"]),
        ("IE", "IRL", ["Ireland", "Éire", "Republic of Ireland"]),
        ("IL", "ISR", ["Israel"]), ("IN", "IND", ["India", "Bharat"]), ("IS", "ISL", ["Iceland", "Ísland"]),
        ("IT", "ITA", ["Italy", "Italia"]), ("JP", "JPN", ["Japan", "Nippon"]),
        ("KR", "KOR", ["South Korea", "Korea", "Republic of Korea"]),
        ("LI", "LIE", ["Liechtenstein"]), ("LT", "LTU", ["Lithuania", "Lietuva"]), ("LU", "LUX", ["Luxembourg", "Luxemburg"]),
        ("LV", "LVA", ["Latvia", "Latvija"]), ("MA", "MAR", ["Morocco"]), ("MC", "MCO", ["Monaco"]), ("MT", "MLT", ["Malta"]),
        ("MX", "MEX", ["Mexico", "México"]), ("MY", "MYS", ["Malaysia"]),
        ("NL", "NLD", ["Netherlands", "The Netherlands", "Nederland", "Holland", "Niederlande", "Pays-Bas"]),
        ("NO", "NOR", ["Norway", "Norge", "Noreg"]), ("NZ", "NZL", ["New Zealand", "Aotearoa"]), ("PE", "PER", ["Peru", "Perú"]),
        ("PH", "PHL", ["Philippines"]), ("PL", "POL", ["Poland", "Polska"]), ("PT", "PRT", ["Portugal"]),
        ("RO", "ROU", ["Romania", "România"]), ("RS", "SRB", ["Serbia", "Srbija"]), ("RU", "RUS", ["Russia", "Russian Federation"]),
        ("SA", "SAU", ["Saudi Arabia"]), ("SE", "SWE", ["Sweden", "Sverige"]), ("SG", "SGP", ["Singapore"]),
        ("SI", "SVN", ["Slovenia", "Slovenija"]), ("SK", "SVK", ["Slovakia", "Slovensko"]), ("TH", "THA", ["Thailand"]),
        ("TR", "TUR", ["Turkey", "Türkiye"]), ("TW", "TWN", ["Taiwan"]), ("UA", "UKR", ["Ukraine", "Україна"]),
        ("US", "USA", ["United States", "United States of America", "U.S.", "U.S.A.", "America"]),
        ("VN", "VNM", ["Vietnam", "Viet Nam"]), ("ZA", "ZAF", ["South Africa"]),
    ]
}
