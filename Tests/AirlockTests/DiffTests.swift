import AirlockKit
import Foundation
import Testing

/// `airlock diff`: two waves of one export give a delta of exactly the created and changed records and a delete
/// list of exactly the removed keys, on both sides; reruns are byte-identical and the delta validates.
@Suite struct DiffTests {
    static func diff(old: String, new: String, out: String, force: Bool = false) throws -> DiffReport {
        try PackageDiffer.run(
            PackageDiffOptions(oldPath: old, newPath: new, outputDirectory: out, force: force), catalog: SchemaCatalogLoader.bundled())
    }

    static func deletedKeys(_ out: String, column: String) throws -> [String] {
        try ConvertFixture.csvRows(out + "/" + PackageDiffer.deleteListName).map { $0[column] ?? "" }
    }

    @Test func foWaveGivesExactlyTheCreatedChangedAndRemovedKeys() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let wave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.foWave(
            export: pair.fo, output: wave, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [1, 4, 9], remove: [2, 5], add: 2)
        let out = pair.folder + "/diff"
        let report = try Self.diff(old: pair.fo, new: wave, out: out)

        let customers = try #require(report.entities.first { $0.entity == "Customers V2" })
        #expect(customers.key == ["DATAAREAID", "CUSTOMERACCOUNT"])
        #expect(customers.keySource == .catalog)
        #expect(customers.created == 2)
        #expect(customers.changed == 3)
        #expect(customers.deleted == 2)
        #expect(customers.changedFields == ["ORGANIZATIONNAME": 3])
        for entity in report.entities {
            #expect(entity.identitiesHold, "\(entity.entity)")
            if entity.entity != "Customers V2" { #expect(entity.created + entity.changed + entity.deleted == 0, "\(entity.entity)") }
        }

        let tables = try ConvertFixture.foTables(out + "/" + PackageDiffer.deltaName)
        #expect(Array(tables.keys) == ["Customers V2"])
        let delta = try #require(tables["Customers V2"])
        let keys = (0..<delta.rowCount).compactMap { delta.value(row: $0, column: "CUSTOMERACCOUNT") }
        #expect(Set(keys) == Set(changes.changed + changes.created))
        #expect(keys.count == changes.changed.count + changes.created.count)
        for row in 0..<delta.rowCount where changes.changed.contains(delta.value(row: row, column: "CUSTOMERACCOUNT") ?? "") {
            #expect(delta.value(row: row, column: "ORGANIZATIONNAME")?.hasPrefix("changed ") == true)
        }
        #expect(try Self.deletedKeys(out, column: "key_1").sorted() == changes.removed.sorted())
        #expect(try Self.deletedKeys(out, column: "company") == ["USMF", "USMF"])
        #expect(try ConvertFixture.csvRows(out + "/deleted.csv").allSatisfy { $0["key_fields"] == "CUSTOMERACCOUNT" })

        let validation = try PackageValidator.validate(path: out + "/" + PackageDiffer.deltaName, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.errors == 0)

        // The same inputs give the same bytes.
        let again = pair.folder + "/diff-again"
        _ = try Self.diff(old: pair.fo, new: wave, out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
        #expect(ConvertFixture.stagingLeftovers(in: pair.folder).isEmpty)
    }

    @Test func cmtWaveGivesExactlyTheCreatedChangedAndRemovedIDs() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let wave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.cmtWave(
            export: pair.sales, output: wave, entity: "account", field: "name", change: [0, 3, 8], remove: [6], add: 3)
        let out = pair.folder + "/diff"
        let report = try Self.diff(old: pair.sales, new: wave, out: out)

        let accounts = try #require(report.entities.first { $0.entity == "account" })
        #expect(accounts.keySource == .recordID)
        #expect(accounts.created == 3)
        #expect(accounts.changed == 3)
        #expect(accounts.deleted == 1)
        #expect(accounts.changedFields == ["name": 3])
        for entity in report.entities {
            #expect(entity.identitiesHold, "\(entity.entity)")
            if entity.entity != "account" { #expect(entity.created + entity.changed + entity.deleted == 0, "\(entity.entity)") }
        }

        let delta = try CMTPackageReader(path: out + "/" + PackageDiffer.deltaName).read()
        #expect(delta.data.entities.map(\.name) == ["account"])
        #expect(delta.schema.entities.map(\.name) == ["account"])
        let section = try #require(delta.data.entities.first)
        let ids = (0..<section.recordCount).map { section.record(at: $0).id }
        #expect(ids.sorted() == (changes.changed + changes.created).sorted())
        for row in 0..<section.recordCount where changes.changed.contains(section.record(at: row).id) {
            #expect(section.record(at: row).fields.first { $0.name == "name" }?.value.hasPrefix("changed ") == true)
        }
        #expect(try Self.deletedKeys(out, column: "record_id") == changes.removed)
        #expect(try Self.deletedKeys(out, column: "name").allSatisfy { !$0.isEmpty })

        let validation = try PackageValidator.validate(path: out + "/" + PackageDiffer.deltaName, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.errors == 0)

        let again = pair.folder + "/diff-again"
        _ = try Self.diff(old: pair.sales, new: wave, out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
    }

    @Test func reorderedRecordsGiveAnEmptyDelta() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 12, seed: 3)
        let foWave = pair.folder + "/fo-reversed.zip"
        _ = try WaveMaker.foWave(
            export: pair.fo, output: foWave, label: "", keyColumn: "", column: "", change: [], remove: [], add: 0, reversed: true)
        let salesWave = pair.folder + "/sales-reversed.zip"
        _ = try WaveMaker.cmtWave(
            export: pair.sales, output: salesWave, entity: "", field: "", change: [], remove: [], add: 0, reversed: true)
        for (old, new, name) in [(pair.fo, foWave, "fo"), (pair.sales, salesWave, "cmt")] {
            let out = pair.folder + "/" + name
            let report = try Self.diff(old: old, new: new, out: out)
            #expect(report.totals.created + report.totals.changed + report.totals.deleted == 0, "\(name)")
            #expect(report.totals.unchanged == report.totals.old, "\(name)")
            #expect(try Self.deletedKeys(out, column: "entity").isEmpty)
            let validation = try PackageValidator.validate(
                path: out + "/" + PackageDiffer.deltaName, catalog: SchemaCatalogLoader.bundled())
            #expect(validation.errors == 0, "\(name)")
        }
        #expect(try ConvertFixture.foTables(pair.folder + "/fo/" + PackageDiffer.deltaName).isEmpty)
        #expect(try CMTPackageReader(path: pair.folder + "/cmt/" + PackageDiffer.deltaName).read().data.entities.isEmpty)
    }

    @Test func badInputsGiveOneLineAndExitTwo() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 3, seed: 1)
        let cases: [([String], String)] = [
            (["--old", pair.fo, "--new", pair.sales], "diff compares two exports of the same kind"),
            (["--old", pair.fo, "--new", pair.folder + "/missing.zip"], "no such file or folder"),
            (["--old", pair.sales, "--new", pair.sales, "--key", "account"], "ENTITY=COLUMN"),
        ]
        for (arguments, expected) in cases {
            let out = pair.folder + "/out-\(UUID().uuidString)"
            let result = try AirlockRunner.run(["diff"] + arguments + ["--out", out])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(expected), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        // A non-empty --out is refused without --force, and inputs are never overwritten.
        let out = pair.folder
        let result = try AirlockRunner.run(["diff", "--old", pair.fo, "--new", pair.fo, "--out", out, "--force"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("holds the input"))
    }

    @Test func aRepeatedKeyIsAnErrorNamingTheLines() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 6, seed: 2)
        let wave = pair.folder + "/wave2.zip"
        // Every customer with one account number: the key repeats from the second record on.
        try FOExportRewriter.rewrite(export: pair.fo, output: wave, label: "Customers V2", column: "CUSTOMERACCOUNT") { _ in "SAME" }
        #expect {
            _ = try Self.diff(old: wave, new: pair.fo, out: pair.folder + "/out")
        } throws: { error in
            let text = "\(error)"
            return text.contains("Customers V2") && text.contains("lines 2 and 3") && text.contains("--key")
        }
    }

    @Test func theCommandPrintsTheSummaryOrTheJSON() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 5, seed: 4)
        let text = try AirlockRunner.run(["diff", "--old", pair.fo, "--new", pair.fo, "--out", pair.folder + "/a"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("delete list: 0 keys"))
        let json = try AirlockRunner.run(["diff", "--old", pair.sales, "--new", pair.sales, "--out", pair.folder + "/b", "--json"])
        #expect(json.status == 0)
        let saved = try String(contentsOfFile: pair.folder + "/b/diff.json", encoding: .utf8)
        #expect(json.stdout == saved)
        let report = try JSONDecoder().decode(DiffReport.self, from: Data(saved.utf8))
        #expect(report.kind == .cmt)
        #expect(report.outputs.keys.sorted() == ["deleted.csv", "delta.zip"])
    }
}
