/// Known F&O entities: DMF label ↔ AOT (technical) name ↔ OData public collection, from the format reference.
///
/// Used to name an entity's technical name when a manifest line has no `TargetEntity` (2017-style manifests)
/// and to name XML record elements. The schema catalog (validation) extends this with field lists.
public struct FOEntityNames: Sendable, Equatable {
    public var label: String
    public var technicalName: String
    public var publicCollection: String?

    public init(label: String, technicalName: String, publicCollection: String?) {
        self.label = label
        self.technicalName = technicalName
        self.publicCollection = publicCollection
    }

    /// The entity with DMF label `label` (case-insensitive), if Airlock knows it.
    public static func forLabel(_ label: String) -> FOEntityNames? {
        let lowered = label.lowercased()
        return known.first { $0.label.lowercased() == lowered }
    }

    /// The entity with AOT name `technicalName` (case-insensitive), if Airlock knows it.
    public static func forTechnicalName(_ technicalName: String) -> FOEntityNames? {
        let lowered = technicalName.lowercased()
        return known.first { $0.technicalName.lowercased() == lowered }
    }

    /// Every entity Airlock knows by name.
    public static let known: [FOEntityNames] = [
        .init(label: "Customers V3", technicalName: "CustCustomerV3Entity", publicCollection: "CustomersV3"),
        .init(label: "Customers V2", technicalName: "CustCustomerV2Entity", publicCollection: "CustomersV2"),
        .init(label: "Customer definitions", technicalName: "CustCustomerBaseEntity", publicCollection: nil),
        .init(label: "Contacts V2", technicalName: "smmContactPersonV2Entity", publicCollection: "ContactPersons"),
        .init(label: "CDS Contacts", technicalName: "smmContactPersonCDSEntity", publicCollection: "CDSContactPersons"),
        .init(label: "CDS Contacts V2", technicalName: "smmContactPersonCDSV2Entity", publicCollection: "CdsContactPersonsV2"),
        .init(label: "Products V2", technicalName: "EcoResProductV2Entity", publicCollection: "ProductsV2"),
        .init(label: "Released products V2", technicalName: "EcoResReleasedProductV2Entity", publicCollection: "ReleasedProductsV2"),
        .init(
            label: "Sellable released products", technicalName: "EcoResSellableReleasedProductEntity",
            publicCollection: "SellableReleasedProducts"),
        .init(
            label: "Sales quotation headers V2", technicalName: "SalesQuotationHeaderV2Entity", publicCollection: "SalesQuotationHeadersV2"),
        .init(label: "Sales quotation lines V2", technicalName: "SalesQuotationLineV2Entity", publicCollection: "SalesQuotationLines"),
        .init(
            label: "CDS sales quotation header", technicalName: "SalesQuotationHeaderCDSEntity",
            publicCollection: "CDSSalesQuotationHeaders"),
        .init(label: "CDS sales quotation lines", technicalName: "SalesQuotationLineCDSEntity", publicCollection: "CDSSalesQuotationLines"),
        .init(label: "Sales order headers V2", technicalName: "SalesOrderHeaderV2Entity", publicCollection: "SalesOrderHeadersV2"),
        .init(label: "Sales order lines V2", technicalName: "SalesOrderLineV2Entity", publicCollection: "SalesOrderLines"),
        .init(label: "CDS sales order headers", technicalName: "SalesOrderHeaderCDSEntity", publicCollection: "CDSSalesOrderHeaders"),
        .init(label: "CDS sales order lines", technicalName: "SalesOrderLineCDSEntity", publicCollection: "CDSSalesOrderLines"),
        .init(label: "Sales invoice headers V2", technicalName: "SalesInvoiceHeaderV2Entity", publicCollection: "SalesInvoiceHeadersV2"),
        .init(label: "Sales invoice lines V2", technicalName: "SalesInvoiceLineV2Entity", publicCollection: "SalesInvoiceV2Lines"),
        .init(
            label: "Externally maintained customer sales invoice headers",
            technicalName: "SalesExternallyMaintainedCustomerSalesInvoiceHeaderEntity",
            publicCollection: "ExternallyMaintainedCustomerSalesInvoiceHeaders"),
        .init(
            label: "Externally maintained customer sales invoice lines",
            technicalName: "SalesExternallyMaintainedCustomerSalesInvoiceLineEntity",
            publicCollection: "ExternallyMaintainedCustomerSalesInvoiceLines"),
        .init(label: "Customer groups", technicalName: "CustCustomerGroupEntity", publicCollection: "CustomerGroups"),
        .init(label: "Terms of payment", technicalName: "PaymentTermEntity", publicCollection: "PaymentTerms"),
        .init(label: "Units", technicalName: "UnitOfMeasureEntity", publicCollection: "UnitsOfMeasure"),
        .init(label: "Currencies", technicalName: "CurrencyEntity", publicCollection: "Currencies"),
    ]
}
