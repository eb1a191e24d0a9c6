import AirlockKit
import Testing

@testable import AirlockConvert

/// The tables a shard cuts by (`ShardTrees`): prospect to cash's account trees, found in an F&O export under any
/// name or version of their entity, the flows that read them, and the keys a shard's row map files them under
/// (`ShardRowMap`).
@Suite struct ShardTreesTests {
    static let customerLinks = ["CUSTOMERACCOUNT", "INVOICEACCOUNT", "PARTYNUMBER"]
    static let orderLinks = [
        "SALESORDERNUMBER", "ORDERINGCUSTOMERACCOUNTNUMBER", "INVOICECUSTOMERACCOUNTNUMBER", "QUOTATIONNUMBER", "CONTACTPERSONID",
    ]

    @Test func prospectToCashDeclaresTheAccountTreesAndDualWriteNone() throws {
        #expect(ShardTrees.of(.dualWrite) == nil)
        let trees = try #require(ShardTrees.of(.prospectToCash))
        #expect(
            trees.salesEntities.keys.sorted() == [
                "account", "contact", "invoice", "invoicedetail", "quote", "quotedetail", "salesorder", "salesorderdetail",
            ])
        #expect(trees.salesEntities["account"] == ["accountnumber"])
        #expect(trees.salesEntities["contact"] == ["msdynce_contactnumber"])
        #expect(trees.salesEntities["salesorder"] == ["ordernumber"])
        #expect(trees.salesEntities["salesorderdetail"] == [])
        #expect(trees.foEntities.count == 8)
        #expect(trees.foEntities["Customers V2"] == Self.customerLinks)
    }

    @Test func anFOTableIsATreeUnderAnyNameOrVersionOfItsEntity() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let trees = ShardTrees.prospectToCash
        // Its label in any case, its AOT and OData names, and the versions holding the same records.
        for name in ["Customers V2", "CUSTOMERS v2", "CustCustomerV2Entity", "CustomersV2", "Customers V3"] {
            #expect(trees.foLinks(label: name, catalog: catalog) == Self.customerLinks, "\(name)")
        }
        for name in ["CDS sales order headers", "SalesOrderHeaderCDSEntity", "Sales order headers V2", "Sales order headers V4"] {
            #expect(trees.foLinks(label: name, catalog: catalog) == Self.orderLinks, "\(name)")
        }
        #expect(trees.foLinks(label: "Sales order lines V3", catalog: catalog) == ["SALESORDERNUMBER"])
        #expect(
            trees.foLinks(label: "CDS Contacts V2", catalog: catalog) == [
                "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER", "CONTACTPERSONID",
            ])
        // Reference data, and an entity the catalog does not know.
        for name in ["Sellable released products", "Released products V2", "Currencies", "Sales price agreements", "Customers V9"] {
            #expect(trees.foLinks(label: name, catalog: catalog) == nil, "\(name)")
        }
    }

    @Test func everyProspectToCashFlowButProductsReadsTreeRecords() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        let templates = try TemplateLoader.bundled(.prospectToCash)
        let reference = templates.templates.filter { !ShardTrees.prospectToCash.isTree($0.source, catalog: catalog) }.map(\.name)
        #expect(reference == ["products"])
        let trees = templates.templates.filter { ShardTrees.prospectToCash.isTree($0.source, catalog: catalog) }.map(\.name)
        #expect(trees.count == TemplateSetName.prospectToCash.flowNames.count - 1)
        #expect(trees.contains("invoice-lines") && trees.contains("orders-to-fo") && trees.contains("contacts"))
    }

    @Test func theRowMapFilesATableBySideAndTheCatalogsLabel() throws {
        let catalog = try SchemaCatalogLoader.bundled()
        #expect(ShardRowMap.key(side: .sales, entity: "account", catalog: catalog) == "sales:account")
        #expect(ShardRowMap.key(side: .sales, entity: "salesorderdetail", catalog: catalog) == "sales:salesorderdetail")
        for name in ["Customers V2", "customers v2", "CustCustomerV2Entity", "CustomersV2"] {
            #expect(ShardRowMap.key(side: .fo, entity: name, catalog: catalog) == "fo:customers v2", "\(name)")
        }
        // Another version is another table; an unknown entity keeps its name, lower-cased.
        #expect(ShardRowMap.key(side: .fo, entity: "Customers V3", catalog: catalog) == "fo:customers v3")
        #expect(ShardRowMap.key(side: .fo, entity: "Some Entity", catalog: catalog) == "fo:some entity")
    }
}
