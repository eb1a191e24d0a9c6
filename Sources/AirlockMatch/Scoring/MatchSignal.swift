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
    /// A person's given name, family name and middle name (or initial), each compared on its own: another given name
    /// beside the same family name is a relative, not a typo.
    case givenName = "given-name"
    case familyName = "family-name"
    case middleName = "middle-name"
    /// A person's birth date: `close` where two of day, month and year agree, or day and month are swapped.
    case birthDate = "birth-date"
    case gender

    /// The signal's position in `allCases` (at most 21 signals fit a `ComparisonVector`); a switch, not a lookup: it is
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
        case .givenName: 15
        case .familyName: 16
        case .middleName: 17
        case .birthDate: 18
        case .gender: 19
        }
    }
}

extension MatchSignal {
    /// The signals of a name: a company's or product's words, a person's given and family names. Their levels decide
    /// a pair's name group (`MatchModel.NameGroup`), and they learn their `m` apart from the other signals.
    static let names: Set<MatchSignal> = [.name, .givenName, .familyName]
}
