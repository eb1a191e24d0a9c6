import AirlockKit
import Foundation
import Testing

/// Quotations both ways (`quotes`/`quote-lines` Sales → F&O, `quotes-to-sales`/`quote-lines-to-sales` F&O → Sales):
/// an F&O-only quotation is created in Sales with its lines, and a quotation both sides hold is updated from the
/// master side only.
extension DualWriteConvertTests {
    /// The rows of an F&O package's entity `label`, each as column → value.
    static func foRows(_ path: String, _ label: String) throws -> [[String: String]] {
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        guard let line = reader.manifest.entities.first(where: { $0.entityName == label }) else { return [] }
        let table = try reader.readEntity(line).table
        return (0..<table.rowCount).map { row in
            var values: [String: String] = [:]
            for (column, name) in table.columnNames.enumerated() { values[name] = table.value(row: row, column: column) ?? "" }
            return values
        }
    }

    /// The records of a Configuration Migration package's entity.
    static func records(_ package: CMTPackage, _ entity: String) -> [CMTRecord] {
        guard let section = package.data.entity(named: entity) else { return [] }
        return (0..<section.recordCount).map { section.record(at: $0) }
    }

    @Test func anFOOnlyQuotationIsCreatedInSalesWithItsLines() throws {
        let pair = try DualWritePair(accounts: 30, seed: 5)
        let report = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/run").report
        let export = try CMTPackageReader(path: pair.sales).read()
        let salesNumbers = Set(Self.records(export, "quote").compactMap { $0.field("msdyn_quotenumber")?.value })
        let headers = try Self.foRows(pair.fo, "CDS sales quotation header")
        let lines = try Self.foRows(pair.fo, "CDS sales quotation lines")
        let foOnly = headers.map { $0["SALESQUOTATIONNUMBER"] ?? "" }.filter { !salesNumbers.contains($0) }
        #expect(!foOnly.isEmpty)
        #expect(report.flows["quotes-to-sales"]?.created == foOnly.count)

        let written = try CMTPackageReader(path: pair.folder + "/run/" + RunLayout.salesPackage).read()
        let quotes = Dictionary(
            uniqueKeysWithValues: Self.records(written, "quote").compactMap { record in
                record.field("msdyn_quotenumber").map { ($0.value, record) }
            })
        let details = Self.records(written, "quotedetail")
        for number in foOnly {
            let quote = try #require(quotes[number], "\(number) is not created in Sales")
            for field in ["msdyn_company", "customerid", "transactioncurrencyid", "name", "totalamount", "msdyn_salesquotationstatus"] {
                #expect(quote.field(field)?.value.isEmpty == false, "\(number) lacks \(field)")
            }
            // No state is written: Dataverse creates the quote as a draft, the state the reverse map takes.
            #expect(quote.field("statecode") == nil && quote.field("statuscode") == nil)
            let expected = lines.filter { $0["SALESQUOTATIONNUMBER"] == number }.compactMap { $0["LINECREATIONSEQUENCENUMBER"] }
            let created = details.filter { $0.field("quoteid")?.value == quote.id }
            #expect(!expected.isEmpty)
            #expect(Set(created.compactMap { $0.field("sequencenumber")?.value }) == Set(expected), "\(number)'s lines")
            #expect(created.allSatisfy { $0.field("productid")?.value.isEmpty == false && $0.field("uomid")?.value.isEmpty == false })
        }
        // A confirmed quotation names the order it became, which the run writes too.
        let orders = Set(Self.records(written, "salesorder").map(\.id) + Self.records(export, "salesorder").map(\.id))
        let generated = foOnly.compactMap { quotes[$0]?.field("msdyn_generatedsalesordernumber")?.value }.filter { !$0.isEmpty }
        #expect(!generated.isEmpty && generated.allSatisfy(orders.contains))
    }

    @Test func aQuotationBothSidesHoldIsUpdatedFromTheMasterOnly() throws {
        let pair = try DualWritePair(accounts: 30, seed: 5)
        let export = try CMTPackageReader(path: pair.sales).read()
        var salesReference: [String: String] = [:]
        for record in Self.records(export, "quote") {
            guard let number = record.field("msdyn_quotenumber")?.value else { continue }
            salesReference[number] = record.field("msdyn_customersreference")?.value ?? ""
        }
        // A quotation both exports hold whose customer reference differs between them.
        let headers = try Self.foRows(pair.fo, "CDS sales quotation header")
        let drifted = try #require(
            headers.first { row in
                salesReference[row["SALESQUOTATIONNUMBER"] ?? ""].map { $0 != row["CUSTOMERSREFERENCE"] } ?? false
            })
        let number = try #require(drifted["SALESQUOTATIONNUMBER"])
        let foReference = try #require(drifted["CUSTOMERSREFERENCE"])

        // --master fo (the default): Sales takes F&O's reference; the Sales → F&O flow leaves F&O's quotation alone.
        let fo = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/fo").report
        #expect((fo.flows["quotes-to-sales"]?.updated ?? 0) > 0)
        #expect((fo.flows["quotes"]?.filteredBy[BuiltInFilter.heldByMaster] ?? 0) > 0)
        #expect(fo.flows["quotes"]?.updated == 0)
        let toSales = try CMTPackageReader(path: pair.folder + "/fo/" + RunLayout.salesPackage).read()
        let updated = try #require(Self.records(toSales, "quote").first { $0.field("msdyn_quotenumber")?.value == number })
        #expect(updated.field("msdyn_customersreference")?.value == foReference)
        let sentToFO = try Self.foRows(pair.folder + "/fo/" + RunLayout.foPackage, "CDS sales quotation header")
        #expect(!sentToFO.contains { $0["SALESQUOTATIONNUMBER"] == number })

        // --master sales: the other way round.
        let sales = try DualWritePair.convert(fo: pair.fo, sales: pair.sales, out: pair.folder + "/sales", master: "sales").report
        // Towards the master, only fields it holds empty are filled; a quotation with none to fill is left out.
        let towardsSales = try #require(sales.flows["quotes-to-sales"])
        #expect(towardsSales.updated + (towardsSales.filteredBy[BuiltInFilter.heldByMaster] ?? 0) == fo.flows["quotes-to-sales"]?.updated)
        #expect(towardsSales.fieldChanges.values.allSatisfy { ($0.from ?? "").isEmpty }, "\(towardsSales.fieldChanges)")
        #expect((towardsSales.keptByMaster["msdyn_customersreference"] ?? 0) > 0, "\(towardsSales.keptByMaster)")
        let keptInSales = try CMTPackageReader(path: pair.folder + "/sales/" + RunLayout.salesPackage).read()
        #expect(
            Self.records(keptInSales, "quote").allSatisfy {
                $0.field("msdyn_quotenumber")?.value != number || $0.field("msdyn_customersreference")?.value != foReference
            })
        #expect(
            sales.flows["quotes"]?.updated == (fo.flows["quotes"]?.filteredBy[BuiltInFilter.heldByMaster] ?? 0)
                + (fo.flows["quotes"]?.updated ?? 0))
        let back = try Self.foRows(pair.folder + "/sales/" + RunLayout.foPackage, "CDS sales quotation header")
        #expect(back.first { $0["SALESQUOTATIONNUMBER"] == number }?["CUSTOMERSREFERENCE"] == salesReference[number])
        // What a side lacks is created whichever side is the master.
        #expect(sales.flows["quotes-to-sales"]?.created == fo.flows["quotes-to-sales"]?.created)
        #expect(sales.flows["quotes"]?.created == fo.flows["quotes"]?.created)
    }
}
