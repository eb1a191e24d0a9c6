import Foundation
import Testing

@testable import AirlockKit
@testable import AirlockVerify

/// `verify` keeps a digest of each sent record's values in canonical form instead of the values, and reads the values
/// sent back from its work file only for the records whose digest differs: the canonical forms must compare exactly
/// as the comparison rules do, and the rows of `drifted.csv` must name the same fields with the same values.
struct VerifyDigestTests {
    /// Values that are equal or not under the rules in every way the rules tell apart.
    static let corpus = [
        "", " ", "12.5", "12.50", " 12.5 ", "+12.5", "012.5", "12,5", "12,50", "1,234", "1.234,5", "1,234.5", "-0", "0", "-0.0", ".5",
        "0.5", "5.", "5", "5.000", "-5", "1E5", "NaN", "nan", "abc", "ABC", "Abc ", "Yes", "YES", "yes", "No", "Ünïcode", "ÜNÏCODE",
        "ünïcode",
        "2026-03-11T13:45:00Z", "2026-03-11T14:45:00+01:00", "2026-03-11T14:45:00+0100", "2026-03-11 13:45", "3/11/2026 1:45:00 PM",
        "3/11/2026 01:45 PM", "2026-03-11", "3/11/2026 12:00:00 AM", "2026-03-11T13:45:00.1000000Z", "2026-03-11T13:45:00.1Z",
        "2026-02-30", "982dff41-9bba-4e46-a1e3-127424034240", "982DFF41-9BBA-4E46-A1E3-127424034240", "True", "true", "a & b",
        "a &amp; b", "a  b",
    ]

    @Test func canonicalFormsAreEqualExactlyWhenTheComparisonsSayEqual() {
        for comparison in ValueComparison.allCases {
            for left in Self.corpus {
                for right in Self.corpus {
                    let expected = comparison.equivalent(left, right)
                    #expect(
                        Self.canonical(left, comparison) == Self.canonical(right, comparison) || !expected, "\(comparison) \(left) \(right)"
                    )
                    #expect(
                        Self.canonical(left, comparison) != Self.canonical(right, comparison) || expected, "\(comparison) \(left) \(right)")
                }
            }
        }
    }

    @Test func sentAndFoundFormsAreEqualExactlyWhenTheRuleSaysEqual() {
        let rules: [FieldRule] = [.text, .caseInsensitive, .decimal, .foDate, .dateTime]
        let separators: [UInt8?] = [nil, UInt8(ascii: "."), UInt8(ascii: ",")]
        for rule in rules {
            for separator in separators {
                for sent in Self.corpus {
                    for found in Self.corpus {
                        let equal = Self.bytes(sent) { sent in Self.bytes(found) { rule.equal(sent, $0, decimalSeparator: separator) } }
                        let same = Self.same(rule, sent: sent, found: found, separator: separator)
                        #expect(same == equal, "\(rule) \(String(describing: separator)) sent \(sent) found \(found)")
                    }
                }
            }
        }
        // The forms the issue names.
        #expect(Self.same(.decimal, sent: "12.5", found: "12.50"))
        #expect(Self.same(.decimal, sent: "12.5", found: "12,50", separator: nil))
        #expect(!Self.same(.decimal, sent: "12.5", found: "12.51"))
        #expect(Self.same(.caseInsensitive, sent: "Yes", found: "YES"))
        #expect(Self.same(.dateTime, sent: "2026-03-11T13:45:00Z", found: "2026-03-11T14:45:00+01:00"))
    }

    @Test func aDigestTellsRecordsApartByTheirValuesAndTheirBoundaries() {
        func digest(_ values: [String], rule: FieldRule = .text) -> RecordDigest {
            let digester = FieldDigester()
            for value in values { Self.bytes(value) { digester.addSent($0, rule: rule) } }
            return digester.digest()
        }
        #expect(digest(["ab", "c"]) != digest(["a", "bc"]))
        #expect(digest(["12.5", "x"], rule: .decimal) == digest(["12.50", "x"], rule: .decimal))
        #expect(digest(["a"]) != digest(["a", ""]))
        let long = String(repeating: "x", count: 300)
        #expect(digest([long, "y"]) != digest([long + "y"]))
        #expect(digest([long, "y"]) != digest([String(long.dropLast()), "xy"]))
        #expect(digest([long, "y"]) == digest([long, "y"]))
    }

    @Test func recordIdsAreFoundInEveryFormAGUIDIsWrittenIn() throws {
        var index = SentIDIndex()
        let ids = (0..<1_000).map { number in CMTValueCodec.guidText(high: UInt64(number) &* 0x9E37_79B9_7F4A_7C15, low: UInt64(number)) }
        for id in ids + [ids[7]] { try Self.bytes(id) { try index.append($0, location: SourceLocation()) } }
        #expect(index.count == 1_001)
        for (row, id) in ids.enumerated() {
            #expect(index.row(for: id) == row)
            #expect(index.text(of: row) == id)
        }
        let id = ids[42]
        for form in [id.uppercased(), "{\(id)}", "(\(id.uppercased()))", id.replacingOccurrences(of: "-", with: ""), " \(id)\t"] {
            #expect(index.row(for: form) == 42, "\(form)")
        }
        #expect(index.text(of: 1_000) == ids[7])
        #expect(index.row(for: ids[7]) == 7, "the first record with an id is found")
        #expect(index.row(for: "not a guid") == nil)
        #expect(index.row(for: CMTValueCodec.guidText(high: 1, low: 2)) == nil)
        #expect(throws: AirlockError.self) { try Self.bytes("x") { try index.append($0, location: SourceLocation()) } }
    }

    @Test func valuesThatCompareEqualLandAndADriftedRecordNamesOnlyTheFieldsThatDiffer() throws {
        var customer = ""
        var organization = ""
        var orderID = ""
        var orderNumber = ""
        var orderName = ""
        var orderDescription = ""
        let scenario = try VerifyScenario.make { run in
            var tampering = ImportSimulator.Tampering()
            let fo = run + "/" + RunLayout.foPackage
            customer = try PackageValues.foValues(fo, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 1)[0]
            organization = try PackageValues.foValues(fo, label: "Customers V2", column: "ORGANIZATIONNAME", count: 1)[0]
            tampering.changedFO[.init(entity: "Customers V2", key: [customer])] = ("ORGANIZATIONNAME", "Changed by the target")
            let sales = run + "/" + RunLayout.salesPackage
            orderID = try PackageValues.salesIDs(sales, entity: "salesorder", count: 1)[0]
            let orders = try PackageValues.salesTable(sales, entity: "salesorder")
            orderNumber = orders.value(row: 0, column: "ordernumber") ?? ""
            orderName = orders.value(row: 0, column: "name") ?? ""
            orderDescription = orders.value(row: 0, column: "description") ?? ""
            return tampering
        }
        #expect(!orderName.isEmpty && !orderDescription.isEmpty)
        // F&O hands back decimals at another scale and NoYes in capitals; the Sales export writes the order's
        // amount at another scale, its currency lookup in capitals with braces, its bool in lower case, its name
        // changed and no description.
        let rescaled = scenario.folder + "/fo-rescaled.zip"
        try FOExportRewriter.rewrite(export: scenario.fo, output: rescaled, label: "Customers V2", column: "CREDITLIMIT") { $0 + "00" }
        try FOExportRewriter.rewrite(export: rescaled, output: scenario.fo, label: "Customers V2", column: "ISEXTERNALLYMAINTAINED") {
            $0.uppercased()
        }
        try Self.rewriteSalesRecord(scenario.sales, id: orderID) { line in
            if line.contains("name=\"description\"") { return nil }
            if line.contains("name=\"name\"") { return Self.withValue(line) { _ in "Renamed in Sales" } }
            if line.contains("name=\"totalamount\"") { return Self.withValue(line) { $0 + "000" } }
            if line.contains("name=\"msdynce_ismaintainedexternally\"") { return Self.withValue(line) { $0.lowercased() } }
            if line.contains("name=\"transactioncurrencyid\"") { return Self.withValue(line) { "{\($0.uppercased())}" } }
            return line
        }
        let result = try scenario.verify(["--allow-drift"])
        #expect(result.status == 0, "\(result.stderr)")
        let drifted = try ConvertFixture.csv(scenario.output + "/drifted.csv").records.dropFirst()
        #expect(
            Set(drifted) == [
                ["accounts", "fo", "Customers V2", "USMF/\(customer)", "", "ORGANIZATIONNAME", organization, "Changed by the target"],
                ["orders-to-sales", "sales", "salesorder", orderNumber, orderID, "description", orderDescription, ""],
                ["orders-to-sales", "sales", "salesorder", orderNumber, orderID, "name", orderName, "Renamed in Sales"],
            ], "\(Array(drifted))")
        let report = try scenario.report()
        #expect(report.totals.drifted == 2)
        #expect(report.totals.missing == 0)
        #expect(report.flows["accounts"]?.driftedFields == ["ORGANIZATIONNAME": 1])
        #expect(report.flows["orders-to-sales"]?.driftedFields == ["description": 1, "name": 1])
        // The work files the values went to are gone.
        #expect(ConvertFixture.stagingLeftovers(in: scenario.run).isEmpty)
        #expect(
            try ConvertFixture.files(under: scenario.output).keys.sorted() == ["drifted.csv", "missing.csv", "verify.html", "verify.json"])
    }

    @Test func anExportInAnyLayoutGivesTheSameOutcomes() throws {
        let scenario = try VerifyScenario.make { run in
            var tampering = ImportSimulator.Tampering()
            let fo = run + "/" + RunLayout.foPackage
            let customers = try PackageValues.foValues(fo, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 3)
            tampering.droppedFO.insert(.init(entity: "Customers V2", key: [customers[0]]))
            tampering.changedFO[.init(entity: "Customers V2", key: [customers[1]])] = ("ORGANIZATIONNAME", "Changed by the target")
            tampering.changedFO[.init(entity: "Customers V2", key: [customers[2]])] = ("CREDITLIMIT", "1.5")
            return tampering
        }
        #expect(try scenario.verify(["--allow-drift"]).status == 1)
        let missing = Set(try ConvertFixture.csv(scenario.output + "/missing.csv").records)
        let drifted = Set(try ConvertFixture.csv(scenario.output + "/drifted.csv").records)
        let totals = try scenario.report().totals
        #expect(totals.missing == 1 && totals.drifted == 2)
        // The columns the digests are planned on come from the export's files: XML (whose records reveal columns as
        // they come), another column order and case, a column more.
        for dialect in [FODialectWriter.Dialect.xmlElement, .xmlAttribute, .reorderedLowerCase, .extraColumn, .excel] {
            let export = scenario.folder + "/fo-\(dialect.rawValue.prefix(8)).zip"
            try FODialectWriter.write(export: scenario.fo, output: export, dialect: dialect)
            let result = try AirlockRunner.run([
                "verify", "--run", scenario.run, "--fo", export, "--sales", scenario.sales, "--force", "--allow-drift",
            ])
            #expect(result.status == 1, "\(dialect): \(result.stderr)")
            #expect(Set(try ConvertFixture.csv(scenario.output + "/missing.csv").records) == missing, "\(dialect)")
            #expect(Set(try ConvertFixture.csv(scenario.output + "/drifted.csv").records) == drifted, "\(dialect)")
            #expect(try scenario.report().totals == totals, "\(dialect)")
        }
    }

    // MARK: helpers

    /// `line`, a `<field … value="…" …/>` of `data.xml`, with its value (as written) changed by `change`.
    private static func withValue(_ line: String, _ change: (String) -> String) -> String {
        guard let start = line.range(of: "value=\""), let end = line[start.upperBound...].firstIndex(of: "\"") else { return line }
        return line.replacingCharacters(in: start.upperBound..<end, with: change(String(line[start.upperBound..<end])))
    }

    /// Rewrites, in the Configuration Migration package at `path`, the `<field>` lines of record `id` as written in
    /// `data.xml`: `rewrite` returns a line changed, or nil to drop it.
    static func rewriteSalesRecord(_ path: String, id: String, _ rewrite: (String) -> String?) throws {
        let source = try openPackageSource(path: path)
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        let data = try #require(entries["data.xml"])
        // CR LF is one Character: lines are split and joined on it.
        var lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        let start = try #require(lines.firstIndex { $0.contains("<record id=\"\(id)\"") })
        #expect(lines.count > start + 1, "data.xml has a line per field")
        var index = start + 1
        while index < lines.count, !lines[index].contains("</record>") {
            if lines[index].contains("<field ") {
                if let changed = rewrite(lines[index]) {
                    lines[index] = changed
                } else {
                    lines.remove(at: index)
                    continue
                }
            }
            index += 1
        }
        entries["data.xml"] = Array(lines.joined(separator: "\r\n").utf8)
        try FileManager.default.removeItem(atPath: path)
        try ZipFixture.make(path, entries: entries)
    }

    private static func canonical(_ value: String, _ comparison: ValueComparison) -> [UInt8] {
        let form = ByteBuffer()
        bytes(value) { comparison.appendCanonical($0, to: form) }
        return form.withBytes { Array($0) }
    }

    private static func same(_ rule: FieldRule, sent: String, found: String, separator: UInt8? = UInt8(ascii: ".")) -> Bool {
        let sentForm = ByteBuffer()
        let foundForm = ByteBuffer()
        bytes(sent) { rule.appendSent($0, to: sentForm) }
        bytes(found) { rule.appendFound($0, decimalSeparator: separator, to: foundForm) }
        return sentForm.withBytes { sent in foundForm.withBytes { sent.elementsEqual($0) } }
    }

    @discardableResult
    private static func bytes<R>(_ text: String, _ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        var text = text
        return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
    }
}
