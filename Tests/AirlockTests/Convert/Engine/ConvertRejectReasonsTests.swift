import AirlockKit
import Foundation
import Testing

/// A rejected record gives every reason it has, the most fundamental first, so that a user fixes the data once.
struct ConvertRejectReasonsTests {
    @Test func anOrphanNamesEachPlaceItLookedInOnce() throws {
        // A quote of a customer only the accounts flow would write, that flow left out: the customer is in no place.
        let folder = try Fixture.scratchDirectory("airlock-reasons")
        try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/out", only: ["quotes", "quote-lines"])
        let rows = try ConvertFixture.csvRows(folder + "/out/rejects/quotes.csv")
        let message = try #require(rows.first { $0["message"]?.contains("'ACC-10008'") == true }?["message"])
        #expect(
            message
                == "REQUESTINGCUSTOMERACCOUNTNUMBER 'ACC-10008' is in none of: the accounts output (CUSTOMERACCOUNT), the F&O export's Customers V2 (CUSTOMERACCOUNT), the F&O export's Customers V3 (CUSTOMERACCOUNT), the contacts-to-customers output (CUSTOMERACCOUNT)"
        )
    }

    @Test func aRecordThatIsAnOrphanAndADuplicateSaysBoth() throws {
        let folder = try Fixture.scratchDirectory("airlock-reasons")
        // The sample's second account: the first's account number, and a currency the export does not hold, named so
        // that no ISO 4217 code or name settles it.
        let source = try openPackageSource(path: ConvertFixture.sampleSales)
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        var data = String(decoding: try #require(entries["data.xml"]), as: UTF8.self)
        let accounts = try #require(data.range(of: "<entity name=\"account\""))
        let first = try #require(data.range(of: "<record id=", range: accounts.upperBound..<data.endIndex))
        let second = try #require(data.range(of: "<record id=", range: first.upperBound..<data.endIndex))
        let end = try #require(data.range(of: "</record>", range: second.upperBound..<data.endIndex))
        var record = String(data[second.lowerBound..<end.upperBound])
        let number = try #require(record.range(of: #"name="accountnumber" value="[^"]*""#, options: .regularExpression))
        record.replaceSubrange(number, with: #"name="accountnumber" value="ACC-10000""#)
        let currency = try #require(
            record.range(
                of: #"name="transactioncurrencyid" value="[^"]*"( lookupentity="[^"]*")?( lookupentityname="[^"]*")?"#,
                options: .regularExpression))
        record.replaceSubrange(
            currency,
            with:
                #"name="transactioncurrencyid" value="00000000-0000-0000-0000-0000000000ff" lookupentity="transactioncurrency" lookupentityname="Galactic Credit""#
        )
        data.replaceSubrange(second.lowerBound..<end.upperBound, with: record)
        entries["data.xml"] = Array(data.utf8)
        let sales = try ZipFixture.make(folder + "/sales-export.zip", entries: entries)

        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: sales, out: folder + "/out")
        let accountsFlow = try #require(result.report.flows["accounts"])
        #expect(
            accountsFlow.read == accountsFlow.created + accountsFlow.updated + accountsFlow.unchanged + accountsFlow.filtered
                + accountsFlow.rejected)
        let rejects = try String(contentsOfFile: folder + "/out/rejects/accounts.csv", encoding: .utf8)
        let line = try #require(rejects.split(separator: "\r\n").first { $0.contains("0000000000ff") })
        #expect(line.hasPrefix("orphan-reference,"), "the orphan comes first: \(line)")
        #expect(line.contains("| also duplicate-key CUSTOMERACCOUNT: key USMF/ACC-10000 is also record 1's"), "\(line)")
    }
}
