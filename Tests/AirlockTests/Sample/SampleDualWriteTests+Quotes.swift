import AirlockKit
import Foundation
import Testing

/// The F&O quotations of a dual-write pair: some Sales holds too (one with another customer reference), some only
/// F&O holds; they name the sample company's customers and products, their lines add up to their totals, and their
/// statuses and promising methods are values the quotation map's value maps know.
extension SampleDualWriteTests {
    @Test func quotationsOverlapWithSalesAndAddUp() throws {
        let pair = try Pair(folder: try Self.write(accounts: 40, seed: 7))
        let headers = try pair.table("CDS sales quotation header")
        let lines = try pair.table("CDS sales quotation lines")
        func rows(_ table: Table) -> [(String) -> String] {
            (0..<table.rowCount).map { row in { (column: String) in table.value(row: row, column: column) ?? "" } }
        }
        let customers = Set(try pair.column("Customers V3", "CUSTOMERACCOUNT"))
        let products = Set(try pair.column("CDS released distinct products", "PRODUCTNUMBER"))
        let orders = Set(try pair.column("CDS sales order headers", "SALESORDERNUMBER"))
        var salesQuotes: [String: CMTRecord] = [:]
        for record in try pair.records("quote") { salesQuotes[try #require(record.field("msdyn_quotenumber")?.value)] = record }

        var lineTotals: [String: Int] = [:]
        for line in rows(lines) {
            #expect(products.contains(line("PRODUCTNUMBER")))
            lineTotals[line("SALESQUOTATIONNUMBER"), default: 0] += try Self.cents(line("LINEAMOUNT"))
        }
        let numbers = rows(headers).map { $0("SALESQUOTATIONNUMBER") }
        #expect(Set(lineTotals.keys) == Set(numbers))
        var shared = 0
        var drifted = 0
        for header in rows(headers) {
            let number = header("SALESQUOTATIONNUMBER")
            #expect(header("DATAAREAID") == "USMF")
            #expect(customers.contains(header("REQUESTINGCUSTOMERACCOUNTNUMBER")))
            #expect(["Created", "Sent", "Confirmed", "Lost"].contains(header("SALESQUOTATIONSTATUS")))
            #expect(["None", "ATP"].contains(header("SALESORDERPROMISINGMETHOD")))
            #expect((header("SALESQUOTATIONSTATUS") == "Confirmed") == orders.contains(header("GENERATEDSALESORDERNUMBER")))
            let expected =
                try (lineTotals[number] ?? 0) + Self.cents(header("QUOTATIONTOTALCHARGESAMOUNT"))
                + Self.cents(header("QUOTATIONTOTALTAXAMOUNT"))
            #expect(try Self.cents(header("QUOTATIONTOTALAMOUNT")) == expected, "\(number)")
            if let quote = salesQuotes[number] {
                // A Sales quote F&O holds too: a draft (the state the quotes map takes) of the same customer.
                shared += 1
                #expect(quote.field("statecode")?.value == "0")
                if quote.field("msdyn_customersreference")?.value != header("CUSTOMERSREFERENCE") { drifted += 1 }
            } else {
                #expect(number.hasPrefix("SQ-"))
            }
        }
        #expect(shared > 0 && shared < numbers.count, "quotations on both sides and in F&O only")
        #expect(drifted > 0 && drifted < shared, "drift")
    }
}
