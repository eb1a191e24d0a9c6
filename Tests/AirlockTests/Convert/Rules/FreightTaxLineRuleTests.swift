import AirlockKit
import Foundation
import Testing

/// `freight-tax-line` (`FreightTaxLineRule`, p2c §5.2): Sales holds tax on lines only, so the header tax of an F&O order
/// (ORDERHEADERTAXAMOUNT) goes to Sales as a write-in line "Freight Tax" carrying the amount, numbered after the
/// order's last line; an order whose header tax is zero gets none (`skipWhenZero`, the bundled setting).
struct FreightTaxLineRuleTests {
    /// The freight tax lines of `to-sales.zip`, by order number.
    static func freightLines(_ run: SmallPair.Run) throws -> [String: CMTRecord] {
        var lines: [String: CMTRecord] = [:]
        for record in try run.salesRecords("salesorderdetail") where record.field("productdescription")?.value == "Freight Tax" {
            lines[record.field("msdynce_ordernumber")?.value ?? ""] = record
        }
        return lines
    }

    @Test func anOrdersHeaderTaxBecomesAWriteInLineAfterItsLastLine() throws {
        var pair = try SmallPair()
        // The pair's two confirmed F&O orders have no header tax; SO-100000 (lines 1 and 2) gets 12.34.
        try pair.setFO("CDS sales order headers", where: ["SALESORDERNUMBER": "SO-100000"], ["ORDERHEADERTAXAMOUNT": "12.34"])
        let run = try pair.convert()
        let generated = try #require(run.report.flows["order-lines-to-sales"]?.generated["freightTaxLines"])
        #expect(generated.created == 1 && generated.updated == 0 && generated.unchanged == 0)

        let lines = try Self.freightLines(run)
        #expect(lines.keys.sorted() == ["SO-100000"], "none for SO-100001, whose header tax is 0.00")
        let line = try #require(lines["SO-100000"])
        let order = try #require(try pair.exportRecords("salesorder").first { $0.field("ordernumber")?.value == "SO-100000" })
        #expect(line.field("salesorderid")?.value == order.id)
        #expect(line.field("salesorderid")?.lookupEntity == "salesorder")
        #expect(line.field("sequencenumber")?.value == "3")
        #expect(line.field("isproductoverridden")?.value == "True")
        #expect(line.field("quantity")?.value == "1")
        #expect(line.field("priceperunit")?.value == "0")
        #expect(line.field("tax")?.value == "12.34", "the header's amount, as F&O wrote it")
        #expect(line.field("ispriceoverridden")?.value == "True")
        #expect(line.field("msdynce_ismaintainedexternally")?.value == "True")
        #expect(line.field("transactioncurrencyid")?.value == order.field("transactioncurrencyid")?.value)
        #expect(line.field("productid") == nil, "a write-in product names none")
    }

    @Test func withSkipWhenZeroOffAZeroTaxGetsItsLineToo() throws {
        var pair = try SmallPair()
        let templates = try pair.templates(editing: "order-lines-to-sales") { text in
            let range = try #require(text.range(of: #"skipWhenZero: "true""#))
            text.replaceSubrange(range, with: #"skipWhenZero: "false""#)
        }
        let run = try pair.convert(templates: templates)
        #expect(run.report.flows["order-lines-to-sales"]?.generated["freightTaxLines"]?.created == 2)
        let lines = try Self.freightLines(run)
        // SO-100000 has lines 1 and 2, SO-100001 lines 1 to 7.
        #expect(lines["SO-100000"]?.field("sequencenumber")?.value == "3")
        #expect(lines["SO-100001"]?.field("sequencenumber")?.value == "8")
        #expect(lines.values.allSatisfy { $0.field("tax")?.value == "0.00" })
    }
}
