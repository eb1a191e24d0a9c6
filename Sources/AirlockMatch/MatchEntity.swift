/// What `airlock match` links: Sales accounts with F&O organisation customers, Sales contacts with F&O contact
/// persons and person customers, Sales products with F&O released products.
public enum MatchEntity: String, CaseIterable, Sendable, Comparable {
    case accounts
    case contacts
    case products

    /// The Sales entity (logical name).
    public var salesEntity: String {
        switch self {
        case .accounts: "account"
        case .contacts: "contact"
        case .products: "product"
        }
    }

    /// The Sales attribute that holds the F&O key once the two records are linked: what the Prospect to cash
    /// maps join on (`accountnumber` ↔ `CUSTOMERACCOUNT`, `msdynce_contactnumber` ↔ `CONTACTPERSONPARTYNUMBER` or a
    /// person customer's `CUSTOMERACCOUNT`, `productnumber` ↔ `PRODUCTNUMBER`).
    public var salesKeyAttribute: String {
        switch self {
        case .accounts: "accountnumber"
        case .contacts: "msdynce_contactnumber"
        case .products: "productnumber"
        }
    }

    /// The order entities are matched in: contacts after accounts, whose links they use.
    public static func < (lhs: MatchEntity, rhs: MatchEntity) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
