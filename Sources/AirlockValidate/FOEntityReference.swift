/// A reference from one F&O entity to another, checked when both are in the same package: every child
/// record's fields must match a parent record's key (lines → headers, contact persons → customers).
/// `retry` follows the same references to send a failed child's parent with it.
public struct FOEntityReference: Sendable {
    /// AOT name of the referencing entity.
    public var child: String
    /// AOT names the referenced entity may have (V2/V3 variants of one entity).
    public var parents: [String]
    /// Child field → parent field, in key order.
    public var fields: [(child: String, parent: String)]

    /// The references Airlock checks, from the entity keys in the format reference.
    public static let known: [FOEntityReference] = [
        FOEntityReference(
            child: "SalesOrderLineCDSEntity", parents: ["SalesOrderHeaderCDSEntity"], fields: [("SALESORDERNUMBER", "SALESORDERNUMBER")]),
        FOEntityReference(
            child: "SalesOrderLineV2Entity", parents: ["SalesOrderHeaderV2Entity"], fields: [("SALESORDERNUMBER", "SALESORDERNUMBER")]),
        FOEntityReference(
            child: "SalesQuotationLineCDSEntity", parents: ["SalesQuotationHeaderCDSEntity"],
            fields: [("SALESQUOTATIONNUMBER", "SALESQUOTATIONNUMBER")]),
        FOEntityReference(
            child: "SalesQuotationLineV2Entity", parents: ["SalesQuotationHeaderV2Entity"],
            fields: [("SALESQUOTATIONNUMBER", "SALESQUOTATIONNUMBER")]),
        FOEntityReference(
            child: "SalesExternallyMaintainedCustomerSalesInvoiceLineEntity",
            parents: ["SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity"],
            fields: [("INVOICENUMBER", "INVOICENUMBER")]),
        FOEntityReference(
            child: "SalesInvoiceLineV2Entity", parents: ["SalesInvoiceHeaderV2Entity"], fields: [("INVOICENUMBER", "INVOICENUMBER")]),
        FOEntityReference(
            child: "smmContactPersonCDSV2Entity", parents: ["CustCustomerV3Entity", "CustCustomerV2Entity"],
            fields: [("ASSOCIATEDPARTYNUMBER", "PARTYNUMBER")]),
        // A vendor contact's associated party is its vendor's (Vendors V2 names the field VENDORPARTYNUMBER): a
        // CDS Contacts V2 record's key may be in a customer's or a vendor's party numbers.
        FOEntityReference(
            child: "smmContactPersonCDSV2Entity", parents: ["VendVendorV2Entity"], fields: [("ASSOCIATEDPARTYNUMBER", "VENDORPARTYNUMBER")]),
        FOEntityReference(
            child: "smmContactPersonCDSEntity", parents: ["CustCustomerV3Entity", "CustCustomerV2Entity"],
            fields: [("ASSOCIATEDPARTYNUMBER", "PARTYNUMBER")]),
    ]
}
