/// The records `airlock match` links and `convert --keymap` keys: Sales accounts, contacts and products, each with
/// the Sales attribute that takes the F&O key. The F&O side of each join is the key of the template flow between the
/// two entities (`accountnumber` ↔ `CUSTOMERACCOUNT`, `msdynce_contactnumber` ↔ `CONTACTPERSONPARTYNUMBER` or a
/// person customer's `CUSTOMERACCOUNT`, `productnumber` ↔ `PRODUCTNUMBER`). The Sales attribute is match's
/// declaration of what the templates derive (`TemplateSet.salesKeyAttribute(of:)`, which `convert` keys by);
/// `KeyJoinDeclarationTests` holds the templates, match's sources and this declaration together.
public enum LinkedEntity: String, CaseIterable, Sendable, Comparable {
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

    /// The Sales attribute that holds the F&O key once the two records are linked.
    public var salesKeyAttribute: String {
        switch self {
        case .accounts: "accountnumber"
        case .contacts: "msdynce_contactnumber"
        case .products: "productnumber"
        }
    }

    /// The order entities are linked in: contacts after accounts, whose links they use.
    public static func < (lhs: LinkedEntity, rhs: LinkedEntity) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}
