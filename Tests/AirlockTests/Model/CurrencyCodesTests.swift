import Testing

@testable import AirlockModel

/// `CurrencyCodes`: a currency's code in any case and its English and other names resolve to it; a word that names a
/// kind of currency, an unknown name and blank text to none.
struct CurrencyCodesTests {
    @Test(arguments: [
        ("USD", "USD"), ("usd", "USD"), (" US Dollar ", "USD"), ("US Dollar", "USD"), ("United States Dollar", "USD"),
        ("US-Dollar", "USD"), ("Dollar des États-Unis", "USD"), ("Euro", "EUR"), ("EUR", "EUR"), ("euros", "EUR"),
        ("Czech Koruna", "CZK"), ("Pound Sterling", "GBP"), ("British Pound", "GBP"), ("Sterling", "GBP"),
        ("Yen", "JPY"), ("Japanese Yen", "JPY"), ("Swiss Franc", "CHF"), ("Schweizer Franken", "CHF"),
        ("Chinese Yuan", "CNY"), ("Yuan Renminbi", "CNY"), ("Renminbi", "CNY"), ("Danish Krone", "DKK"),
        ("Mexican Peso", "MXN"), ("xau", "XAU"), ("XDR", "XDR"), ("Gold", "XAU"),
    ])
    func resolvesACurrencyByCodeOrName(text: String, code: String) {
        #expect(CurrencyCodes.currency(text)?.code == code, "\(text)")
    }

    @Test func aKindOfCurrencyUnknownOrBlankTextNamesNone() {
        for text in ["Dollar", "dollars", "Franc", "Krone", "Peso", "Pound", "Dinar", "Bitcoin", "", "  ", "Bolívar Soberano"] {
            #expect(CurrencyCodes.currency(text) == nil, "\(text)")
        }
    }

    @Test func holdsTheCurrentCurrenciesOnceWithTheirMinorUnits() {
        let all = CurrencyCodes.all
        #expect(Set(all.map(\.code)).count == all.count)
        for currency in all {
            #expect(currency.code.count == 3 && currency.code.allSatisfy { $0.isASCII && $0.isUppercase }, "\(currency.code)")
            #expect(currency.numeric.count == 3, "\(currency.code)")
            #expect(CurrencyCodes.currency(currency.code) == currency, "\(currency.code)")
            #expect(CurrencyCodes.currency(code: currency.code.lowercased()) == currency, "\(currency.code)")
        }
        #expect(CurrencyCodes.currency(code: "USD")?.name == "US Dollar")
        #expect(CurrencyCodes.currency(code: "USD")?.numeric == "840")
        #expect(CurrencyCodes.currency(code: "USD")?.minorUnits == 2)
        #expect(CurrencyCodes.currency(code: "JPY")?.minorUnits == 0)
        #expect(CurrencyCodes.currency(code: "KWD")?.minorUnits == 3)
        #expect(CurrencyCodes.currency(code: "XAU")?.minorUnits == nil)
        // Withdrawn codes are not current: the Croatian kuna since the euro (2023).
        #expect(CurrencyCodes.currency(code: "HRK") == nil)
        #expect(CurrencyCodes.currency(code: "US Dollar") == nil)
    }

    /// The generator folds names as `TextFolding` does: no name it kept for one currency folds, in Swift, to the
    /// text of another's.
    @Test func theGeneratorsFoldingAgreesWithTextFolding() {
        #expect(CurrencyCodes.table.ambiguousNames.isEmpty, "\(CurrencyCodes.table.ambiguousNames.sorted())")
    }
}
