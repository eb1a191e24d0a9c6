import AirlockKit
import Foundation
import Testing

/// Masked means no trace: a value the policy masks is replaced wherever it is typed, in any text column of either
/// export (an order's formatted address, a reference, a note), by the same masked text as the value itself; the
/// report lists every text column left clear with what was found in it.
@Suite struct MaskNoTraceTests {
    static let key = "the no-trace suite's key, long enough\n"

    /// The pair `kind` written into `folder`: its two exports and the arguments `convert` needs for it.
    static func pair(_ kind: String, in folder: String) throws -> [String] {
        switch kind {
        case "default": return try SampleGenerator.write(to: folder, accounts: 40, seed: 11)
        case "defects": return try SampleGenerator.write(to: folder, accounts: 40, seed: 3, defects: true)
        case "dual-write": return try SampleGenerator.write(to: folder, accounts: 24, seed: 17, templates: .dualWrite)
        default: return try SampleUnkeyedPair.write(to: folder, accounts: 200, seed: 4)
        }
    }

    static func mask(_ written: [String], in folder: String, more: [String] = []) throws -> AirlockRunner.Result {
        let key = folder + "/mask.key"
        try Data(Self.key.utf8).write(to: URL(fileURLWithPath: key))
        let exports = written.isEmpty ? [] : written.count == 1 ? ["--sales", written[0]] : ["--fo", written[0], "--sales", written[1]]
        return try AirlockRunner.run(["mask"] + exports + ["--out", folder + "/masked", "--key-file", key, "--no-ledger"] + more)
    }

    /// Every value of the masked columns of both exports that a reader would call a trace: four characters or more,
    /// and two words or more, or ten characters or more.
    static func tracedValues(fo: String?, sales: String) throws -> Set<String> {
        let catalog = try SchemaCatalogLoader.bundled()
        let policy = try MaskPolicy.load(overlay: nil, catalog: catalog)
        var values: Set<String> = []
        func collect(_ table: Table, masked: (String) -> Bool) {
            for (index, column) in table.columnNames.enumerated() where masked(column) {
                for row in 0..<table.rowCount {
                    guard let value = table.value(row: row, column: index)?.trimmingCharacters(in: .whitespaces), value.count >= 4
                    else { continue }
                    if value.split(separator: " ").count >= 2 || value.count >= 10 { values.insert(value) }
                }
            }
        }
        let foTables: [String: Table] = try fo.map { try ConvertFixture.foTables($0) } ?? [:]
        for (name, table) in foTables {
            collect(table) { policy.method(side: "fo", entity: name, column: $0, catalog: catalog) != nil }
        }
        for section in try CMTPackageReader(path: sales).read().data.entities {
            collect(section.records.values) { policy.method(side: "sales", entity: section.name, column: $0, catalog: catalog) != nil }
        }
        return values
    }

    /// The text of every entry of the package at `path`, decoded, XML's escapes undone.
    static func entryTexts(_ path: String) throws -> [(name: String, text: String)] {
        let source = try openPackageSource(path: path)
        return try source.members.map { member in
            let bytes = try TextDecodingStream(source.open(member.name), location: SourceLocation(file: member.name)).readAll()
            let text = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "&amp;", with: "&")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            return (member.name, text)
        }
    }

    @Test(arguments: ["default", "defects", "dual-write", "unkeyed"])
    func noClearValueIsLeftAnywhere(_ kind: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try Self.pair(kind, in: folder)
        let result = try Self.mask(written, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let values = try Self.tracedValues(fo: written[0], sales: written[1])
        #expect(values.count > 50)
        var left: [String] = []
        for package in ["fo-export.zip", "sales-export.zip"] {
            for (name, text) in try Self.entryTexts(folder + "/masked/" + package) {
                for value in values where text.contains(value) { left.append("\(package) \(name): '\(value)'") }
            }
        }
        #expect(left.isEmpty, "\(left.count) clear values left: \(left.prefix(20))")
    }

    /// Real Sales exports hold names where no policy names them: an account's name in the display name of another
    /// entity's record (`Fall 2022 - Gilda Moss`), a contact's e-mail address among an e-mail's activity parties, a
    /// street in a column the catalog does not know.
    @Test(arguments: [
        "edu-k12-sampledata-2022/K12-SampleData.zip", "ia-nonprofit/DefaultData.zip", "abvogel-partylist/abvogel-partylist.cmt.zip",
    ])
    func noClearValueIsLeftInARealExport(_ export: String) throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sales = RealExport.path(export)
        let result = try Self.mask([sales], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let values = try Self.tracedValues(fo: nil, sales: sales)
        var left: [String] = []
        for (name, text) in try Self.entryTexts(folder + "/masked/sales-export.zip") {
            for value in values where text.contains(value) { left.append("\(name): '\(value)'") }
        }
        #expect(left.isEmpty, "\(left.count) clear values left: \(left.prefix(20))")
    }

    @Test func aValueTypedIntoOtherTextIsMaskedAsTheValueIs() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try Self.pair("dual-write", in: folder)
        #expect(try Self.mask(written, in: folder).status == 0)
        // An order's formatted delivery address holds its street, which the policy masks: the masked address holds the
        // masked street, as the street column says it.
        let clear = try #require(try ConvertFixture.foTables(written[0])["CDS sales order headers"])
        let masked = try #require(try ConvertFixture.foTables(folder + "/masked/fo-export.zip")["CDS sales order headers"])
        var checked = 0
        for row in 0..<clear.rowCount {
            guard let street = clear.value(row: row, column: "DELIVERYADDRESSSTREET"), street.count >= 4, street.contains(" "),
                let address = clear.value(row: row, column: "FORMATTEDDELVERYADDRESS"), address.contains(street),
                let maskedStreet = masked.value(row: row, column: "DELIVERYADDRESSSTREET"),
                let maskedAddress = masked.value(row: row, column: "FORMATTEDDELVERYADDRESS")
            else { continue }
            #expect(maskedStreet != street && maskedAddress.contains(maskedStreet) && !maskedAddress.contains(street), "\(maskedAddress)")
            checked += 1
        }
        #expect(checked > 5)
        // The report lists every text column left clear, and what was found in each.
        let report = try JSONDecoder().decode(MaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/masked/mask.json")))
        let address = try #require(
            report.clearColumns.first { $0.entity == "CDS sales order headers" && $0.column == "FORMATTEDDELVERYADDRESS" })
        #expect(address.found >= checked && address.replaced >= address.found && !address.kept)
        #expect(report.clearColumns.contains { $0.side == "sales" && $0.found == 0 && $0.values > 0 })
        #expect(report.sought > 100)
        let page = try String(contentsOfFile: folder + "/masked/mask.html", encoding: .utf8)
        #expect(page.contains("Text left clear, searched for masked values") && page.contains("FORMATTEDDELVERYADDRESS"))
        // The order's reference and the invoice's are one column, masked alike in both entities.
        #expect(
            report.columns.contains {
                $0.entity == "Sales invoice headers V2" && $0.column == "CUSTOMERSORDERREFERENCE" && $0.masked > 0
            })
    }

    @Test func aColumnTheUserKeepsIsCountedNotChanged() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try Self.pair("dual-write", in: folder)
        let policy = folder + "/keep.yaml"
        try Data("fo:\n  CDS sales order headers:\n    FORMATTEDDELVERYADDRESS: keep\n".utf8).write(to: URL(fileURLWithPath: policy))
        #expect(try Self.mask(written, in: folder, more: ["--policy", policy]).status == 0)
        let clear = try #require(try ConvertFixture.foTables(written[0])["CDS sales order headers"])
        let masked = try #require(try ConvertFixture.foTables(folder + "/masked/fo-export.zip")["CDS sales order headers"])
        #expect(
            (0..<clear.rowCount).map { clear.value(row: $0, column: "FORMATTEDDELVERYADDRESS") }
                == (0..<masked.rowCount).map { masked.value(row: $0, column: "FORMATTEDDELVERYADDRESS") })
        let report = try JSONDecoder().decode(MaskReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/masked/mask.json")))
        let kept = try #require(
            report.clearColumns.first { $0.column == "FORMATTEDDELVERYADDRESS" && $0.entity == "CDS sales order headers" })
        #expect(kept.kept && kept.found > 0 && kept.replaced == 0)
    }

    @Test func freeTextTakesAMethodThatKeepsItsShape() throws {
        let folder = try Fixture.scratchDirectory("airlock-mask-trace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = try Self.pair("default", in: folder)
        for (policy, line) in [
            ("fo:\n  CDS Contacts:\n    NOTES: phone\n", 3), ("sales:\n  account:\n    name: keep\n    description: token\n", 4),
        ] {
            let path = folder + "/policy.yaml"
            try Data(policy.utf8).write(to: URL(fileURLWithPath: path))
            let result = try Self.mask(written, in: folder, more: ["--policy", path])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stderr.contains("policy.yaml: line \(line)") && result.stderr.contains("is free text"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: folder + "/masked"))
        }
        // A reference that is a number is an identifier: `token` is its method.
        let path = folder + "/policy.yaml"
        try Data("fo:\n  Customers V3:\n    PANREFERENCENUMBER: token\n".utf8).write(to: URL(fileURLWithPath: path))
        let identifier = try Self.mask(written, in: folder, more: ["--policy", path, "--plan"])
        #expect(identifier.status == 0, "\(identifier.stderr)")
    }

    /// The words a search folds inside text are the words `match` folds, wherever they stand.
    @Test func foldedWordsAreTheWordsMatchFolds() throws {
        let texts = [
            "PO \"446\", Søndergaard,", "Wiśniewski & Synowie Sp. z o.o.", "O'Brien’s Straße 12b", "ÆBLE-Œuvre Ærø", "Ελληνικά Άλφα",
            "e\u{301}cole", "  spaced   out  ", "", "&&", "x@y.example.com", "ŁÓDŹ 90-001", "日本語 テキスト", "Ålesund\u{0}",
        ]
        for text in texts {
            var found: [String] = []
            var spans: [String] = []
            var buffer: [UInt8] = []
            var copy = text
            copy.withUTF8 { bytes in
                FoldedWords.forEach(in: UnsafeRawBufferPointer(bytes), word: &buffer) { word, range in
                    found.append(String(decoding: word, as: UTF8.self))
                    spans.append(String(decoding: UnsafeRawBufferPointer(bytes)[range], as: UTF8.self))
                }
            }
            #expect(found == TextFolding.words(text), "\(text)")
            // Each span folds to its word alone.
            for (span, word) in zip(spans, found) { #expect(TextFolding.words(span) == [word], "\(text): \(span)") }
        }
    }
}
