import AirlockKit
import Foundation
import Testing

/// `airlock mask` on the sample pair: both exports masked alike, so a conversion of the masked pair counts as the
/// clear one does; no clear value of a masked column left in any file; bad keys and policies refused.
@Suite struct MaskerTests {
    static func keyFile(in folder: String) throws -> String {
        let path = folder + "/mask.key"
        try Data("a secret long enough for a test\n".utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func mask(_ folder: String, out: String, more: [String] = []) throws -> AirlockRunner.Result {
        try AirlockRunner.run(
            [
                "mask", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out, "--key-file",
                try keyFile(in: folder),
            ] + more)
    }

    @Test func theMaskedPairConvertsAsTheClearOne() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask")
        let result = try Self.mask(folder, out: folder + "/masked")
        #expect(result.status == 0, "\(result.stderr)")
        let clear = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let masked = try ConvertFixture.convert(
            fo: folder + "/masked/fo-export.zip", sales: folder + "/masked/sales-export.zip", out: nil, dryRun: true)
        #expect(clear.report.flows.mapValues(\.counts) == masked.report.flows.mapValues(\.counts))
        // The same entities, files and record counts.
        for (clearPath, maskedPath) in [
            (ConvertFixture.sampleFO, folder + "/masked/fo-export.zip"), (ConvertFixture.sampleSales, folder + "/masked/sales-export.zip"),
        ] {
            let before = try PackageInspector.inspect(path: clearPath).entities.map { "\($0.name) \($0.records)" }
            let after = try PackageInspector.inspect(path: maskedPath).entities.map { "\($0.name) \($0.records)" }
            #expect(before == after)
        }
        // The same key gives the same files.
        #expect(try Self.mask(folder, out: folder + "/again").status == 0)
        for name in ["fo-export.zip", "sales-export.zip"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/masked/" + name))
                    == Data(contentsOf: URL(fileURLWithPath: folder + "/again/" + name)), "\(name)")
        }
        let report = try JSONDecoder().decode(MaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/masked/mask.json")))
        #expect(report.keyFingerprint.count == 16 && !report.columns.isEmpty)
        // The ledger holds the run with the key's fingerprint; neither it nor mask.json holds the key.
        let ledger = try String(contentsOfFile: folder + "/airlock-ledger.jsonl", encoding: .utf8)
        #expect(ledger.contains("\"command\":\"mask\"") && ledger.contains("key fingerprint \(report.keyFingerprint)"), "\(ledger)")
        let key = "a secret long enough for a test"
        #expect(!ledger.contains(key))
        #expect(!(try String(contentsOfFile: folder + "/masked/mask.json", encoding: .utf8)).contains(key))
    }

    @Test(arguments: ["defects", "dual-write", "unkeyed"])
    func otherPairsConvertAsTheClearOnesToo(_ kind: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-pairs")
        let written: [String]
        var convert: [String] = []
        switch kind {
        case "defects": written = try SampleGenerator.write(to: folder, accounts: 40, seed: 3, defects: true)
        case "dual-write":
            written = try SampleGenerator.write(to: folder, accounts: 24, seed: 17, templates: .dualWrite)
            convert = ["--templates", "dual-write", "--company", "USMF"]
        default:
            written = try SampleUnkeyedPair.write(to: folder, accounts: 200, seed: 4)
            convert = ["--assign-keys", "p2c"]
        }
        let masked = try AirlockRunner.run([
            "mask", "--fo", written[0], "--sales", written[1], "--out", folder + "/masked", "--key-file", try Self.keyFile(in: folder),
        ])
        #expect(masked.status == 0, "\(masked.stderr)")
        #expect(!masked.stdout.contains("warning: left clear"), "\(masked.stdout)")
        func counts(_ fo: String, _ sales: String) throws -> String {
            let result = try AirlockRunner.run(["convert", "--fo", fo, "--sales", sales, "--dry-run", "--no-ledger"] + convert)
            return String(result.stdout.split(separator: "\n").prefix { !$0.hasPrefix("total") }.joined(separator: "\n"))
        }
        #expect(try counts(written[0], written[1]) == counts(folder + "/masked/fo-export.zip", folder + "/masked/sales-export.zip"))
    }

    /// Whether `text` holds `value`; a value of digits only counts where no digit or decimal point adjoins it (the
    /// postcode 42000 inside the amount 142000.00 is no leak).
    static func holds(_ text: String, _ value: String) -> Bool {
        guard value.allSatisfy(\.isNumber) else { return text.contains(value) }
        var search = text.startIndex..<text.endIndex
        while let found = text.range(of: value, range: search) {
            let before = found.lowerBound > text.startIndex ? text[text.index(before: found.lowerBound)] : " "
            let after = found.upperBound < text.endIndex ? text[found.upperBound] : " "
            if !before.isNumber, before != ".", !after.isNumber, after != "." { return true }
            search = found.upperBound..<text.endIndex
        }
        return false
    }

    @Test func noClearValueOfAMaskedColumnIsLeft() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask")
        #expect(try Self.mask(folder, out: folder + "/masked").status == 0)
        let catalog = try SchemaCatalogLoader.bundled()
        let policy = try MaskPolicy.load(overlay: nil, catalog: catalog)
        // Every clear value (4 characters or more) of every masked column of both exports.
        // (A value that a column left clear also holds, a postcode equal to an amount, is no leak.)
        var clearValues: Set<String> = []
        var otherValues: Set<String> = []
        func collect(_ table: Table, masked: (String) -> Bool) {
            for (index, column) in table.columnNames.enumerated() {
                let isMasked = masked(column)
                for row in 0..<table.rowCount {
                    guard let value = table.value(row: row, column: index), value.count >= 4 else { continue }
                    if isMasked { clearValues.insert(value) } else { otherValues.insert(value) }
                }
            }
        }
        for (name, table) in try ConvertFixture.foTables(ConvertFixture.sampleFO) {
            collect(table) { policy.method(side: "fo", entity: name, column: $0, catalog: catalog) != nil }
        }
        let sales = try CMTPackageReader(path: ConvertFixture.sampleSales).read()
        for section in sales.data.entities {
            collect(section.records.values) { policy.method(side: "sales", entity: section.name, column: $0, catalog: catalog) != nil }
        }
        clearValues.subtract(otherValues)
        #expect(clearValues.count > 100)
        // Every entry of both masked packages, decoded to text.
        for package in ["fo-export.zip", "sales-export.zip"] {
            let source = try openPackageSource(path: folder + "/masked/" + package)
            for member in source.members {
                let bytes = try TextDecodingStream(source.open(member.name), location: SourceLocation(file: member.name)).readAll()
                let text = String(decoding: bytes, as: UTF8.self)
                let escaped = text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&lt;", with: "<")
                for value in clearValues where Self.holds(escaped, value) {
                    Issue.record("\(package) \(member.name) holds the clear value '\(value)'")
                }
            }
        }
        // Nor the report and its page, which name the checks run and the records found again.
        for name in ["mask.json", "mask.html"] {
            let text = try String(contentsOfFile: folder + "/masked/" + name, encoding: .utf8)
            for value in clearValues where Self.holds(text, value) { Issue.record("\(name) holds the clear value '\(value)'") }
        }
        let page = try String(contentsOfFile: folder + "/masked/mask.html", encoding: .utf8)
        #expect(page.contains("<h2>Checks</h2>") && page.contains("F&amp;O records") && page.contains("Sales records"))
        let report = try JSONDecoder().decode(MaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/masked/mask.json")))
        #expect(report.checks.allSatisfy(\.passed) && report.checks.count == 4, "\(report.checks)")
        #expect(!report.entities.isEmpty && report.entities.allSatisfy { $0.written == $0.records })
    }

    @Test func badKeysAndPoliciesAreRefusedAndNothingIsWritten() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask")
        let short = folder + "/short.key"
        try Data("short".utf8).write(to: URL(fileURLWithPath: short))
        let cases: [([String], String)] = [
            (["--key-file", short], "needs 16 or more"),
            (["--key-file", folder + "/missing.key"], "cannot read the masking key file"),
        ]
        for (arguments, message) in cases {
            let result = try AirlockRunner.run(
                ["mask", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", folder + "/out"] + arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
        for (policy, message) in [
            ("fo:\n  Customers V2:\n    CUSTOMERACCOUNT: token\n", "CUSTOMERACCOUNT is a key or names another record"),
            ("sales:\n  account:\n    nosuchcolumn: person\n", "account has no column nosuchcolumn"),
            ("sales:\n  account:\n    name: scramble\n", "unknown masking method"),
            ("fo:\n  Customers V2:\n    CREDITLIMIT: person\n", "person does not keep the type of Customers V2.CREDITLIMIT"),
            // The invoices flow copies F&O's invoice number, a key, into the Sales invoice's name.
            (
                "sales:\n  invoice:\n    name: organisation\n",
                "Sales invoice.name is masked as organisation, but the template invoices copies it to or from F&O Externally maintained customer sales invoice headers.INVOICENUMBER, which is a key, never masked"
            ),
            // Two entries of the policy on columns a flow copies into each other, masked otherwise or one kept clear.
            ("sales:\n  account:\n    address1_line1: token\nfo:\n  Customers V2:\n    ADDRESSSTREET: street\n", "which draws otherwise"),
            ("sales:\n  account:\n    description: keep\nfo:\n  Customers V2:\n    SALESMEMO: blank\n", "which the policy keeps clear"),
        ] {
            let path = folder + "/policy.yaml"
            try Data(policy.utf8).write(to: URL(fileURLWithPath: path))
            let result = try Self.mask(folder, out: folder + "/out", more: ["--policy", path])
            #expect(
                result.status == 2 && result.stderr.contains(message) && result.stderr.contains("policy.yaml: line "), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
        }
        // One entry changes a column and every copy the flows make of it: the accounts' names kept clear in both exports.
        let keep = folder + "/keep.yaml"
        try Data("sales:\n  account:\n    name: keep\n".utf8).write(to: URL(fileURLWithPath: keep))
        let kept = try Self.mask(folder, out: folder + "/kept", more: ["--policy", keep, "--plan", "--no-ledger"])
        #expect(kept.status == 0, "\(kept.stderr)")
        #expect(!kept.stdout.contains("account.name:") && !kept.stdout.contains("Customers V2.ORGANIZATIONNAME:"), "\(kept.stdout)")
        #expect(kept.stdout.contains("contact.firstname:"), "\(kept.stdout)")
        // Without a key file, the environment variable; without either, a refusal.
        let none = try AirlockRunner.run(["mask", "--fo", ConvertFixture.sampleFO, "--plan"])
        #expect(none.status == 2 && none.stderr.contains("no masking key"), "\(none.stderr)")
    }
}
