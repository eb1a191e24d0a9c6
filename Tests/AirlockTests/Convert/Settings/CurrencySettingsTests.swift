import AirlockKit
import Foundation
import Testing

/// Currencies a Sales export names but does not hold, read by name; `--currency`, `--default-currency`, `--country`
/// and what they refuse.
@Suite struct CurrencySettingsTests {
    /// A small pair whose Sales export lacks its currency records, the accounts' lookups named `names` in turn.
    static func pairWithoutCurrencies(naming names: [String]) throws -> SmallPair {
        var pair = try SmallPair()
        try pair.removeSales("transactioncurrency", where: [:])
        let accounts = try pair.exportRecords("account").sorted { $0.id < $1.id }
        for (index, account) in accounts.enumerated() {
            try pair.setSales("account", where: ["accountid": account.id], ["transactioncurrencyid": nil])
            try pair.addSalesLookup(
                "account", where: ["accountid": account.id], field: "transactioncurrencyid",
                id: "00000000-0000-0000-0000-00000000000\(index % names.count + 1)", entity: "transactioncurrency",
                name: names[index % names.count])
        }
        return pair
    }

    @Test func aCurrencyTheExportLacksIsReadByItsCodeOrName() throws {
        var pair = try Self.pairWithoutCurrencies(naming: ["US Dollar", "EUR"])
        let run = try pair.convert()
        #expect(run.report.flows["accounts"]?.rejectedByReason["orphan-reference"] == nil, "\(run.report.warnings)")
        let currencies = Set(try run.foRows("Customers V2").compactMap { $0["SALESCURRENCYCODE"] })
        #expect(currencies.isSubset(of: ["USD", "EUR"]) && !currencies.isEmpty)
        #expect(run.report.warnings.contains { $0.contains("'US Dollar' → USD") && $0.contains("'EUR' → EUR") })
    }

    @Test func aNameTheTableDoesNotKnowIsOneWarningAndASettingSettlesIt() throws {
        var pair = try Self.pairWithoutCurrencies(naming: ["Galactic Credit"])
        let count = try pair.exportRecords("account").count
        let unsettled = try pair.convert()
        #expect(unsettled.report.flows["accounts"]?.rejectedByReason["orphan-reference"] == count)
        let warnings = unsettled.report.warnings.filter { $0.contains("'Galactic Credit'") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("named by \(count) records") == true)
        #expect(warnings.first?.contains("--currency 'Galactic Credit=CODE'") == true)
        let settled = try pair.convert { $0.currencies = ["galactic credit=EUR"] }
        #expect(settled.report.flows["accounts"]?.rejectedByReason["orphan-reference"] == nil)
        #expect(try settled.foRows("Customers V2").allSatisfy { $0["SALESCURRENCYCODE"] == "EUR" })
        #expect(settled.report.warnings.contains { $0.contains("'Galactic Credit' → EUR (\(count) records, --currency)") })
    }

    @Test func aRecordWithoutACurrencyTakesTheDefaultOnlyWhenCreated() throws {
        var pair = try SmallPair()
        let accounts = try pair.exportRecords("account").sorted { $0.id < $1.id }
        for account in accounts { try pair.setSales("account", where: ["accountid": account.id], ["transactioncurrencyid": nil]) }
        // One account F&O does not hold yet: the run creates its customer.
        try pair.setSales("account", where: ["accountid": accounts[0].id], ["accountnumber": "ACC-NEW-1"])
        let without = try pair.convert()
        let warning = try #require(without.report.warnings.first { $0.contains("--default-currency CODE") })
        #expect(warning.contains("name no transactioncurrencyid and F&O requires SALESCURRENCYCODE"))
        let rejects = try without.rejects("accounts")
        #expect(rejects.contains { $0["message"]?.contains("the run gives no --default-currency") == true })
        let with = try pair.convert { $0.defaultCurrency = "chf" }
        #expect(with.report.flows["accounts"]?.rejectedByReason["missing-required"] == nil)
        let export = try #require(try ConvertFixture.foTables(pair.fo)["Customers V2"])
        let held = Dictionary(
            (0..<export.rowCount).map {
                (export.value(row: $0, column: "CUSTOMERACCOUNT") ?? "", export.value(row: $0, column: "SALESCURRENCYCODE"))
            },
            uniquingKeysWith: { first, _ in first })
        let rows = try with.foRows("Customers V2")
        #expect(rows.contains { held[$0["CUSTOMERACCOUNT"] ?? ""] == nil }, "the pair creates customers")
        for row in rows {
            let key = row["CUSTOMERACCOUNT"] ?? ""
            // A created customer takes the default; one F&O holds keeps the currency it has there.
            let expected: String? = held[key] == nil ? "CHF" : held[key] ?? nil
            #expect(row["SALESCURRENCYCODE"] == expected, "\(key)")
        }
        // Customers F&O holds keep their currency: they are not updated to the default.
        #expect(with.report.flows["accounts"]?.updatedFields["SALESCURRENCYCODE"] == nil)
    }

    @Test(arguments: [
        (["--default-currency", "XYZ"], "--default-currency 'XYZ' is no ISO 4217 currency code"),
        (["--currency", "Galactic=ZZZ"], "--currency 'Galactic=ZZZ': ZZZ is no ISO 4217 currency code"),
        (["--currency", "Galactic"], "--currency 'Galactic' takes NAME=CODE"),
        (["--country", "Atlantis=AT1"], "--country 'Atlantis=AT1': AT1 is no ISO 3166-1 country code"),
        (["--country", "=GR"], "--country '=GR' takes NAME=CODE, both given"),
    ])
    func aBadSettingIsOneLineAndExitTwo(_ arguments: [String], _ expected: String) throws {
        let out = try Fixture.scratchDirectory("airlock-settings") + "/out"
        let result = try AirlockRunner.run(
            ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out, "--no-ledger"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
