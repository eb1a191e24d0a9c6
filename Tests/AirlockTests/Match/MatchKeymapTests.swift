import AirlockKit
import Foundation
import Testing

/// What a match run feeds into the load: `convert --keymap` turns the linked accounts and contacts into updates of
/// their F&O records, and `to-sales-keys.zip` writes the F&O keys into Sales and validates.
@Suite struct MatchKeymapTests {
    static func counts(_ result: ConversionResult, _ flow: String) throws -> RecordCounts {
        try #require(result.report.flows[flow]).counts
    }

    @Test func linkedRecordsConvertAsUpdatesAndTheIdentityHolds() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-keymap")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 400, seed: 9)
        let matched = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let catalog = try SchemaCatalogLoader.bundled()
        let plain = try Converter.run(
            ConversionOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/plain"), catalog: catalog)
        let keyed = try Converter.run(
            ConversionOptions(
                foPath: written[0], salesPath: written[1], outputDirectory: folder + "/keyed", keymap: folder + "/match/" + RunLayout.keymap
            ),
            catalog: catalog)
        let accounts = try #require(matched.entities.first { $0.entity == "accounts" })
        let before = try Self.counts(plain, "accounts")
        let after = try Self.counts(keyed, "accounts")
        // Without the keymap no Sales account carries a key F&O knows: none is an update.
        #expect(before.updated + before.unchanged == 0)
        // With it, every linked account finds its customer.
        #expect(after.updated + after.unchanged == accounts.linked)
        // An account with a number of its own that F&O does not know is created either way, unless it is linked:
        // then its customer's key replaces that number (keysReplaced) and it is an update.
        #expect(before.created > 0)
        #expect(after.created == before.created - accounts.keysReplaced)
        let contacts = try #require(matched.entities.first { $0.entity == "contacts" })
        let contactsAfter = try Self.counts(keyed, "contacts")
        let toCustomers = try Self.counts(keyed, "contacts-to-customers")
        #expect(contactsAfter.updated + contactsAfter.unchanged + toCustomers.updated + toCustomers.unchanged >= contacts.linked * 9 / 10)
        for (name, flow) in keyed.report.flows {
            let c = flow.counts
            #expect(c.read == c.created + c.updated + c.unchanged + c.filtered + c.rejected, "\(name): every record accounted for")
        }
        #expect(keyed.report.options.keymap == folder + "/match/" + RunLayout.keymap)
        #expect(keyed.report.inputs["keymap"] != nil)
    }

    @Test func withMasterFOLinkingKeepsFOValues() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-keymap")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 400, seed: 9)
        _ = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let keymap = folder + "/match/" + RunLayout.keymap
        let overwrite = try AirlockRunner.run([
            "convert", "--fo", written[0], "--sales", written[1], "--out", folder + "/sales-wins", "--keymap", keymap, "--no-ledger",
        ])
        let kept = try AirlockRunner.run([
            "convert", "--fo", written[0], "--sales", written[1], "--out", folder + "/fo-wins", "--keymap", keymap, "--no-ledger",
            "--master", "fo",
        ])
        #expect(overwrite.status == 0 && kept.status == 0, "\(overwrite.stderr)\(kept.stderr)")
        func report(_ run: String) throws -> ConversionReport {
            try JSONDecoder().decode(
                ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/" + run + "/" + RunLayout.conversionReport)))
        }
        let salesWins = try #require(try report("sales-wins").flows["accounts"])
        let foWins = try #require(try report("fo-wins").flows["accounts"])
        // Linked customers spelt another way in Sales: their names change without a master, and keep F&O's with it.
        let renamed = try #require(salesWins.fieldChanges["ORGANIZATIONNAME"]).records
        #expect(renamed > 0)
        #expect(foWins.fieldChanges["ORGANIZATIONNAME"] == nil && foWins.keptByMaster["ORGANIZATIONNAME"] == renamed)
        #expect(kept.stdout.contains("accounts keeps the master's values (--master fo): "), "\(kept.stdout)")
        // The page says what linking does.
        let page = try String(contentsOfFile: folder + "/sales-wins/report.html", encoding: .utf8)
        #expect(page.contains("<strong>Linked records are updated</strong> (--keymap)"))
    }

    @Test func theSalesKeyPackageValidates() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-keys")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 200, seed: 4)
        let result = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let path = folder + "/match/" + RunLayout.salesKeyPackage
        let report = try PackageValidator.validate(path: path, catalog: try SchemaCatalogLoader.bundled())
        #expect(report.errors == 0, "\(report.findings.prefix(3))")
        let package = try CMTPackageReader(path: path).read()
        let accounts = try #require(package.data.entity(named: "account"))
        #expect(accounts.records.values.columnNames == ["@id", "accountid", "accountnumber"])
        let linked = try #require(result.entities.first { $0.entity == "accounts" })
        #expect(accounts.records.count == linked.keysToSet)
        #expect(linked.keysToSet > 0)
    }

    @Test func aKeymapThatDoesNotHoldIsRefusedAndNothingIsWritten() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-keymap-bad")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 60, seed: 2)
        _ = try Matcher.run(
            MatchingOptions(foPath: written[0], salesPath: written[1], outputDirectory: folder + "/match"),
            catalog: SchemaCatalogLoader.bundled())
        let keymap = try MatchQuality.rows(folder + "/match/" + RunLayout.keymap)
        let first = try #require(keymap.first)
        func write(_ rows: [[String: String]], header: [String] = Keymap.columns, _ name: String) throws -> String {
            try EditedCSV.write(rows, header: header, to: folder + "/" + name)
        }
        var unknownSales = first
        unknownSales["sales_id"] = "00000000-0000-4000-8000-000000000000"
        var unknownFO = first
        unknownFO["fo_key"] = "NOBODY"
        var renamed = Keymap.columns
        renamed[7] = "customer"
        let cases: [(String, String, String)] = [
            ("unknown Sales record", try write([unknownSales], "sales.csv"), "which the Sales export does not hold"),
            ("unknown F&O record", try write([unknownFO], "fo.csv"), "which the F&O export does not hold"),
            ("edited header", try write(keymap, header: renamed, "header.csv"), "where fo_key belongs"),
            ("linked twice", try write([first, first], "twice.csv"), "is linked twice"),
        ]
        for (name, path, message) in cases {
            let out = folder + "/convert-" + name.replacingOccurrences(of: " ", with: "-")
            let result = try AirlockRunner.run([
                "convert", "--fo", written[0], "--sales", written[1], "--out", out, "--keymap", path, "--no-ledger",
            ])
            #expect(result.status == 2, "\(name): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
            #expect(result.stderr.contains(path), "\(name): names the file")
            #expect(!FileManager.default.fileExists(atPath: out), "\(name): nothing written")
        }
    }

    /// The keymap of another pair: refused at its first line, not at the first line of whichever entity the Sales export
    /// lists first, and named as probably another pair's.
    @Test func aKeymapOfAnotherPairIsRefusedAtItsFirstLine() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-keymap-other")
        for side in ["a", "b"] { try FileManager.default.createDirectory(atPath: folder + "/" + side, withIntermediateDirectories: true) }
        let pair = try SampleUnkeyedPair.write(to: folder + "/a", accounts: 60, seed: 2)
        let other = try SampleUnkeyedPair.write(to: folder + "/b", accounts: 60, seed: 3)
        _ = try Matcher.run(
            MatchingOptions(foPath: pair[0], salesPath: pair[1], outputDirectory: folder + "/match"), catalog: SchemaCatalogLoader.bundled()
        )
        let keymap = folder + "/match/" + RunLayout.keymap
        let result = try AirlockRunner.run([
            "convert", "--fo", other[0], "--sales", other[1], "--out", folder + "/run", "--keymap", keymap, "--no-ledger",
        ])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("airlock: \(keymap): line 2, "), "\(result.stderr)")
        #expect(result.stderr.contains("is it the keymap of another pair of exports?"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
