/// A current currency, fund or unit of ISO 4217.
public struct Currency: Sendable, Hashable {
    /// The alphabetic code (`GBP`).
    public let code: String
    /// The numeric code, three digits (`826`).
    public let numeric: String
    /// The ISO English name (`Pound Sterling`).
    public let name: String
    /// The digits after the decimal point (`JPY` 0, `KWD` 3); nil where ISO says none apply (`XAU`, `XDR`).
    public let minorUnits: Int?
}
