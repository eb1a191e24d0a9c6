import AirlockKit
import Foundation
import Testing

/// `--master fo` on Prospect to cash: a customer F&O holds keeps every value F&O has, and takes Sales' values only
/// where F&O holds none. Linking records (`--keymap`) with it turns into a link, not an overwrite of F&O's names.
@Suite struct MasterFillTests {
    /// The samples' F&O export with every customer's e-mail empty, and a conversion of it with `options`.
    static func run(_ more: [String]) throws -> (out: String, fo: String, report: ConversionReport) {
        let folder = try Fixture.scratchDirectory("airlock-master-fill")
        let fo = folder + "/fo-export.zip"
        try FOExportRewriter.rewrite(
            export: ConvertFixture.sampleFO, output: fo, label: "Customers V2", column: "PRIMARYCONTACTEMAIL"
        ) { _ in "" }
        let out = folder + "/run"
        let result = try AirlockRunner.run(
            ["convert", "--fo", fo, "--sales", ConvertFixture.sampleSales, "--out", out, "--no-ledger", "--only", "accounts"] + more)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport)))
        return (out, fo, report)
    }

    @Test func theMasterKeepsItsValuesAndFillsOnlyItsEmptyFields() throws {
        let sales = try Self.run([])
        let accounts = try #require(sales.report.flows["accounts"])
        // Without a master, Sales' phone replaces F&O's on ACC-10001 (the drift the sample designs).
        #expect(accounts.fieldChanges["PRIMARYCONTACTPHONE"]?.records == 1)
        let filled = try #require(accounts.fieldChanges["PRIMARYCONTACTEMAIL"]).records
        #expect(filled > 0)

        let master = try Self.run(["--master", "fo"])
        let kept = try #require(master.report.flows["accounts"])
        #expect(Set(kept.fieldChanges.keys) == ["PRIMARYCONTACTEMAIL"], "\(kept.fieldChanges)")
        #expect(kept.fieldChanges["PRIMARYCONTACTEMAIL"]?.records == filled)
        #expect(kept.keptByMaster == ["PRIMARYCONTACTPHONE": 1])
        #expect(kept.updated == filled && kept.filteredBy[BuiltInFilter.heldByMaster] == nil)
        #expect(kept.created == accounts.created)
        // The package carries F&O's phone and the Sales e-mail for the customer that drifted.
        let foCustomers = try #require(try ConvertFixture.foTables(master.fo)["Customers V2"])
        let written = try #require(try ConvertFixture.foTables(master.out + "/" + RunLayout.foPackage)["Customers V2"])
        func row(_ table: Table, _ key: String) -> Int? {
            (0..<table.rowCount).first { table.value(row: $0, column: "CUSTOMERACCOUNT") == key }
        }
        let drifted = try #require(row(written, "ACC-10001"))
        let original = try #require(row(foCustomers, "ACC-10001"))
        #expect(
            written.value(row: drifted, column: "PRIMARYCONTACTPHONE") == foCustomers.value(row: original, column: "PRIMARYCONTACTPHONE"))
        #expect(!(written.value(row: drifted, column: "PRIMARYCONTACTEMAIL") ?? "").isEmpty)
        // The page lists what was kept and why, and each changed field with an example.
        let page = try String(contentsOfFile: master.out + "/report.html", encoding: .utf8)
        #expect(page.contains("Values existing records kept"))
        #expect(page.contains("the master side&#39;s value (--master fo)") || page.contains("the master side's value (--master fo)"))
        #expect(page.contains("example (the first record&#39;s)") || page.contains("example (the first record's)"))
        let text = try AirlockRunner.run([
            "convert", "--fo", master.fo, "--sales", ConvertFixture.sampleSales, "--plan", "--master", "fo", "--only", "accounts",
        ])
        #expect(
            text.stdout.contains(
                "  keeps the master's values: PRIMARYCONTACTPHONE on 1 record; only the fields it holds empty take the other side's values"),
            "\(text.stdout)")
    }

    @Test func aRecordWithNothingToFillIsHeldByTheMaster() throws {
        // The samples' F&O export holds every e-mail: the drifted customer has nothing to fill.
        let out = try Fixture.scratchDirectory("airlock-master-fill") + "/run"
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out, "--no-ledger", "--only",
            "accounts", "--master", "fo",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("keeps the master's values (--master fo): PRIMARYCONTACTPHONE on 1 record"), "\(result.stdout)")
        let report = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport)))
        let accounts = try #require(report.flows["accounts"])
        #expect(accounts.updated == 0 && accounts.filteredBy[BuiltInFilter.heldByMaster] == 1 && accounts.fieldChanges.isEmpty)
    }
}
