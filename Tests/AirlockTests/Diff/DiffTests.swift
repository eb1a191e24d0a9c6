import AirlockKit
import Foundation
import Testing

/// `airlock diff`: two waves of one export give a delta of exactly the created and changed records and a delete
/// list of exactly the removed keys, on both sides; reruns are byte-identical and the delta validates.
@Suite struct DiffTests {
    static func deletedKeys(_ out: String, column: String) throws -> [String] {
        try ConvertFixture.csvRows(out + "/" + RunLayout.deletedList).map { $0[column] ?? "" }
    }

    @Test func foWaveGivesExactlyTheCreatedChangedAndRemovedKeys() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let wave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.foWave(
            export: pair.fo, output: wave, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [1, 4, 9], remove: [2, 5], add: 2)
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.fo, new: wave, out: out)

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

        let tables = try ConvertFixture.foTables(out + "/" + RunLayout.deltaPackage)
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

        let validation = try PackageValidator.validate(path: out + "/" + RunLayout.deltaPackage, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.errors == 0)

        // The same inputs give the same bytes.
        let again = pair.folder + "/diff-again"
        _ = try DiffRunner.run(old: pair.fo, new: wave, out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
        #expect(ConvertFixture.stagingLeftovers(in: pair.folder).isEmpty)
    }

    @Test func cmtWaveGivesExactlyTheCreatedChangedAndRemovedIDs() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 40, seed: 7)
        let wave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.cmtWave(
            export: pair.sales, output: wave, entity: "account", field: "name", change: [0, 3, 8], remove: [6], add: 3)
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: pair.sales, new: wave, out: out)

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

        let delta = try CMTPackageReader(path: out + "/" + RunLayout.deltaPackage).read()
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

        let validation = try PackageValidator.validate(path: out + "/" + RunLayout.deltaPackage, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.errors == 0)

        let again = pair.folder + "/diff-again"
        _ = try DiffRunner.run(old: pair.sales, new: wave, out: again)
        #expect(try ConvertFixture.files(under: out) == ConvertFixture.files(under: again))
    }

    @Test func aKeyGivenWithTheOptionReplacesTheCatalogs() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 30, seed: 5)
        let wave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.foWave(
            export: pair.fo, output: wave, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [3], remove: [7], add: 1)
        let catalog = try SchemaCatalogLoader.bundled()

        // By entity name, without the company: the key is exactly the columns given.
        let byName = pair.folder + "/by-name"
        let report = try PackageDiffer.run(
            PackageDiffOptions(oldPath: pair.fo, newPath: wave, outputDirectory: byName, keys: ["customers v2": ["customeraccount"]]),
            catalog: catalog)
        let customers = try #require(report.entities.first { $0.entity == "Customers V2" })
        #expect(customers.key == ["CUSTOMERACCOUNT"])
        #expect(customers.keySource == .option)
        #expect((customers.created, customers.changed, customers.deleted) == (1, 1, 1))
        let rows = try ConvertFixture.csvRows(byName + "/" + RunLayout.deletedList)
        #expect(rows.map { $0["key_1"] ?? "" } == changes.removed)
        #expect(rows.map { $0["company"] ?? "" } == [""])
        #expect(rows.map { $0["key_fields"] ?? "" } == ["CUSTOMERACCOUNT"])
        // Other entities keep the catalog's key.
        #expect(report.entities.filter { $0.entity != "Customers V2" }.allSatisfy { $0.keySource == .catalog })

        // By AOT name, on the command line: the same records, with the company in the key as given.
        let byAOT = pair.folder + "/by-aot"
        let result = try AirlockRunner.run([
            "diff", "--old", pair.fo, "--new", wave, "--out", byAOT, "--key", "CustCustomerV2Entity=DATAAREAID,CUSTOMERACCOUNT", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let viaCommand = try JSONDecoder().decode(DiffReport.self, from: Data(result.stdout.utf8))
        let aot = try #require(viaCommand.entities.first { $0.entity == "Customers V2" })
        #expect(aot.key == ["DATAAREAID", "CUSTOMERACCOUNT"])
        #expect(aot.keySource == .option)
        #expect((aot.created, aot.changed, aot.deleted) == (1, 1, 1))
        #expect(try Self.deletedKeys(byAOT, column: "company") == ["USMF"])

        // A key column the files lack: matched by the whole row, with a warning naming --key.
        let wrong = pair.folder + "/wrong"
        let fallback = try PackageDiffer.run(
            PackageDiffOptions(oldPath: pair.fo, newPath: wave, outputDirectory: wrong, keys: ["customers v2": ["NOSUCHCOLUMN"]]),
            catalog: catalog)
        let whole = try #require(fallback.entities.first { $0.entity == "Customers V2" })
        #expect(whole.keySource == .wholeRow)
        #expect((whole.created, whole.changed, whole.deleted) == (2, 0, 2))
        #expect(fallback.warnings.contains { $0.contains("NOSUCHCOLUMN") && $0.contains("--key") })
    }

    @Test func xmlElementExportsAreDiffedAndTheirDeltaIsCSV() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 30, seed: 6)
        let csvWave = pair.folder + "/wave2.zip"
        let changes = try WaveMaker.foWave(
            export: pair.fo, output: csvWave, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [0, 2], remove: [4], add: 2)
        let old = pair.folder + "/old-xml.zip"
        let new = pair.folder + "/new-xml.zip"
        try FODialectWriter.write(export: pair.fo, output: old, dialect: .xmlElement)
        try FODialectWriter.write(export: csvWave, output: new, dialect: .xmlElement)
        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: old, new: new, out: out)
        let customers = try #require(report.entities.first { $0.entity == "Customers V2" })
        #expect((customers.created, customers.changed, customers.deleted) == (2, 2, 1))
        #expect(customers.changedFields == ["ORGANIZATIONNAME": 2])
        #expect(customers.deltaFile?.hasSuffix(".csv") == true)
        for entity in report.entities where entity.entity != "Customers V2" {
            #expect(entity.created + entity.changed + entity.deleted == 0, "\(entity.entity)")
        }
        #expect(report.warnings.contains { $0.contains("Customers V2") && $0.contains("not delimited text") }, "\(report.warnings)")

        let delta = try #require(try ConvertFixture.foTables(out + "/" + RunLayout.deltaPackage)["Customers V2"])
        let keys = (0..<delta.rowCount).compactMap { delta.value(row: $0, column: "CUSTOMERACCOUNT") }
        #expect(Set(keys) == Set(changes.changed + changes.created))
        let manifest = try FOPackageReader(source: openPackageSource(path: out + "/" + RunLayout.deltaPackage)).manifest
        #expect(manifest.entities.map(\.sourceFormat) == ["CSV"])
        #expect(try Self.deletedKeys(out, column: "key_1") == changes.removed)
        let validation = try PackageValidator.validate(path: out + "/" + RunLayout.deltaPackage, catalog: SchemaCatalogLoader.bundled())
        #expect(validation.errors == 0)
    }

    @Test func manyToManyLinksNewInTheNewExportAreCarriedAndRemovedOnesCounted() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 8)
        let package = try CMTPackageReader(path: pair.sales).read()
        let accounts = try #require(package.data.entity(named: "account"))
        let contacts = try #require(package.data.entity(named: "contact"))
        #expect(accounts.recordCount >= 2 && contacts.recordCount >= 3)
        let account = accounts.record(at: 0).id
        let other = accounts.record(at: 1).id
        let contactIDs = (0..<3).map { contacts.record(at: $0).id }
        func link(_ source: String, _ targets: [String]) -> CMTManyToManyAssociation {
            CMTManyToManyAssociation(
                sourceID: source, targetEntityName: "contact", targetEntityIDField: "contactid", relationshipName: "account_contacts_m2m",
                targetIDs: targets)
        }
        func write(_ links: [CMTManyToManyAssociation], to path: String) throws {
            var data = package.data
            for index in data.entities.indices where data.entities[index].name == "account" { data.entities[index].manyToMany = links }
            try CMTPackageWriter.write(CMTPackage(schema: package.schema, data: data), to: path)
        }
        let old = pair.folder + "/old.zip"
        let new = pair.folder + "/new.zip"
        // The first account loses its link to contact 0 and gains one to contact 2; the second account gains its first link.
        try write([link(account, [contactIDs[0], contactIDs[1]])], to: old)
        try write([link(account, [contactIDs[1], contactIDs[2]]), link(other, [contactIDs[0]])], to: new)

        let out = pair.folder + "/diff"
        let report = try DiffRunner.run(old: old, new: new, out: out)
        let entity = try #require(report.entities.first { $0.entity == "account" })
        #expect(entity.associationsCreated == 2)
        #expect(entity.associationsRemoved == 1)
        #expect((entity.created, entity.changed, entity.deleted) == (0, 0, 0))
        #expect(report.warnings.contains { $0.contains("account") && $0.contains("many-to-many") }, "\(report.warnings)")

        let delta = try CMTPackageReader(path: out + "/" + RunLayout.deltaPackage).read()
        #expect(delta.data.entities.map(\.name) == ["account"])
        let section = try #require(delta.data.entities.first)
        #expect(section.recordCount == 0)
        let carried = section.manyToMany.map { "\($0.sourceID ?? "")>\($0.targetIDs.joined(separator: ","))" }.sorted()
        #expect(carried == ["\(account)>\(contactIDs[2])", "\(other)>\(contactIDs[0])"].sorted())

        // Unchanged links alone give no section.
        let same = pair.folder + "/same"
        let unchanged = try DiffRunner.run(old: old, new: old, out: same)
        #expect(unchanged.entities.allSatisfy { $0.associationsCreated == 0 && $0.associationsRemoved == 0 })
        #expect(try CMTPackageReader(path: same + "/" + RunLayout.deltaPackage).read().data.entities.isEmpty)
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
            let report = try DiffRunner.run(old: old, new: new, out: out)
            #expect(report.totals.created + report.totals.changed + report.totals.deleted == 0, "\(name)")
            #expect(report.totals.unchanged == report.totals.old, "\(name)")
            #expect(try Self.deletedKeys(out, column: "entity").isEmpty)
            let validation = try PackageValidator.validate(
                path: out + "/" + RunLayout.deltaPackage, catalog: SchemaCatalogLoader.bundled())
            #expect(validation.errors == 0, "\(name)")
        }
        #expect(try ConvertFixture.foTables(pair.folder + "/fo/" + RunLayout.deltaPackage).isEmpty)
        #expect(try CMTPackageReader(path: pair.folder + "/cmt/" + RunLayout.deltaPackage).read().data.entities.isEmpty)
    }

    /// The old export is indexed on a thread of its own while the new one streams; an old export with a second
    /// section of an entity (read after the new export may have been matched against the first) gives the diff of
    /// the same records in one section.
    @Test func anOldExportWithTwoSectionsOfAnEntityGivesTheSameDiff() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 30, seed: 4)
        let wave = pair.folder + "/wave2.zip"
        _ = try WaveMaker.cmtWave(export: pair.sales, output: wave, entity: "account", field: "name", change: [1, 20], remove: [5], add: 2)
        let package = try CMTPackageReader(path: pair.sales).read()
        var data = package.data
        let index = try #require(data.entities.firstIndex { $0.name == "account" })
        let section = data.entities[index]
        var halves = [section, section]
        for (half, rows) in [(0, 0..<(section.recordCount / 2)), (1, (section.recordCount / 2)..<section.recordCount)] {
            var part = CMTEntityData(
                name: section.name, displayName: section.displayName, fieldNames: [], otherAttributes: section.otherAttributes)
            part.records = CMTRecordTable(name: section.name, columnNames: section.records.values.columnNames)
            for row in rows { try part.append(section.record(at: row)) }
            part.manyToMany = half == 1 ? section.manyToMany : []
            halves[half] = part
        }
        data.entities[index] = halves[0]
        data.entities.append(halves[1])
        let split = pair.folder + "/split.zip"
        try CMTPackageWriter.write(CMTPackage(schema: package.schema, data: data), to: split)

        let whole = try DiffRunner.run(old: pair.sales, new: wave, out: pair.folder + "/whole")
        let parts = try DiffRunner.run(old: split, new: wave, out: pair.folder + "/parts")
        #expect(parts.entities == whole.entities)
        #expect(parts.warnings == whole.warnings)
        for name in [RunLayout.deltaPackage, RunLayout.deletedList] {
            let expected = try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/whole/" + name))
            #expect(try Data(contentsOf: URL(fileURLWithPath: pair.folder + "/parts/" + name)) == expected, "\(name)")
        }
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
