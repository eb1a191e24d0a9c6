import AirlockKit
import Foundation
import Testing

/// `price-list-item` (`PriceListItemRule`, p2c §3): each product the products flow takes gets an item
/// (`productpricelevel`) on a price list of the Sales export, at the F&O sales price: the list `priceList` names, else
/// the first active list by name in the product's currency; a product with no such list is rejected.
struct PriceListItemRuleTests {
    /// The pair's one product, P-1000 (USD, sales price 1701.00, unit Hour), and its item on "CRM Service USA (sample)"
    /// in the Sales export.
    static let product = "Mini Widget"
    static let usd = "CRM Service USA (sample)"
    static let eur = "CRM Service EUR (sample)"

    static func list(_ pair: SmallPair, _ name: String) throws -> CMTRecord {
        try #require(try pair.exportRecords("pricelevel").first { $0.field("name")?.value == name })
    }

    @Test func aProductWithoutItsItemGetsOneOnTheListOfItsCurrency() throws {
        var pair = try SmallPair()
        try pair.removeSales("productpricelevel", where: ["productid": Self.product])
        let run = try pair.convert()
        let generated = try #require(run.report.flows["products"]?.generated["priceListItems"])
        #expect(generated.created == 1 && generated.updated == 0 && generated.unchanged == 0)

        let items = try run.salesRecords("productpricelevel")
        #expect(items.count == 1)
        let item = try #require(items.first)
        let product = try #require(try pair.exportRecords("product").first { $0.field("productnumber")?.value == "P-1000" })
        let list = try Self.list(pair, Self.usd)
        #expect(item.field("pricelevelid")?.value == list.id)
        #expect(item.field("pricelevelid")?.lookupEntityName == Self.usd)
        #expect(item.field("productid")?.value == product.id)
        #expect(item.field("productid")?.lookupEntityName == Self.product)
        #expect(item.field("uomid")?.value == product.field("defaultuomid")?.value)
        #expect(item.field("uomid")?.lookupEntityName == "Hour")
        #expect(item.field("transactioncurrencyid")?.value == list.field("transactioncurrencyid")?.value)
        #expect(item.field("amount")?.value == "1701.00")
    }

    @Test func aNewSalesPriceUpdatesTheExistingItem() throws {
        var pair = try SmallPair()
        try pair.setFO("Sellable released products", where: ["PRODUCTNUMBER": "P-1000"], ["SALESPRICE": "1750.00"])
        let run = try pair.convert()
        let generated = try #require(run.report.flows["products"]?.generated["priceListItems"])
        #expect(generated.created == 0 && generated.updated == 1 && generated.unchanged == 0)
        let existing = try #require(try pair.exportRecords("productpricelevel").first)
        let item = try #require(try run.salesRecords("productpricelevel").first)
        #expect(item.id == existing.id, "the export's item, matched on list, product and unit")
        #expect(item.field("amount")?.value == "1750.00")
    }

    @Test func theFirstActiveListByNameInTheCurrencyOrTheListPriceListNames() throws {
        // Both lists in USD: "CRM Service EUR (sample)" is the first by name.
        var pair = try SmallPair()
        let dollar = try #require(try Self.list(pair, Self.usd).field("transactioncurrencyid")?.value)
        try pair.removeSales("productpricelevel", where: ["productid": Self.product])
        try pair.setSales("pricelevel", where: ["name": Self.eur], ["transactioncurrencyid": dollar])
        var item = try #require(try pair.convert().salesRecords("productpricelevel").first)
        #expect(item.field("pricelevelid")?.lookupEntityName == Self.eur)

        // Inactive, it is passed over.
        try pair.setSales("pricelevel", where: ["name": Self.eur], ["statecode": "1"])
        item = try #require(try pair.convert().salesRecords("productpricelevel").first)
        #expect(item.field("pricelevelid")?.lookupEntityName == Self.usd)

        // `priceList` takes the list it names, whatever its currency or state.
        var named = try SmallPair()
        try named.removeSales("productpricelevel", where: ["productid": Self.product])
        try named.setSales("pricelevel", where: ["name": Self.eur], ["statecode": "1"])
        let templates = try named.templates(editing: "products") { text in
            let range = try #require(text.range(of: #"priceList: """#))
            text.replaceSubrange(range, with: #"priceList: "\#(Self.eur)""#)
        }
        item = try #require(try named.convert(templates: templates).salesRecords("productpricelevel").first)
        #expect(item.field("pricelevelid")?.value == (try Self.list(named, Self.eur)).id)
        #expect(item.field("amount")?.value == "1701.00")
    }

    @Test func aProductWithNoActiveListInItsCurrencyIsRejected() throws {
        // The product in euros, and the euro list inactive.
        var pair = try SmallPair()
        try pair.setSales("pricelevel", where: ["name": Self.eur], ["statecode": "1"])
        try pair.setFO("Sellable released products", where: ["PRODUCTNUMBER": "P-1000"], ["CURRENCYCODE": "EUR"])
        let run = try pair.convert()
        let rejects = try run.rejects("products")
        #expect(rejects.count == 1)
        #expect(rejects.first?["PRODUCTNUMBER"] == "P-1000")
        #expect(rejects.first?["reason"] == "orphan-reference" && rejects.first?["field"] == "CURRENCYCODE")
        #expect(rejects.first?["message"] == "no active price list in currency 'EUR' in the Sales export for the product's price-list item")
        #expect(run.report.flows["products"]?.generated["priceListItems"]?.created == 0)
        #expect(try run.salesRecords("productpricelevel").isEmpty)
    }
}
