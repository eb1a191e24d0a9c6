import AirlockKit
import Foundation
import Testing

/// `airlock convert` through the library: the sample pair end to end, determinism, bad options.
struct ConvertTests {
    // MARK: - The samples end to end

    @Test func samplesConvertEndToEnd() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let out = parent + "/out"
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out)
        let report = result.report
        #expect(!result.tooManyRejects)
        #expect(result.validations.allSatisfy { $0.errors == 0 })
        #expect(report.company == "USMF")
        #expect(report.flowsNotRun.isEmpty)
        #expect(Set(report.flows.keys) == Set(ConvertFixture.flowNames))
        #expect(TemplateSet.bundledFlowNames == ConvertFixture.flowNames)

        // The accounting identity, recomputed here.
        var totals = (read: 0, filtered: 0, created: 0, updated: 0, unchanged: 0, rejected: 0, written: 0)
        for name in ConvertFixture.flowNames {
            let flow = try #require(report.flows[name], "\(name)")
            #expect(flow.read == flow.created + flow.updated + flow.unchanged + flow.filtered + flow.rejected, "\(name): \(flow)")
            #expect(flow.rejectedByReason.values.reduce(0, +) == flow.rejected, "\(name)")
            #expect(flow.filteredBy.values.reduce(0, +) == flow.filtered, "\(name): \(flow.filteredBy)")
            #expect(flow.written == flow.created + flow.updated, "\(name): without --full only created and updated records are written")
            #expect(flow.updatedFields.values.allSatisfy { $0 >= 1 && $0 <= flow.updated }, "\(name): \(flow.updatedFields)")
            #expect(flow.read > 0, "\(name): the sample has records for every flow")
            totals.read += flow.read
            totals.filtered += flow.filtered
            totals.created += flow.created
            totals.updated += flow.updated
            totals.unchanged += flow.unchanged
            totals.rejected += flow.rejected
            totals.written += flow.written
        }
        #expect(report.totals.read == totals.read)
        #expect(report.totals.filtered == totals.filtered)
        #expect(report.totals.created == totals.created)
        #expect(report.totals.updated == totals.updated)
        #expect(report.totals.unchanged == totals.unchanged)
        #expect(report.totals.rejected == totals.rejected)
        #expect(report.totals.written == totals.written)

        // The packages: present, readable, valid, and holding what the flows wrote.
        let foPath = out + "/" + RunLayout.foPackage
        let salesPath = out + "/" + RunLayout.salesPackage
        #expect(FileManager.default.fileExists(atPath: foPath))
        #expect(FileManager.default.fileExists(atPath: salesPath))
        let catalog = try SchemaCatalogLoader.bundled()
        let foValidation = try PackageValidator.validate(path: foPath, catalog: catalog)
        #expect(foValidation.kind == "fo")
        #expect(foValidation.errors == 0, "\(foValidation.text())")
        // Plain `airlock validate`: the package is a delta whose lookups point at records of the Sales export.
        let salesValidation = try PackageValidator.validate(path: salesPath, catalog: catalog)
        #expect(salesValidation.kind == "cmt")
        #expect(salesValidation.errors == 0, "\(salesValidation.text())")

        let foTables = try ConvertFixture.foTables(foPath)
        let foRows = foTables.values.reduce(0) { $0 + $1.rowCount }
        let toFO = ConvertFixture.flowNames.compactMap { report.flows[$0] }.filter { $0.direction == "sales-to-fo" }
        #expect(foRows == toFO.reduce(0) { $0 + $1.written }, "to-fo.zip holds every record the Sales → F&O flows write")
        for (label, table) in foTables {
            #expect(table.rowCount > 0, "\(label)")
            #expect(toFO.contains { $0.target == label }, "\(label) is the target of a flow")
            #expect(table.columnNames.contains("DATAAREAID"), "\(label)")
            for row in 0..<table.rowCount { #expect(table.value(row: row, column: "DATAAREAID") == "USMF", "\(label) row \(row)") }
        }

        let sales = try CMTPackageReader(path: salesPath).read()
        let salesRecords = sales.data.entities.reduce(0) { $0 + $1.recordCount }
        let toSales = ConvertFixture.flowNames.compactMap { report.flows[$0] }.filter { $0.direction == "fo-to-sales" }
        let generated = report.flows.values.flatMap(\.generated.values).reduce(0) { $0 + $1.created + $1.updated }
        #expect(
            salesRecords == toSales.reduce(0) { $0 + $1.written } + generated,
            "to-sales.zip holds every record the F&O → Sales flows and rules write")
        #expect(Set(sales.schema.entities.map(\.name)) == Set(sales.data.entities.map(\.name)))
        for entity in sales.data.entities {
            let ids = (0..<entity.recordCount).map { entity.record(at: $0).id.lowercased() }
            #expect(Set(ids).count == ids.count, "\(entity.name): one record per id")
            #expect(ids.allSatisfy { UUID(uuidString: $0) != nil }, "\(entity.name)")
        }

        // report.json: JSON, the documented shape, and what the library returned.
        let reportData = try Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport))
        let json = try #require(try JSONSerialization.jsonObject(with: reportData) as? [String: Any])
        for key in ["company", "flows", "flowsNotRun", "inputs", "outputs", "options", "totals", "tool", "version", "warnings"] {
            #expect(json[key] != nil, "report.json has \(key)")
        }
        #expect(json["tool"] as? String == "airlock")
        let flows = try #require(json["flows"] as? [String: Any])
        #expect(Set(flows.keys) == Set(ConvertFixture.flowNames))
        for name in ConvertFixture.flowNames {
            let flow = try #require(flows[name] as? [String: Any], "\(name)")
            let expected = try #require(report.flows[name])
            for (key, value) in [
                ("read", expected.read), ("filtered", expected.filtered), ("created", expected.created), ("updated", expected.updated),
                ("unchanged", expected.unchanged), ("rejected", expected.rejected), ("written", expected.written),
            ] {
                #expect(flow[key] as? Int == value, "flows.\(name).\(key)")
            }
            let byReason = try #require(flow["rejectedByReason"] as? [String: Int], "flows.\(name).rejectedByReason")
            #expect(byReason == expected.rejectedByReason)
            #expect(Set(byReason.keys).isSubset(of: Set(RejectReason.all.map(\.rawValue))), "\(name): \(byReason.keys)")
            #expect(flow["direction"] as? String == expected.direction)
            #expect(["sales-to-fo", "fo-to-sales"].contains(expected.direction))
            #expect(flow["updatedFields"] is [String: Int])
            #expect(flow["generated"] is [String: Any])
        }
        let decoded = try JSONDecoder().decode(ConversionReport.self, from: reportData)
        #expect(decoded == report)
        #expect(reportData.last == 0x0A)

        // rejects/<flow>.csv: one per flow that rejected, BOM + reason,field,message, one record per rejected record.
        let written = try ConvertFixture.files(under: out)
        var expectedFiles: Set<String> = [
            RunLayout.conversionReport, RunLayout.conversionPage, RunLayout.foPackage, RunLayout.salesPackage,
        ]
        for name in ConvertFixture.flowNames {
            let flow = try #require(report.flows[name])
            let file = "\(RunLayout.rejectsFolder)/\(name).csv"
            guard flow.rejected > 0 else {
                #expect(flow.rejectFile == nil, "\(name)")
                continue
            }
            expectedFiles.insert(file)
            #expect(flow.rejectFile == file)
            let csv = try ConvertFixture.csv(out + "/" + file)
            #expect(csv.bom, "\(file) starts with a UTF-8 BOM")
            let header = try #require(csv.records.first)
            #expect(Array(header.prefix(3)) == ["reason", "field", "message"], "\(file)")
            #expect(csv.records.count - 1 == flow.rejected, "\(file): one record per rejected record")
            let raw = try #require(written[file])
            #expect(String(decoding: raw, as: UTF8.self).hasSuffix("\r\n"), "\(file) ends with CRLF")
            for record in csv.records.dropFirst() {
                #expect(record.count == header.count, "\(file): \(record)")
                #expect(flow.rejectedByReason[record[0]] != nil, "\(file): reason \(record[0]) is counted")
                #expect(!record[2].isEmpty, "\(file): a message")
            }
            var counted: [String: Int] = [:]
            for record in csv.records.dropFirst() { counted[record[0], default: 0] += 1 }
            #expect(counted == flow.rejectedByReason, "\(file)")
        }
        #expect(Set(written.keys) == expectedFiles)
        #expect(Set(report.outputs.keys) == expectedFiles.subtracting([RunLayout.conversionReport, RunLayout.conversionPage]))
        for (name, digest) in report.outputs { #expect(digest.bytes == written[name]?.count, "\(name)") }
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
    }

    // MARK: - Determinism

    @Test func twoRunsWriteTheSameBytes() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let pair = try ConvertFixture.generatedPair(accounts: 30, seed: 3, defects: true)
        // The same --out twice: every file, report.json included, is byte for byte the same.
        let out = parent + "/out"
        try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: out)
        let first = try ConvertFixture.files(under: out)
        try FileManager.default.moveItem(atPath: out, toPath: parent + "/first")
        try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: out)
        let second = try ConvertFixture.files(under: out)
        #expect(first.keys.sorted() == second.keys.sorted())
        #expect(first.keys.contains(RunLayout.foPackage) && first.keys.contains(RunLayout.salesPackage))
        #expect(first.keys.contains { $0.hasPrefix(RunLayout.rejectsFolder + "/") })
        for (name, bytes) in first { #expect(second[name] == bytes, "\(name) differs between two runs") }

        // Another --out: everything but report.json (which records the output folder) is the same, and report.json
        // differs only there.
        let other = parent + "/other"
        try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: other)
        let third = try ConvertFixture.files(under: other)
        #expect(third.keys.sorted() == first.keys.sorted())
        let reports = [RunLayout.conversionReport, RunLayout.conversionPage]
        for (name, bytes) in first where !reports.contains(name) { #expect(third[name] == bytes, "\(name) differs with another --out") }
        for name in reports {
            let a = String(decoding: try #require(first[name]), as: UTF8.self).replacingOccurrences(of: out, with: "OUT")
            let b = String(decoding: try #require(third[name]), as: UTF8.self).replacingOccurrences(of: other, with: "OUT")
            #expect(a == b, "\(name) differs beyond the output folder")
        }
    }

    // MARK: - Bad options

    /// Runs `body`, expecting an `AirlockError` with code usage; returns its message.
    private func usageError(_ body: () throws -> Void) -> String? {
        do {
            try body()
            Issue.record("the run succeeded")
            return nil
        } catch let error as AirlockError {
            #expect(error.code == .usage, "\(error)")
            return error.message
        } catch {
            Issue.record("unexpected error \(error)")
            return nil
        }
    }

    @Test func aNonEmptyOutputFolderNeedsForce() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let out = parent + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/keep.txt"))
        let message = usageError { try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out) }
        #expect(message?.contains("--force") == true, "\(message ?? "")")
        #expect(try ConvertFixture.files(under: out) == ["keep.txt": Data("mine".utf8)], "the output folder is untouched")
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)

        // With --force Airlock's files are written; other files stay.
        try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out, force: true)
        let files = try ConvertFixture.files(under: out)
        #expect(files["keep.txt"] == Data("mine".utf8))
        #expect(files[RunLayout.conversionReport] != nil)
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
    }

    @Test func anOutputFolderHoldingAnInputIsRefused() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let inputs = parent + "/inputs"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: false)
        let fo = inputs + "/fo.zip"
        let sales = inputs + "/sales.zip"
        try FileManager.default.copyItem(atPath: ConvertFixture.sampleFO, toPath: fo)
        try FileManager.default.copyItem(atPath: ConvertFixture.sampleSales, toPath: sales)
        let before = try ConvertFixture.files(under: inputs)
        for out in [inputs, parent, inputs + "/"] {
            // --force too: the inputs are never overwritten.
            let message = usageError { try ConvertFixture.convert(fo: fo, sales: sales, out: out, force: true) }
            #expect(message?.contains("holds the input") == true, "\(out): \(message ?? "")")
            #expect(try ConvertFixture.files(under: inputs) == before)
        }
        // The Sales export alone inside --out is refused as well.
        let salesOnly = parent + "/sales-only"
        try FileManager.default.createDirectory(atPath: salesOnly, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: ConvertFixture.sampleSales, toPath: salesOnly + "/sales.zip")
        _ = usageError { try ConvertFixture.convert(fo: fo, sales: salesOnly + "/sales.zip", out: salesOnly, force: true) }
        #expect(try ConvertFixture.files(under: salesOnly).keys.sorted() == ["sales.zip"])
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
        #expect(ConvertFixture.stagingLeftovers(in: inputs).isEmpty)
    }

    @Test func onlyWithAnUnknownFlowNamesTheFlows() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let out = parent + "/out"
        let message = usageError {
            try ConvertFixture.convert(
                fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out, only: ["accounts", "acounts"])
        }
        let text = try #require(message)
        #expect(text.contains("'acounts'"))
        for name in ConvertFixture.flowNames { #expect(text.contains(name), "\(name)") }
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
    }

    @Test func onlyALineFlowWithoutItsHeaderFlowSaysWhatItNeeds() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let out = parent + "/out"
        let message = usageError {
            try ConvertFixture.convert(
                fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out, only: ["quote-lines", "order-lines-to-fo"])
        }
        let text = try #require(message)
        #expect(text.contains("quote-lines needs quotes") && text.contains("order-lines-to-fo needs orders-to-fo"), "\(text)")
        #expect(text.hasSuffix("--only orders-to-fo,quotes,quote-lines,order-lines-to-fo"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // With the header flows the lines run; the quotes' customers that only the accounts flow writes are
        // rejected, and the run says so, naming the flows --only leaves out.
        let result = try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: out, only: ["quotes", "quote-lines"])
        let warning = try #require(result.report.warnings.first { $0.hasPrefix("flow quotes reads the records of") })
        #expect(warning.contains("accounts") && warning.contains("which --only leaves out"), "\(warning)")
        // With what they read, the lines convert as in a run of every flow.
        let all = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        let needed = try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil,
            only: ["accounts", "contacts-to-customers", "quotes", "quote-lines"],
            dryRun: true)
        #expect(needed.report.flows["quote-lines"] == all.report.flows["quote-lines"])
    }

    @Test func packagesOfTheWrongKindAreRefused() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let out = parent + "/out"
        let asFO = usageError { try ConvertFixture.convert(fo: ConvertFixture.sampleSales, sales: ConvertFixture.sampleSales, out: out) }
        #expect(asFO?.contains("--fo") == true, "\(asFO ?? "")")
        let asSales = usageError { try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleFO, out: out) }
        #expect(asSales?.contains("--sales") == true, "\(asSales ?? "")")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)

        // An existing empty output folder stays empty.
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        _ = usageError { try ConvertFixture.convert(fo: ConvertFixture.sampleSales, sales: ConvertFixture.sampleSales, out: out) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).isEmpty)
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
    }

    @Test func dryRunWithoutOutWritesNothing() throws {
        let result = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: nil, dryRun: true)
        #expect(result.report.outputs.isEmpty)
        #expect(Set(result.report.flows.keys) == Set(ConvertFixture.flowNames))
        #expect(result.report.flows.values.allSatisfy { $0.rejectFile == nil })
    }

    @Test func onlyRunsTheNamedFlows() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert")
        let result = try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: parent + "/out", only: ["accounts", "products"])
        #expect(Set(result.report.flows.keys) == ["accounts", "products"])
        #expect(Set(result.report.flowsNotRun) == Set(ConvertFixture.flowNames).subtracting(["accounts", "products"]))
        let full = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: parent + "/full")
        #expect(result.report.flows["accounts"] == full.report.flows["accounts"])
        #expect(result.report.flows["products"] == full.report.flows["products"])
    }

    /// An F&O source record of another company is filtered (`other-company`); the company is compared trimmed and
    /// without case (the flow compares each distinct value of the dictionary-encoded column once).
    @Test func recordsOfAnotherCompanyAreFiltered() throws {
        let parent = try Fixture.scratchDirectory("airlock-other-company")
        let folder = parent + "/fo"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = try openPackageSource(path: ConvertFixture.sampleFO)
        let products = "Sellable released products.csv"
        for member in source.members {
            var bytes = try source.open(member.name).readAll()
            if member.name == products {
                // Rows 2 and 3 of another company, row 4 of this one written as " usmf ".
                var lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
                #expect(lines.count > 5 && lines[0].contains("DATAAREAID") && lines[2].contains(",USMF,"))
                lines[2] = lines[2].replacingOccurrences(of: ",USMF,", with: ",DEMF,")
                lines[3] = lines[3].replacingOccurrences(of: ",USMF,", with: ",demf,")
                lines[4] = lines[4].replacingOccurrences(of: ",USMF,", with: ", usmf ,")
                bytes = Array(lines.joined(separator: "\r\n").utf8)
            }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + member.name))
        }
        let edited = try ConvertFixture.convert(
            fo: folder, sales: ConvertFixture.sampleSales, out: parent + "/out", only: ["products"], company: "USMF")
        let original = try ConvertFixture.convert(
            fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: parent + "/original", only: ["products"])
        let flow = try #require(edited.report.flows["products"])
        let before = try #require(original.report.flows["products"])
        #expect(flow.filteredBy["other-company"] == 2)
        #expect(before.filteredBy["other-company"] == nil)
        #expect(flow.read == before.read)
        #expect(flow.filtered == before.filtered + 2)
    }
}
