/// A country or territory of ISO 3166-1.
public struct Country: Sendable, Hashable {
    /// The alpha-2 code (`GB`).
    public let alpha2: String
    /// The alpha-3 code (`GBR`).
    public let alpha3: String
    /// The numeric code, three digits (`826`).
    public let numeric: String
    /// The ISO English short name (`United Kingdom`).
    public let name: String
}
