import AirlockKit
import Foundation
import Testing

/// `invoiced-order-status` (`InvoicedOrderStatusRule`, p2c §6): an order that an invoice of the conversion's company
/// names becomes Invoiced in Sales (statecode 4, status reason 100003): in the orders flow's own records when the run
/// writes the order, else in a status record of its own that repeats the order's required attributes.
struct InvoicedOrderStatusRuleTests {
    static func order(_ records: [CMTRecord], _ number: String) -> CMTRecord? {
        records.first { $0.field("ordernumber")?.value == number }
    }

    @Test func theOrderAnInvoiceNamesIsInvoiced() throws {
        // The pair's F&O invoice INV-100001 names SO-100001; SO-100000 has none.
        var pair = try SmallPair()
        let run = try pair.convert()
        let orders = try run.salesRecords("salesorder")
        let invoiced = try #require(Self.order(orders, "SO-100001"))
        #expect(invoiced.field("statecode")?.value == "4")
        #expect(invoiced.field("statuscode")?.value == "100003")
        #expect(Self.order(orders, "SO-100000") == nil, "no invoice: its status is as the export's, unchanged, not written")
        let generated = try #require(run.report.flows["invoices"]?.generated["orderStatusUpdates"])
        #expect(generated.created == 0 && generated.updated == 0 && generated.unchanged == 0, "orders-to-sales wrote the order")
    }

    @Test func anInvoicedOrderOnlyTheSalesExportHoldsGetsAStatusRecord() throws {
        // The invoice names ORD-100000 instead: an order of Sales's own (active, status 1) that no F&O order writes.
        var pair = try SmallPair()
        try pair.setFO(
            "Externally maintained customer sales invoice headers", where: ["INVOICENUMBER": "INV-100001"],
            ["SALESORDERNUMBER": "ORD-100000"])
        let run = try pair.convert()
        let generated = try #require(run.report.flows["invoices"]?.generated["orderStatusUpdates"])
        #expect(generated.created == 0 && generated.updated == 1 && generated.unchanged == 0)

        let exported = try #require(Self.order(try pair.exportRecords("salesorder"), "ORD-100000"))
        let record = try #require(Self.order(try run.salesRecords("salesorder"), "ORD-100000"))
        #expect(record.id == exported.id)
        #expect(record.field("statecode")?.value == "4" && record.field("statuscode")?.value == "100003")
        // The rest is the order as the export holds it: its required attributes, lookups with their entity and name.
        let copied = record.fields.map(\.name).filter { !["salesorderid", "ordernumber", "statecode", "statuscode"].contains($0) }
        #expect(Set(copied) == ["name", "customerid", "pricelevelid", "transactioncurrencyid"], "\(copied)")
        for name in copied { #expect(record.field(name) == exported.field(name), "\(name)") }
        // SO-100001 has no invoice now: written for its other changes, but not invoiced.
        #expect(Self.order(try run.salesRecords("salesorder"), "SO-100001")?.field("statecode")?.value != "4")
    }

    @Test func anInvoiceOfAnotherLegalEntityDoesNotCount() throws {
        var pair = try SmallPair()
        try pair.setFO(
            "Externally maintained customer sales invoice headers", where: ["INVOICENUMBER": "INV-100001"], ["DATAAREAID": "DEMF"])
        let run = try pair.convert()
        #expect(Self.order(try run.salesRecords("salesorder"), "SO-100001")?.field("statecode")?.value != "4")
    }
}
