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

    /// The signal's position in `allCases` (at most 15 signals fit a `ComparisonVector`); a switch, not a lookup: it is
    /// read for every signal of every pair.
    var index: Int {
        switch self {
        case .key: 0
        case .name: 1
        case .legalForm: 2
        case .taxNumber: 3
        case .email: 4
        case .domain: 5
        case .phone: 6
        case .street: 7
        case .houseNumber: 8
        case .postcode: 9
        case .city: 10
        case .country: 11
        case .company: 12
        case .number: 13
        case .unit: 14
        }
    }
}
