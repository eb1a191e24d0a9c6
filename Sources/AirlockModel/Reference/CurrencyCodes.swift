/// The current currencies of ISO 4217 by their codes and by the names they are written by: the ISO English name
/// (`Pound Sterling`, `Yen`), CLDR's English names, which Windows, .NET and so Dataverse show (`British Pound`,
/// `Japanese Yen`), and the names in German, French, Spanish, Italian, Dutch and Portuguese (`US-Dollar`, `Dollar des
/// États-Unis`). A word that names a kind of currency (`Dollar`, `Franc`, `Krone`, `Peso`) names none. Funds, metals
/// and units of account (`XAU`, `XDR`) are known by their codes and ISO English names only. The table is generated
/// (`Resources/reference/currencies.txt`, by bin/generate-reference-tables); names are compared folded (`TextFolding.fold`).
public enum CurrencyCodes {
    /// The currency `text` names: its code (any case, surrounding blanks) or a name, after `TextFolding.fold`; nil
    /// when unknown or blank or ambiguous.
    public static func currency(_ text: String) -> Currency? {
        table.entryByName[TextFolding.fold(text)].map { currencies[$0] }
    }

    /// The currency of an ISO 4217 alphabetic code, in any case.
    public static func currency(code: String) -> Currency? {
        currencyByCode[code.uppercased()]
    }

    /// Every currency, by code.
    public static var all: [Currency] { currencies }

    /// The generated table, read at first use: heads `code|numeric|minor units|name`.
    static let table = ReferenceTable(text: ReferenceTableFile.text("currencies"), fieldCount: 4, codeFields: [0])

    static let currencies: [Currency] = table.heads.map {
        Currency(code: $0[0], numeric: $0[1], name: $0[3], minorUnits: Int($0[2]))
    }

    static let currencyByCode: [String: Currency] = Dictionary(currencies.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first })
}
