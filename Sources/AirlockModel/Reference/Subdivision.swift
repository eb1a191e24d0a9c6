/// A subdivision of a country in ISO 3166-2, of any level: a state, province, region, county, department, ….
public struct Subdivision: Sendable, Hashable {
    /// The full ISO 3166-2 code (`US-NY`).
    public let code: String
    /// The country's ISO 3166-1 alpha-2 code (`US`).
    public let country: String
    /// The part of the code after the hyphen (`NY`).
    public let localCode: String
    /// The ISO name as iso-codes gives it, mostly in the country's own language (`New York`, `Île-de-France`,
    /// `Bayern`, `Lleida [Lérida]`).
    public let name: String
    /// The kind of subdivision, in English (`State`, `Province`, `Metropolitan region`).
    public let type: String
    /// The local code of the subdivision this one lies in (`IDF` for `FR-75`, Paris); nil for a top-level one.
    public let parent: String?
}
