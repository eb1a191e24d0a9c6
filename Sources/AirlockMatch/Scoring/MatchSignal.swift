/// A piece of evidence matching weighs (docs/match.md, "Signals").
public enum MatchSignal: String, Sendable, CaseIterable {
    /// The Sales record already holds the F&O key.
    case key
    case name
    /// Two companies' legal forms (`GmbH` and `AG`): only a difference counts.
    case legalForm = "legal-form"
    case taxNumber = "tax-number"
    case email
    case domain
    case phone
    case street
    case houseNumber = "house-number"
    case postcode
    case city
    case country
    /// A contact's company: its Sales parent account is linked to the F&O customer the contact person belongs to.
    case company
    case number
    case unit

    /// The signal's position in `allCases` (at most 15 signals fit a `ComparisonVector`).
    var index: Int { Self.indexes[self] ?? 0 }

    private static let indexes: [MatchSignal: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
