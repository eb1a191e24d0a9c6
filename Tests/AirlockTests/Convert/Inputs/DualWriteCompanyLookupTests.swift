import AirlockKit
import Foundation
import Testing

/// A lookup to a company-specific Sales table (payment terms, warehouses, accounts…) that the run's output does not
/// close is matched in the Sales export on the conversion company's rows only: a Sales export holding several legal
/// entities' rows under the same code must not resolve to another company's row.
@Suite struct DualWriteCompanyLookupTests {
    @Test func aLookupClosedByTheSalesExportTakesTheConversionCompanysRow() throws {
        let pair = try DualWritePair(accounts: 24, seed: 33)
        // F&O's terms of payment renamed, so that the customers' payment terms are not among the rows the run
        // writes and must be found in the Sales export.
        let fo = pair.folder + "/renamed-terms-fo.zip"
        try FOExportRewriter.rewrite(export: pair.fo, output: fo, label: "Terms of payment", column: "NAME") { "X-" + $0 }

        // A second legal entity in the Sales export, holding a payment term of each name before the conversion
        // company's: the first row with a name is the other company's.
        var package = try CMTPackageReader(path: pair.sales).read()
        let terms = try #require(package.data.entities.firstIndex { $0.name == "msdyn_paymentterm" })
        let other = try DualWritePair.addCompany("DEMF", to: &package)
        let original = package.data.entities[terms]
        var section = CMTEntityData(
            name: original.name, displayName: original.displayName,
            fieldNames: try #require(package.schema.entity(named: "msdyn_paymentterm")).fieldNames)
        var ownIds: Set<String> = []
        var otherIds: Set<String> = []
        for index in 0..<original.recordCount {
            let record = original.record(at: index)
            var copy = record
            copy.id = String(format: "7c0e0000-0000-4000-8000-%012d", index)
            #expect(record.fields.contains { $0.name == "msdyn_company" })
            copy.fields = copy.fields.map { field in
                var field = field
                if field.name == "msdyn_company" { field.value = other }
                if field.name == "msdyn_paymenttermid" { field.value = copy.id }
                return field
            }
            try section.append(copy)
            try section.append(record)
            ownIds.insert(record.id.lowercased())
            otherIds.insert(copy.id.lowercased())
        }
        package.data.entities[terms] = section
        let sales = pair.folder + "/two-companies-sales.zip"
        try CMTPackageWriter.write(package, to: sales)

        let run = pair.folder + "/run"
        let result = try DualWritePair.convert(fo: fo, sales: sales, out: run)
        // The same accounts are refused as with the Sales export of one company (payment terms only F&O holds).
        let alone = try DualWritePair.convert(fo: fo, sales: pair.sales, out: nil)
        #expect(result.report.flows["customers-to-accounts"]?.rejected == alone.report.flows["customers-to-accounts"]?.rejected)
        let written = try CMTPackageReader(path: run + "/to-sales.zip").read()
        let accounts = try #require(written.data.entities.first { $0.name == "account" })
        var linked = 0
        for index in 0..<accounts.recordCount {
            guard let term = accounts.record(at: index).fields.first(where: { $0.name == "msdyn_paymentterm" })?.value else { continue }
            linked += 1
            #expect(!otherIds.contains(term.lowercased()), "an account is linked to the other company's payment term \(term)")
            #expect(ownIds.contains(term.lowercased()), "an account's payment term \(term) is not the conversion company's")
        }
        #expect(linked > 0)
    }

    /// Lines carry their company like their headers, and a Sales export whose lines have no company column at all
    /// (lines exported before their company was filled) matches them as the conversion company's (no line is created
    /// twice).
    @Test func linesCarryTheirCompanyAndExportedLinesWithoutOneStillMatch() throws {
        let pair = try DualWritePair(accounts: 24, seed: 13)
        // The sample's lines name their company; an export without the column is cut from it.
        var exported = try CMTPackageReader(path: pair.sales).read()
        let lineEntities = ["salesorderdetail", "quotedetail"]
        for (index, entity) in exported.schema.entities.enumerated() where lineEntities.contains(entity.name) {
            #expect(entity.field(named: "msdyn_company") != nil, "the sample's \(entity.name) has a company column")
            exported.schema.entities[index].fields.removeAll { $0.name == "msdyn_company" }
        }
        for (index, section) in exported.data.entities.enumerated() where lineEntities.contains(section.name) {
            guard let schema = exported.schema.entity(named: section.name) else { continue }
            var cut = CMTEntityData(schema: schema)
            for row in 0..<section.recordCount {
                var record = section.record(at: row)
                record.fields.removeAll { $0.name == "msdyn_company" }
                try cut.append(record)
            }
            exported.data.entities[index] = cut
        }
        let sales = pair.folder + "/sales-lines-without-company.zip"
        try CMTPackageWriter.write(exported, to: sales)
        let run = pair.folder + "/run"
        let report = try DualWritePair.convert(fo: pair.fo, sales: sales, out: run).report
        for flow in ["order-lines-to-sales", "quote-lines-to-sales"] {
            let counts = try #require(report.flows[flow])
            #expect(
                counts.updated > 0,
                "\(flow): the lines both sides hold are matched and get their company (\(counts.created) created, \(counts.updated) updated, \(counts.unchanged) unchanged)"
            )
        }
        let written = try CMTPackageReader(path: run + "/to-sales.zip").read()
        for entity in ["salesorderdetail", "quotedetail", "invoicedetail"] {
            let section = try #require(written.data.entities.first { $0.name == entity })
            #expect(section.recordCount > 0)
            for index in 0..<section.recordCount {
                let record = section.record(at: index)
                #expect(record.fields.contains { $0.name == "msdyn_company" && !$0.value.isEmpty }, "\(entity) \(record.id) has no company")
            }
        }
    }
}
