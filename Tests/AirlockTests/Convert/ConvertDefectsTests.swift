import AirlockKit
import Foundation
import Testing

/// `airlock sample --defects` writes the records a converter must reject and their answer key; `convert`
/// rejects exactly those, for the reason the key gives, and nothing else.
struct ConvertDefectsTests {
    /// The natural key of a reject file's row: the flow's source key parts joined with "/". A Sales key path
    /// (`quoteid.quotenumber`) is followed through the Sales export: the row holds the lookup's GUID, the
    /// referenced record gives the attribute (empty when the export does not hold it).
    static func key(of row: [String: String], template: MappingTemplate, salesRecords: [String: CMTRecord]) -> String {
        template.source.key.map { part -> String in
            guard let referenced = part.referencedField else { return row[part.field] ?? "" }
            let id = (row[part.field] ?? "").lowercased()
            return salesRecords[id]?.field(referenced)?.value ?? ""
        }.joined(separator: "/")
    }

    @Test(arguments: zip([20, 40, 60], [UInt64(1), 7, 3]))
    func rejectsAreExactlyTheAnswerKey(accounts: Int, seed: UInt64) throws {
        let pair = try ConvertFixture.generatedPair(accounts: accounts, seed: seed, defects: true)
        let out = pair.folder + "/out"
        let report = try ConvertFixture.convert(fo: pair.fo, sales: pair.sales, out: out).report
        let templates = try TemplateLoader.bundled()

        // The Sales export's records by id, to follow key paths.
        let sales = try CMTPackageReader(path: pair.sales).read()
        var salesRecords: [String: CMTRecord] = [:]
        for entity in sales.data.entities {
            for row in 0..<entity.recordCount {
                let record = entity.record(at: row)
                salesRecords[record.id.lowercased()] = record
            }
        }

        // The answer key, and what the converter rejected, as sorted "key | reason" per flow.
        var expected: [String: [String]] = [:]
        for row in try ConvertFixture.csvRows(pair.folder + "/" + SampleGenerator.expectedRejectsFileName) {
            expected[row["flow"] ?? "?", default: []].append("\(row["key"] ?? "?") | \(row["reason"] ?? "?")")
        }
        #expect(Set(expected.keys).isSubset(of: Set(ConvertFixture.flowNames)), "\(expected.keys.sorted())")
        var actual: [String: [String]] = [:]
        for name in ConvertFixture.flowNames {
            let template = try #require(templates.template(named: name))
            let path = out + "/" + RunLayout.rejectsFolder + "/" + name + ".csv"
            guard FileManager.default.fileExists(atPath: path) else {
                #expect(report.flows[name]?.rejected == 0, "\(name): rejected records but no reject file")
                continue
            }
            let csv = try ConvertFixture.csv(path)
            #expect(csv.bom, "\(name).csv starts with a UTF-8 BOM")
            #expect(Array((csv.records.first ?? []).prefix(3)) == ["reason", "field", "message"], "\(name).csv")
            #expect(csv.records.count - 1 == report.flows[name]?.rejected, "\(name).csv: one record per rejected record")
            for row in try ConvertFixture.csvRows(path) {
                actual[name, default: []].append(
                    "\(Self.key(of: row, template: template, salesRecords: salesRecords)) | \(row["reason"] ?? "?")")
            }
        }

        for name in ConvertFixture.flowNames {
            let want = (expected[name] ?? []).sorted()
            let got = (actual[name] ?? []).sorted()
            var missing = want
            var extra: [String] = []
            for entry in got {
                if let index = missing.firstIndex(of: entry) { missing.remove(at: index) } else { extra.append(entry) }
            }
            #expect(missing.isEmpty, "\(name): not rejected as the answer key says: \(missing)")
            #expect(extra.isEmpty, "\(name): rejected but not in the answer key: \(extra)")
            #expect(report.flows[name]?.rejected == want.count, "\(name)")
        }
        #expect(report.totals.rejected == expected.values.reduce(0) { $0 + $1.count })
    }

    /// The defects only add records: every count of the clean pair's conversion is there, plus the defects.
    @Test func defectsAddOnlyTheirRejects() throws {
        let clean = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let defective = try ConvertFixture.generatedPair(accounts: 40, seed: 7, defects: true)
        let a = try ConvertFixture.convert(fo: clean.fo, sales: clean.sales, out: nil, dryRun: true).report
        let b = try ConvertFixture.convert(fo: defective.fo, sales: defective.sales, out: nil, dryRun: true).report
        #expect(
            a.totals.rejected == 0,
            "the clean pair rejects nothing: \(a.flows.filter { $0.value.rejected > 0 }.mapValues(\.rejectedByReason))")
        for name in ConvertFixture.flowNames {
            let clean = try #require(a.flows[name])
            let defective = try #require(b.flows[name])
            #expect(defective.read >= clean.read, "\(name)")
            #expect(defective.unchanged == clean.unchanged, "\(name)")
            #expect(defective.updated == clean.updated, "\(name)")
        }
    }
}
