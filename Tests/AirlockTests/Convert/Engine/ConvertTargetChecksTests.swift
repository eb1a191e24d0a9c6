import AirlockKit
import Foundation
import Testing

/// `convert` refuses the record whose value the F&O import would refuse, with the reason and the basis
/// `validate` gives: one defect at a time in a dual-write pair's accounts (Customers V3). A value within a D365
/// length goes out.
struct ConvertTargetChecksTests {
    /// A dual-write pair whose Sales export `edit` changed, converted for USMF with Sales as the master (so that
    /// accounts F&O holds are updated, not left to F&O); the run's output folder.
    /// `paymentTerm`, when given, renames the terms of payment `Net10` in the F&O export's Terms of payment as well (so
    /// that the accounts' reference to it still finds it; its customers still name Net10, so they are updates).
    static func convert(templates: String? = nil, paymentTerm: String? = nil, edit: (inout String) throws -> Void) throws -> String {
        let folder = try Fixture.scratchDirectory("airlock-target-checks")
        _ = try SampleGenerator.write(to: folder, accounts: 6, seed: 1, templates: .dualWrite)
        var fo = folder + "/" + RunLayout.foExport
        if let paymentTerm {
            let renamed = folder + "/edited-fo.zip"
            try FOExportRewriter.rewrite(export: fo, output: renamed, label: "Terms of payment", column: "NAME") {
                $0 == "Net10" ? paymentTerm : $0
            }
            fo = renamed
        }
        let source = try openPackageSource(path: folder + "/" + RunLayout.salesExport)
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        var data = String(decoding: try #require(entries["data.xml"]), as: UTF8.self)
        try edit(&data)
        entries["data.xml"] = Array(data.utf8)
        let sales = try ZipFixture.make(folder + "/edited-sales.zip", entries: entries)
        let out = folder + "/out"
        _ = try Converter.run(
            ConversionOptions(
                foPath: fo, salesPath: sales, outputDirectory: out, company: "USMF",
                templatesDirectory: templates, templateSet: templates == nil ? "dual-write" : nil, master: "sales"),
            catalog: SchemaCatalogLoader.bundled())
        return out
    }

    /// Replaces `old` with `new` once in `text`.
    static func replace(_ old: String, with new: String, in text: inout String) throws {
        let range = try #require(text.range(of: old), "\(old)")
        text.replaceSubrange(range, with: new)
    }

    /// Edits the record of account `number` in `data` (its `<record …>…</record>` text).
    static func editAccount(_ number: String, in data: inout String, _ edit: (inout String) throws -> Void) throws {
        let key = try #require(data.range(of: "<field name=\"accountnumber\" value=\"\(number)\""))
        let start = try #require(data.range(of: "<record id=", options: .backwards, range: data.startIndex..<key.lowerBound))
        let end = try #require(data.range(of: "</record>", range: key.upperBound..<data.endIndex))
        var record = String(data[start.lowerBound..<end.upperBound])
        try edit(&record)
        data.replaceSubrange(start.lowerBound..<end.upperBound, with: record)
    }

    /// The reject lines of the accounts flow.
    static func rejects(_ out: String) throws -> [[String: String]] {
        let path = out + "/rejects/accounts-to-customers.csv"
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return try ConvertFixture.csvRows(path)
    }

    /// The Customers V3 rows `to-fo.zip` holds, by account.
    static func customers(_ out: String) throws -> [String: [String: String]] {
        let table = try #require(try ConvertFixture.foTables(out + "/to-fo.zip")["Customers V3"])
        var rows: [String: [String: String]] = [:]
        for row in 0..<table.rowCount {
            var values: [String: String] = [:]
            for (column, name) in table.columnNames.enumerated() { values[name] = table.value(row: row, column: column) ?? "" }
            rows[values["CUSTOMERACCOUNT"] ?? ""] = values
        }
        return rows
    }

    @Test func anAccountNumberOverTheCustomerAccountsTwentyIsRefused() throws {
        let long = "ACC-" + String(repeating: "7", count: 26)
        let out = try Self.convert {
            try Self.replace("name=\"accountnumber\" value=\"ACC-10000\"", with: "name=\"accountnumber\" value=\"\(long)\"", in: &$0)
        }
        let reject = try #require(try Self.rejects(out).first { $0["accountnumber"] == long })
        #expect(reject["reason"] == "invalid-value" && reject["field"] == "CUSTOMERACCOUNT")
        #expect(reject["message"]?.contains("30 characters, over the field's 20") == true)
        #expect(reject["message"]?.contains("D365 7.0 database schema (2016)") == true)
        #expect(try Self.customers(out)[long] == nil)
    }

    @Test func anOrganizationWithoutANameIsRefused() throws {
        let out = try Self.convert { data in
            // The first account's name, gone.
            try Self.editAccount("ACC-10000", in: &data) { record in
                let name = try #require(record.range(of: #"<field name="name" value="[^"]*" />\s*"#, options: .regularExpression))
                record.removeSubrange(name)
            }
        }
        let reject = try #require(try Self.rejects(out).first { $0["accountnumber"] == "ACC-10000" })
        #expect(reject["reason"] == "missing-required" && reject["field"] == "ORGANIZATIONNAME")
        #expect(reject["message"]?.hasPrefix("PARTYTYPE is Organization, so the record needs ORGANIZATIONNAME") == true)
        #expect(try Self.customers(out)["ACC-10000"] == nil)
    }

    @Test func paymentTermsOfTwoHundredAreRefusedSixtyGoOut() throws {
        // The terms of payment Net10 renamed on both sides, so that the accounts that use it still find it.
        func renamed(_ name: String) throws -> String {
            try Self.convert(paymentTerm: name) {
                try Self.replace("name=\"msdyn_name\" value=\"Net10\"", with: "name=\"msdyn_name\" value=\"\(name)\"", in: &$0)
            }
        }
        let refused = try renamed(String(repeating: "T", count: 200))
        let rejects = try Self.rejects(refused).filter { $0["field"] == "PAYMENTTERMS" }
        #expect(!rejects.isEmpty && rejects.allSatisfy { $0["reason"] == "invalid-value" })
        #expect(rejects.first?["message"]?.contains("200 characters, over the field's 100") == true)
        #expect(rejects.first?["message"]?.contains("D365 application metadata (2025)") == true)

        let sixty = String(repeating: "S", count: 60)
        let written = try renamed(sixty)
        #expect(try Self.rejects(written).isEmpty)
        #expect(try Self.customers(written).values.contains { $0["PAYMENTTERMS"] == sixty })
    }

    @Test func aValueOutsideItsEnumIsRefused() throws {
        // A team maps a free-text column into an enum field: a value that is no member is refused, not written.
        let templates = try Fixture.scratchDirectory("airlock-target-checks-templates")
        _ = try TemplateExporter.export(to: templates, set: .dualWrite)
        let path = templates + "/accounts-to-customers.yaml"
        var template = try String(contentsOfFile: path, encoding: .utf8)
        try Self.replace("fields:\n", with: "fields:\n  - {from: description, to: ONHOLDSTATUS, source: inferred}\n", in: &template)
        try template.write(toFile: path, atomically: true, encoding: .utf8)
        let out = try Self.convert(templates: templates) { data in
            try Self.editAccount("ACC-10000", in: &data) { record in
                if let description = record.range(of: #"<field name="description" value="[^"]*" />"#, options: .regularExpression) {
                    record.replaceSubrange(description, with: "<field name=\"description\" value=\"Blocked\" />")
                } else {
                    let number = try #require(record.range(of: "<field name=\"accountnumber\""))
                    record.insert(contentsOf: "<field name=\"description\" value=\"Blocked\" />\n        ", at: number.lowerBound)
                }
            }
        }
        let reject = try #require(try Self.rejects(out).first { $0["accountnumber"] == "ACC-10000" })
        #expect(reject["reason"] == "invalid-value" && reject["field"] == "ONHOLDSTATUS")
        #expect(reject["message"]?.contains("not a symbol of enum CustVendorBlocked") == true)
    }

    @Test func prospectToCashRefusesAThirtyCharacterCustomerAccountToo() throws {
        // The default set writes accounts to Customers V2, whose CUSTOMERACCOUNT is the same CustAccount (20).
        let folder = try Fixture.scratchDirectory("airlock-target-checks-p2c")
        let source = try openPackageSource(path: ConvertFixture.sampleSales)
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        var data = String(decoding: try #require(entries["data.xml"]), as: UTF8.self)
        let number = try #require(data.range(of: #"name="accountnumber" value="[^"]*""#, options: .regularExpression))
        let long = String(repeating: "K", count: 30)
        data.replaceSubrange(number, with: "name=\"accountnumber\" value=\"\(long)\"")
        entries["data.xml"] = Array(data.utf8)
        let sales = try ZipFixture.make(folder + "/sales-export.zip", entries: entries)
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: sales, out: folder + "/out")
        #expect(result.report.flows["accounts"]?.rejected == 1)
        let reject = try #require(try ConvertFixture.csvRows(folder + "/out/rejects/accounts.csv").first)
        #expect(reject["reason"] == "invalid-value" && reject["field"] == "CUSTOMERACCOUNT" && reject["accountnumber"] == long)
        #expect(reject["message"]?.contains("over the field's 20") == true)
        let customers = try #require(try ConvertFixture.foTables(folder + "/out/to-fo.zip")["Customers V2"])
        let accounts = (0..<customers.rowCount).compactMap {
            customers.value(row: $0, column: customers.columnIndex(named: "CUSTOMERACCOUNT") ?? 0)
        }
        #expect(!accounts.contains(long))
    }
}
