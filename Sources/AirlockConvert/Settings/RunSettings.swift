import AirlockMapping
import AirlockModel

/// The settings of a conversion that stand in for what the exports do not say (`--assign-keys`, `--currency`,
/// `--default-currency`, `--country`), parsed and checked before anything is read: a bad value is one line and
/// exit 2, with nothing written.
struct RunSettings: Sendable {
    /// How Sales records without a key are numbered; nil: they are not.
    var keys: KeyAssignmentSpec?
    /// Currency names settled by hand: folded name (`TextFolding.fold`) → ISO 4217 code.
    var currencyNames: [String: String] = [:]
    /// The currency of records that name none (ISO 4217, upper case).
    var defaultCurrency: String?
    /// What the templates take from the run.
    var templates = TemplateRunSettings()

    /// The settings of `options`.
    /// - Throws: `AirlockError(.usage)` naming the option and the value: a key pattern that does not parse, a
    ///   `NAME=CODE` without both parts, a code that is no ISO 4217 currency or ISO 3166-1 country.
    static func parse(_ options: ConversionOptions) throws -> RunSettings {
        var settings = RunSettings()
        settings.keys = try options.assignKeys.map(KeyAssignmentSpec.init)
        for (name, code) in try pairs(options.currencies ?? [], option: "--currency") {
            guard let currency = CurrencyCodes.currency(code: code) else {
                throw AirlockError(.usage, "--currency '\(name)=\(code)': \(code) is no ISO 4217 currency code (USD, EUR, GBP, …)")
            }
            settings.currencyNames[TextFolding.fold(name)] = currency.code
        }
        if let code = options.defaultCurrency {
            guard let currency = CurrencyCodes.currency(code: code.trimmingASCIIWhitespace()) else {
                throw AirlockError(
                    .usage,
                    "--default-currency '\(code)' is no ISO 4217 currency code: give the Sales organisation's base currency (USD, EUR, …)")
            }
            settings.defaultCurrency = currency.code
            settings.templates.values[.defaultCurrency] = currency.code
        }
        for (name, code) in try pairs(options.countries ?? [], option: "--country") {
            guard code.count == 2 || code.count == 3, let country = CountryCodes.country(code),
                country.alpha2 == code.uppercased() || country.alpha3 == code.uppercased()
            else {
                throw AirlockError(
                    .usage, "--country '\(name)=\(code)': \(code) is no ISO 3166-1 country code (GB, NL, US or GBR, NLD, USA)")
            }
            settings.templates.countries[TextFolding.fold(name)] = country.alpha2
        }
        return settings
    }

    /// The `NAME=CODE` values of `option`, split at the last `=` and trimmed.
    private static func pairs(_ values: [String], option: String) throws -> [(name: String, code: String)] {
        try values.map { value in
            guard let equals = value.lastIndex(of: "=") else {
                throw AirlockError(.usage, "\(option) '\(value)' takes NAME=CODE")
            }
            let name = String(value[..<equals]).trimmingASCIIWhitespace()
            let code = String(value[value.index(after: equals)...]).trimmingASCIIWhitespace()
            guard !name.isEmpty, !code.isEmpty, !TextFolding.fold(name).isEmpty else {
                throw AirlockError(.usage, "\(option) '\(value)' takes NAME=CODE, both given")
            }
            return (name, code)
        }
    }
}
