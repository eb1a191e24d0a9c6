import AirlockKit
import Foundation
import Testing

/// `discount-per-unit` (`DiscountRule`, p2c §5.5): Sales keeps a whole-line discount, F&O a per-unit discount and a
/// line charge that takes the rounding, which F&O adds to the line amount (Microsoft's example: 10.00 over 3 units is
/// 3.33 per unit and a charge of −0.01; back, 3 × 3.33 + 0.01 = 10.00). The bundled templates say `compute: false`
/// and copy the whole-line amount; with `compute: true` the rule computes the other side's fields.
struct DiscountRuleTests {
    /// The flow's bundled template with `compute: "true"`.
    static func computing(_ pair: SmallPair, _ flow: String) throws -> String {
        try pair.templates(editing: flow) { text in
            let range = try #require(text.range(of: #"compute: "false""#))
            text.replaceSubrange(range, with: #"compute: "true""#)
        }
    }

    /// The to-fo.zip line of order or quotation `number`, line `line`.
    static func line(_ rows: [[String: String]], _ number: String, _ line: String) throws -> [String: String] {
        try #require(
            rows.first { ($0["SALESORDERNUMBER"] ?? $0["SALESQUOTATIONNUMBER"]) == number && $0["LINECREATIONSEQUENCENUMBER"] == line },
            "\(number)/\(line)")
    }

    @Test func theBundledTemplatesCopyTheWholeLineDiscountAndComputeNothing() throws {
        var pair = try SmallPair()
        let run = try pair.convert()
        let rows = try run.foRows("CDS sales order lines")
        #expect(rows.count == 3)
        let first = try Self.line(rows, "ORD-100000", "1")
        #expect(first["TOTALDISCOUNTAMOUNT"] == "15.7400000000", "the Sales amount, copied")
        #expect(first["LINEDISCOUNTAMOUNT"] == nil && first["FIXEDPRICECHARGES"] == nil, "no column of the rule's")
    }

    @Test func aWholeLineDiscountBecomesAPerUnitDiscountAndARoundingCharge() throws {
        var pair = try SmallPair()
        // The lines of the Sales order that orders-to-fo takes: 10.00 over 3 units, 10.00 over 4, 0.20 over 8.
        func set(_ sequence: String, quantity: String, discount: String) throws {
            try pair.setSales(
                "salesorderdetail", where: ["salesorderid": "ORD-100000", "sequencenumber": sequence],
                ["quantity": quantity, "manualdiscountamount": discount])
        }
        try set("1", quantity: "3.0000000000", discount: "10.0000000000")
        try set("2", quantity: "4.0000000000", discount: "10.0000000000")
        try set("3", quantity: "8.0000000000", discount: "0.2000000000")
        let run = try pair.convert(templates: Self.computing(pair, "order-lines-to-fo"))
        let rows = try run.foRows("CDS sales order lines")
        let first = try Self.line(rows, "ORD-100000", "1")
        let second = try Self.line(rows, "ORD-100000", "2")
        let third = try Self.line(rows, "ORD-100000", "3")
        // 10.00 / 3 = 3.33; F&O's line gets 3 × 3.33 = 9.99 off, and a charge of −0.01 takes the rest.
        #expect(first["LINEDISCOUNTAMOUNT"] == "3.33")
        #expect(first["FIXEDPRICECHARGES"] == "-0.01")
        #expect(first["TOTALDISCOUNTAMOUNT"] == "10.0000000000", "the template's copy, unchanged")
        // 10.00 / 4 = 2.50 exactly: no rounding, a zero charge.
        #expect(second["LINEDISCOUNTAMOUNT"] == "2.50")
        #expect(second["FIXEDPRICECHARGES"] == "0.00")
        // 0.20 / 8 = 0.025, half away from zero 0.03: 8 × 0.03 = 0.24 off, and a charge of 0.04 gives 0.04 back.
        #expect(third["LINEDISCOUNTAMOUNT"] == "0.03")
        #expect(third["FIXEDPRICECHARGES"] == "0.04")
    }

    @Test func aQuotationLineIsSplitTheSameWayAndALineWithoutDiscountGetsNothing() throws {
        var pair = try SmallPair()
        let run = try pair.convert(templates: Self.computing(pair, "quote-lines"))
        let rows = try run.foRows("CDS sales quotation lines")
        // The generated quotation's first line: 37.85 over 13 units, 2.91 per unit (37.83) and −0.02 more.
        let first = try Self.line(rows, "QUO-100000", "1")
        #expect(first["REQUESTEDSALESQUANTITY"] == "13.0000000000" && first["TOTALDISCOUNTAMOUNT"] == "37.8500000000")
        #expect(first["LINEDISCOUNTAMOUNT"] == "2.91")
        #expect(first["FIXEDPRICECHARGES"] == "-0.02")
        // Its second line has no discount: the rule writes neither field.
        let second = try Self.line(rows, "QUO-100000", "2")
        #expect(second["TOTALDISCOUNTAMOUNT"] == "0.0000000000")
        #expect(second["LINEDISCOUNTAMOUNT"] == "" && second["FIXEDPRICECHARGES"] == "")
    }

    @Test func aPerUnitDiscountAndItsChargeBecomeTheWholeLineDiscount() throws {
        var pair = try SmallPair()
        // F&O's confirmed order SO-100000: 3.33 over 3 units with a charge of −0.01; 2.50 over 4 units without one.
        // TOTALDISCOUNTAMOUNT (which the template copies) says 0, so what Sales gets is the rule's.
        func set(_ sequence: String, quantity: String, perUnit: String, charge: String) throws {
            let values = ["ORDEREDSALESQUANTITY": quantity, "LINEDISCOUNTAMOUNT": perUnit, "FIXEDPRICECHARGES": charge]
            try pair.setFO(
                "CDS sales order lines", where: ["SALESORDERNUMBER": "SO-100000", "LINECREATIONSEQUENCENUMBER": sequence],
                values.merging(["TOTALDISCOUNTAMOUNT": "0.00"]) { $1 })
        }
        try set("1", quantity: "3", perUnit: "3.33", charge: "-0.01")
        try set("2", quantity: "4", perUnit: "2.50", charge: "")
        let run = try pair.convert(templates: Self.computing(pair, "order-lines-to-sales"))
        let lines = try run.salesRecords("salesorderdetail").filter { $0.field("msdynce_ordernumber")?.value == "SO-100000" }
        func discount(_ sequence: String) throws -> String? {
            let line = try #require(lines.first { $0.field("sequencenumber")?.value == sequence }, "line \(sequence)")
            return line.field("manualdiscountamount")?.value
        }
        // 3 × 3.33 = 9.99, and the charge of −0.01 taken off too: 10.00.
        let first = try discount("1")
        #expect(first == "10.00")
        // 4 × 2.50, no charge.
        #expect(try discount("2") == "10.00")
    }

    @Test func aQuantityThatIsNotANumberRejectsTheLine() throws {
        var pair = try SmallPair()
        let line = ["SALESORDERNUMBER": "SO-100001", "LINECREATIONSEQUENCENUMBER": "4"]
        try pair.setFO("CDS sales order lines", where: line, ["ORDEREDSALESQUANTITY": "thirteen"])
        let run = try pair.convert(templates: Self.computing(pair, "order-lines-to-sales"))
        let reject = try #require(
            try run.rejects("order-lines-to-sales").first { row in line.allSatisfy { row[$0.key] == $0.value } })
        // The quantity's own check comes first; the rule's refusal is among the reasons the line gives.
        #expect(reject["reason"] == "invalid-value" && reject["field"] == "quantity")
        let rule = " | also invalid-value ORDEREDSALESQUANTITY: the quantity is not a number"
        #expect(reject["message"]?.hasSuffix(rule) == true, "\(reject)")
    }
}
