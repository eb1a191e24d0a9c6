/// A reference from one F&O entity to another, checked when both are in the same package: every child
/// record's fields must match a parent record's key (lines → headers, contact persons → customers).
struct FOEntityReference {
    /// AOT name of the referencing entity.
    var child: String
    /// AOT names the referenced entity may have (V2/V3 variants of one entity).
    var parents: [String]
    /// Child field → parent field, in key order.
    var fields: [(child: String, parent: String)]

    /// The references Airlock checks, from the entity keys in the format reference.
    static let known: [FOEntityReference] = [
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
        FOEntityReference(
            child: "smmContactPersonCDSEntity", parents: ["CustCustomerV3Entity", "CustCustomerV2Entity"],
            fields: [("ASSOCIATEDPARTYNUMBER", "PARTYNUMBER")]),
    ]
}
