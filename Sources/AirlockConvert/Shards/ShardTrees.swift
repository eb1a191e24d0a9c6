import AirlockMapping
import AirlockModel

/// The records a shard must convert together, as a template set's flows relate them: an account, its contacts, its
/// quotes, orders and invoices and their lines, on both sides. Every other record (products, price lists, units,
/// currencies) is reference data, which every shard reads and one shard writes.
///
/// A record joins the records it shares a link value with: a Sales record its own id, the ids its lookups to a tree
/// entity hold, and its business keys; an F&O record the values of its key and reference columns listed here. Values
/// are compared trimmed and case-blind, all in one pool (an account number equal to an order number joins their
/// trees: a shard then holds more, never less, than it needs).
struct ShardTrees: Sendable {
    /// Sales tree entities, each with the business-key attributes that link it to F&O records.
    var salesEntities: [String: [String]]
    /// F&O tree entities (as the templates name them), each with the columns that link its records.
    var foEntities: [String: [String]]

    /// The trees of the bundled set `set`; nil for a set that declares none.
    static func of(_ set: TemplateSetName) -> ShardTrees? {
        switch set {
        case .prospectToCash: return prospectToCash
        case .dualWrite: return nil
        }
    }

    /// Prospect to cash: accounts and contacts to customers and contact persons, quotes, orders (both ways), invoices.
    /// The F&O columns are those the templates key and look up by, and the customer, contact person, order and
    /// quotation numbers that headers carry.
    static let prospectToCash = ShardTrees(
        salesEntities: [
            "account": ["accountnumber"],
            "contact": ["msdynce_contactnumber"],
            "quote": ["quotenumber"],
            "quotedetail": [],
            "salesorder": ["ordernumber"],
            "salesorderdetail": [],
            "invoice": ["invoicenumber"],
            "invoicedetail": [],
        ],
        foEntities: [
            "Customers V2": ["CUSTOMERACCOUNT", "INVOICEACCOUNT", "PARTYNUMBER"],
            "CDS Contacts": ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "CONTACTPERSONID"],
            "CDS sales quotation header": [
                "SALESQUOTATIONNUMBER", "REQUESTINGCUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERACCOUNTNUMBER", "CONTACTPERSONID",
                "GENERATEDSALESORDERNUMBER",
            ],
            "CDS sales quotation lines": ["SALESQUOTATIONNUMBER"],
            "CDS sales order headers": [
                "SALESORDERNUMBER", "ORDERINGCUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERACCOUNTNUMBER", "QUOTATIONNUMBER", "CONTACTPERSONID",
            ],
            "CDS sales order lines": ["SALESORDERNUMBER"],
            "Externally maintained customer sales invoice headers": [
                "INVOICENUMBER", "SALESORDERNUMBER", "INVOICECUSTOMERACCOUNTNUMBER", "CONTACTPERSONID",
            ],
            "Externally maintained customer sales invoice lines": ["INVOICENUMBER"],
        ])

    /// The link columns of the F&O table labelled `label` (under any of its entity's versions), or nil when it is
    /// reference data.
    func foLinks(label: String, catalog: SchemaCatalog) -> [String]? {
        let wanted = catalog.foKey(of: label)
        for (entity, links) in foEntities.sorted(by: { $0.key < $1.key }) {
            let versions = [entity] + catalog.foEntityVersions(of: entity)
            if versions.contains(where: { catalog.foKey(of: $0) == wanted }) { return links }
        }
        return nil
    }

    /// Whether a flow reading `template`'s source converts tree records (else reference data).
    func isTree(_ endpoint: TemplateEndpoint, catalog: SchemaCatalog) -> Bool {
        switch endpoint.side {
        case .sales: return salesEntities[endpoint.entity] != nil
        case .fo: return foLinks(label: endpoint.entity, catalog: catalog) != nil
        }
    }
}
