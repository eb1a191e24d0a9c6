/// Which ISO 3166-1 code a field map's `country` step writes: F&O's `…COUNTRYREGIONISOCODE` fields take the
/// two-letter code, its `…COUNTRYREGIONID` fields the country/region ID, which standard F&O data sets to the
/// three-letter code.
public enum CountryCodeForm: String, Sendable, Hashable, CaseIterable {
    /// `GB`.
    case alpha2
    /// `GBR`.
    case alpha3
}
