import AirlockKit
import Foundation
import Testing

/// A migration of many runs in the runbook's layout (run folders side by side under one migration folder, sharing its
/// ledger and key register): what wave 1 numbers and links, wave 2 keeps, whatever the Sales export now carries, with
/// no option beyond wave 1's; a register edited by hand, of another migration, or contradicted by the exports is
/// refused with its file and line, and nothing is written.
@Suite struct KeyRegisterWaveTests {
    static let salesToFO = "accounts,contacts,contacts-to-customers"
    static let exports = RealSalesExportTests.exports

    /// Wave 1 of a real Sales export against the samples' F&O export, and the exports its import would give.
    struct Migration {
        var folder: String
        var register: String { folder + "/airlock-ledger-keys.jsonl" }
        var after: String { folder + "/after-1" }

        static func waveOne(_ export: String) throws -> Migration {
            let migration = Migration(folder: try Fixture.scratchDirectory("airlock-waves"))
            let wave1 = try AirlockRunner.run(
                KeyRegisterWaveTests.convert(fo: ConvertFixture.sampleFO, sales: RealExport.path(export), out: migration.folder + "/run-1"))
            #expect(wave1.status == 0, "\(wave1.stderr)")
            let rehearsal = try AirlockRunner.run(["sample", "--after-import", migration.folder + "/run-1", "--out", migration.after])
            #expect(rehearsal.status == 0, "\(rehearsal.stderr)")
            return migration
        }
    }

    static func convert(fo: String, sales: String, out: String, extra: [String] = []) -> [String] {
        ["convert", "--fo", fo, "--sales", sales, "--out", out, "--assign-keys", "p2c", "--default-currency", "USD", "--only", salesToFO]
            + extra
    }

    static func report(_ run: String) throws -> ConversionReport {
        try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: run + "/" + RunLayout.conversionReport)))
    }

    static func created(_ report: ConversionReport) -> [String: Int] {
        report.flows.mapValues(\.counts.created)
    }

    @Test(arguments: exports)
    func waveTwoCreatesNoAccountContactOrPersonCustomerAgain(_ export: String) throws {
        let migration = try Migration.waveOne(export)
        let first = try Self.report(migration.folder + "/run-1")
        let numbered = try KeyRegister.read(migration.register)
        #expect(numbered.identities(of: "account").count == first.flows["accounts"]?.counts.read)
        #expect(numbered.identities(of: "contact").count == first.flows["contacts"]?.counts.read)
        // Every key F&O got is one the register holds, for the record the register says.
        let customers = try #require(try ConvertFixture.foTables(migration.folder + "/run-1/" + RunLayout.foPackage)["Customers V2"])
        for row in 0..<customers.rowCount {
            #expect(numbered.holder(of: customers.value(row: row, column: "CUSTOMERACCOUNT") ?? "", in: "account")?.fo == "Customers V2")
        }

        let wave2 = try AirlockRunner.run(
            Self.convert(
                fo: migration.after + "/fo-export.zip", sales: migration.after + "/sales-export.zip", out: migration.folder + "/run-2"))
        #expect(wave2.status == 0, "\(wave2.stderr)")
        let second = try Self.report(migration.folder + "/run-2")
        #expect(Self.created(second).values.allSatisfy { $0 == 0 }, "\(Self.created(second))")
        #expect(second.options.keyRegister != nil && second.inputs["key-register"] != nil)
        #expect(second.warnings.contains { $0.contains("the key register (") && $0.contains("none is numbered or linked again") })
        #expect(!second.warnings.contains { $0.contains("second F&O records") })
        // Nothing new to remember: the register is as wave 1 left it.
        #expect(try KeyRegister.read(migration.register).lineCount == numbered.lineCount)
    }

    @Test(arguments: exports)
    func keysGoBackToSalesOnlyWhereTheExportsSchemaDeclaresTheAttribute(_ export: String) throws {
        let migration = try Migration.waveOne(export)
        let sales = try CMTPackageReader(source: openPackageSource(path: RealExport.path(export))).read()
        let written = try CMTPackageReader(source: openPackageSource(path: migration.folder + "/run-1/" + RunLayout.salesPackage)).read()
        let report = try Self.report(migration.folder + "/run-1")
        for (entity, attribute) in [("account", "accountnumber"), ("contact", "msdynce_contactnumber")] {
            let declared = sales.schema.entity(named: entity)?.fieldNames.contains(attribute) ?? false
            #expect((written.data.entity(named: entity) != nil) == declared, "\(entity)")
            let notice = report.warnings.first { $0.contains("\(entity) keys are not written back to Sales") }
            #expect((notice == nil) == declared, "\(entity)")
            if let notice {
                #expect(notice.contains("the migration's key register") && notice.contains("keep the migration folder"))
            }
        }
        // Neither real export has the Prospect to cash solution: its contacts' schema, whole, lacks the column.
        #expect(report.warnings.contains { $0.contains("most likely lacks the solution and with it msdynce_contactnumber") })
    }

    @Test func verifyLooksForEveryRegisteredKeyInTheFOExportAndSaysWhichItDoesNotHold() throws {
        let migration = try Migration.waveOne(Self.exports[1])
        let run = migration.folder + "/run-1"
        let verified = try AirlockRunner.run([
            "verify", "--run", run, "--fo", migration.after + "/fo-export.zip", "--sales", migration.after + "/sales-export.zip", "--json",
        ])
        #expect(verified.status == 0, "\(verified.stderr)")
        let report = try JSONDecoder().decode(VerificationReport.self, from: Data(verified.stdout.utf8))
        let keys = try #require(report.registeredKeys)
        #expect(report.verdict == "landed" && keys.checked && keys.notFound == 0 && keys.notChecked == 0)
        #expect(keys.entities["account"]?.found == 36 && keys.entities["contact"]?.found == 79)
        // The 4 contacts filtered out of every flow keep their keys, which no run has sent yet: not looked for.
        #expect(keys.entities["contact"]?.notSent == 4)
        #expect(report.flows["accounts"]?.entities["account"]?.side == "sales")
        let page = try String(contentsOfFile: run + "/verify/" + RunLayout.verificationPage, encoding: .utf8)
        #expect(page.contains("id=\"table-keys\"") && page.contains("F&amp;O should hold"))

        // Records lost on the way: their registered keys are named, one line each, and the verification fails.
        let lossy = migration.folder + "/after-lossy"
        #expect(try AirlockRunner.run(["sample", "--after-import", run, "--out", lossy, "--lose", "3"]).status == 0)
        let failed = try AirlockRunner.run([
            "verify", "--run", run, "--fo", lossy + "/fo-export.zip", "--sales", lossy + "/sales-export.zip", "--out", run + "/verify-2",
        ])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("registered key") && failed.stdout.contains(RunLayout.missingKeysList), "\(failed.stdout)")
        let rows = try ConvertFixture.csvRows(run + "/verify-2/" + RunLayout.missingKeysList)
        let missing = try ConvertFixture.csvRows(run + "/verify-2/" + RunLayout.missingList).filter { $0["side"] == "fo" }
        #expect(rows.count == missing.count && rows.allSatisfy { $0["found"] == "no" && $0["run"] == "run-1" })
        for row in rows { #expect(missing.contains { $0["key"]?.contains(row["key"] ?? "?") == true }, "\(row)") }
    }

    @Test func theRunbooksWaveTwoWithSinceUpdatesChangedContactsUnderTheirWaveOneKeys() throws {
        let migration = try Migration.waveOne(Self.exports[1])
        let changed = migration.folder + "/sales-wave2.zip"
        _ = try WaveMaker.cmtWave(
            export: migration.after + "/sales-export.zip", output: changed, entity: "contact", field: "lastname", change: Array(0..<20),
            remove: [], add: 0
        ) { row, old in (old ?? "") + "-wed\(row)" }
        let run = migration.folder + "/run-2"
        let wave2 = try AirlockRunner.run(
            Self.convert(
                fo: migration.after + "/fo-export.zip", sales: changed, out: run,
                extra: ["--since", migration.after + "/fo-export.zip", "--since", migration.after + "/sales-export.zip"]))
        #expect(wave2.status == 0, "\(wave2.stderr)")
        let report = try Self.report(run)
        #expect(Self.created(report).values.allSatisfy { $0 == 0 })
        let updated = try #require(report.flows["contacts"]?.counts.updated)
        #expect(updated > 0)
        let register = try KeyRegister.read(migration.register)
        let persons = try #require(try ConvertFixture.foTables(run + "/" + RunLayout.foPackage)["CDS Contacts"])
        #expect(persons.rowCount == updated)
        for row in 0..<persons.rowCount {
            let key = try #require(persons.value(row: row, column: "CONTACTPERSONPARTYNUMBER"))
            #expect(register.holder(of: key, in: "contact")?.run == "run-1", "\(key)")
        }
    }

    @Test func anUnkeyedPairLinkedAndNumberedInWaveOneAndRetriedKeepsItsLinksInWaveTwoWithoutTheKeymap() throws {
        let folder = try Fixture.scratchDirectory("airlock-waves")
        let pair = folder + "/pair"
        let migration = folder + "/migration"
        try FileManager.default.createDirectory(atPath: migration, withIntermediateDirectories: true)
        #expect(try AirlockRunner.run(["sample", "--unkeyed", "--accounts", "150", "--out", pair]).status == 0)
        let fo = pair + "/fo-export.zip"
        let sales = pair + "/sales-export.zip"
        #expect(try AirlockRunner.run(["match", "--fo", fo, "--sales", sales, "--out", migration + "/match"]).status == 0)
        let common = ["--assign-keys", "p2c", "--default-currency", "USD"]
        let run1 = migration + "/run-1"
        let wave1 = try AirlockRunner.run(
            ["convert", "--fo", fo, "--sales", sales, "--out", run1, "--keymap", migration + "/match/keymap.csv"] + common)
        #expect(wave1.status == 0, "\(wave1.stderr)")
        let register = try KeyRegister.read(migration + "/airlock-ledger-keys.jsonl")
        let keymap = try Keymap.read(migration + "/match/keymap.csv")
        for link in keymap.entries {
            #expect(register.identity(of: link.salesEntity, id: link.salesID)?.key == link.foKey)
            #expect(register.identity(of: link.salesEntity, id: link.salesID)?.kind == .linked)
        }
        #expect(register.entries.contains { $0.kind == .assigned })

        // Some records lost on the way; verify finds them, retry sends them again with the keys wave 1 gave.
        let lossy = migration + "/after-lossy"
        #expect(try AirlockRunner.run(["sample", "--after-import", run1, "--out", lossy, "--lose", "6"]).status == 0)
        _ = try AirlockRunner.run(["verify", "--run", run1, "--fo", lossy + "/fo-export.zip", "--sales", lossy + "/sales-export.zip"])
        let retry = try AirlockRunner.run(["retry", "--run", run1, "--from-verify", run1 + "/verify/" + RunLayout.missingList])
        #expect(retry.status == 0, "\(retry.stderr)")
        // Once the retry is imported, the targets hold what wave 1 sent.
        let after = migration + "/after-1"
        #expect(try AirlockRunner.run(["sample", "--after-import", run1, "--out", after]).status == 0)

        let run2 = migration + "/run-2"
        let wave2 = try AirlockRunner.run(
            ["convert", "--fo", after + "/fo-export.zip", "--sales", after + "/sales-export.zip", "--out", run2] + common)
        #expect(wave2.status == 0, "\(wave2.stderr)")
        let second = try Self.report(run2)
        for flow in ["accounts", "contacts", "contacts-to-customers", "products"] {
            #expect(second.flows[flow]?.counts.created == 0, "\(flow): \(second.flows[flow]?.counts.created ?? -1)")
        }
        // The shards of the same wave read the same register: the merged packages are the single run's.
        let sharded = migration + "/run-2-shards"
        let shards = try AirlockRunner.run(
            ["convert", "--fo", after + "/fo-export.zip", "--sales", after + "/sales-export.zip", "--out", sharded, "--shards", "2"] + [
                "--default-currency", "USD",
            ])
        #expect(shards.status == 0, "\(shards.stderr)")
        let single = migration + "/run-2-single"
        #expect(
            try AirlockRunner.run(
                [
                    "convert", "--fo", after + "/fo-export.zip", "--sales", after + "/sales-export.zip", "--out", single,
                    "--default-currency", "USD",
                ]
            ).status == 0)
        // F&O holds every value wave 1 sent (its export carries every column the templates write): nothing goes to
        // F&O, and neither run writes an F&O package.
        #expect(!FileManager.default.fileExists(atPath: single + "/" + RunLayout.foPackage))
        #expect(FileManager.default.fileExists(atPath: single + "/" + RunLayout.salesPackage))
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            #expect(
                FileManager.default.contents(atPath: sharded + "/" + name) == FileManager.default.contents(atPath: single + "/" + name),
                "\(name)")
        }
        #expect(try Self.report(single).flows["accounts"]?.counts.created == 0)
        // The steps of deploy/shard-steps.txt, each its own process finding the register from its folder: the
        // reference flows' step (given --partition, no --out) reads the register the shards read.
        let stepped = migration + "/run-2-steps"
        let exports = ["--fo", after + "/fo-export.zip", "--sales", after + "/sales-export.zip"]
        #expect(try AirlockRunner.run(["partition"] + exports + ["--shards", "2", "--out", stepped + "/partition"]).status == 0)
        let reference = try AirlockRunner.run(
            ["convert"] + exports + ["--partition", stepped + "/partition", "--reference-flows", "--default-currency", "USD"])
        #expect(reference.status == 0, "\(reference.stderr)")
        #expect(reference.stdout.contains("products:"), "\(reference.stdout)")
        for index in 0..<2 {
            let shard = try AirlockRunner.run(
                ["convert"] + exports + [
                    "--partition", stepped + "/partition", "--shard", "\(index)/2", "--out", stepped + "/shards/shard-\(index)",
                    "--default-currency", "USD",
                ])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        #expect(try AirlockRunner.run(["merge", "--out", stepped, "--shards", "2"]).status == 0)
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            #expect(
                FileManager.default.contents(atPath: stepped + "/" + name) == FileManager.default.contents(atPath: single + "/" + name),
                "\(name)")
        }

        // A keymap that links two records otherwise than the register does is refused at its line.
        var swapped = keymap
        let accounts = swapped.entries.indices.filter { swapped.entries[$0].entity == .accounts }
        let (one, two) = (accounts[0], accounts[1])
        (swapped.entries[one].foKey, swapped.entries[two].foKey) = (swapped.entries[two].foKey, swapped.entries[one].foKey)
        try swapped.write(to: migration + "/swapped.csv")
        let refused = try AirlockRunner.run(
            [
                "convert", "--fo", after + "/fo-export.zip", "--sales", after + "/sales-export.zip", "--out", migration + "/run-3",
                "--keymap",
                migration + "/swapped.csv",
            ] + common)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains("swapped.csv: line 2, column 8") && refused.stderr.contains("the key register gives it"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: migration + "/run-3"))
    }

    @Test func aRegisterEditedByHandIsFoundAndNamedAndNothingIsWritten() throws {
        let migration = try Migration.waveOne(Self.exports[1])
        let original = try String(contentsOfFile: migration.register, encoding: .utf8)
        var lines = original.split(separator: "\n").map(String.init)
        func wave(_ name: String) throws -> AirlockRunner.Result {
            try AirlockRunner.run(
                Self.convert(
                    fo: migration.after + "/fo-export.zip", sales: migration.after + "/sales-export.zip", out: migration.folder + "/" + name
                ))
        }
        // A key changed.
        let key = try KeyRegister.read(migration.register).entries[3].key
        lines[4] = lines[4].replacingOccurrences(of: key, with: key.replacingOccurrences(of: "-0", with: "-9"))
        try (lines.joined(separator: "\n") + "\n").write(toFile: migration.register, atomically: true, encoding: .utf8)
        var result = try wave("run-2")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("airlock-ledger-keys.jsonl: line 6: the register's chain breaks: line 6 does not chain to line 5"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: migration.folder + "/run-2"))
        // A line removed from its end, which its chain cannot show: the ledger's entry of wave 1 recorded it.
        lines = original.split(separator: "\n").map(String.init)
        try (lines.dropLast().joined(separator: "\n") + "\n").write(toFile: migration.register, atomically: true, encoding: .utf8)
        result = try wave("run-2")
        #expect(result.status == 2)
        #expect(result.stderr.contains("lines were removed from its end"), "\(result.stderr)")
        // Its last line changed.
        lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(of: "CON-0", with: "CON-8")
        try (lines.joined(separator: "\n") + "\n").write(toFile: migration.register, atomically: true, encoding: .utf8)
        result = try wave("run-2")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "line \(lines.count): the key register's line \(lines.count) is not the line the migration ledger's line 1 recorded"),
            "\(result.stderr)")
        // Verify and retry read it too.
        let verify = try AirlockRunner.run(["verify", "--run", migration.folder + "/run-1", "--fo", migration.after + "/fo-export.zip"])
        #expect(verify.status == 2 && verify.stderr.contains("airlock-ledger-keys.jsonl"), "\(verify.stderr)")
        try original.write(toFile: migration.register, atomically: true, encoding: .utf8)
        #expect(try wave("run-2").status == 0)
    }

    @Test func aRegisterOfAnotherMigrationOrOneTheSalesExportContradictsIsRefused() throws {
        let migration = try Migration.waveOne(Self.exports[1])
        let other = try AirlockRunner.run(
            ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", migration.folder + "/samples"])
        #expect(other.status == 2)
        #expect(
            other.stderr.contains("airlock-ledger-keys.jsonl: line 2: the key register belongs to another migration"), "\(other.stderr)")
        #expect(!FileManager.default.fileExists(atPath: migration.folder + "/samples"))

        // A new Sales account holding the key the register gives another (a copy of the first account, under a new id).
        let copied = migration.folder + "/sales-copied.zip"
        _ = try WaveMaker.cmtWave(
            export: migration.after + "/sales-export.zip", output: copied, entity: "account", field: "name", change: [], remove: [], add: 1)
        let contradicted = try AirlockRunner.run(
            Self.convert(fo: migration.after + "/fo-export.zip", sales: copied, out: migration.folder + "/run-2"))
        #expect(contradicted.status == 2)
        #expect(
            contradicted.stderr.contains("the Sales export's account 00000000-0000-4000-8000-000000000001 holds")
                && contradicted.stderr.contains("which the F&O export holds in Customers V2"), "\(contradicted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: migration.folder + "/run-2"))
    }

    @Test func recordsThatShareAnIdTakeNoKeySinceNoWaveCouldTellThemApart() throws {
        let folder = try Fixture.scratchDirectory("airlock-waves")
        let shared = folder + "/shared-ids.zip"
        try WaveMaker.cmtRecords(
            export: RealExport.path(Self.exports[1]), output: shared,
            edits: [
                "account": { records in
                    for index in [1, 2] {
                        records[index].id = records[0].id
                        for field in records[index].fields.indices where records[index].fields[field].name == "accountid" {
                            records[index].fields[field].value = records[0].id
                        }
                    }
                }
            ])
        let result = try AirlockRunner.run(Self.convert(fo: ConvertFixture.sampleFO, sales: shared, out: folder + "/run-1"))
        #expect(result.status == 0, "\(result.stderr)")
        let report = try Self.report(folder + "/run-1")
        #expect(
            report.warnings.contains { $0.contains("3 Sales account records without accountnumber share their id with another record") })
        let register = try KeyRegister.read(folder + "/airlock-ledger-keys.jsonl")
        #expect(register.identities(of: "account").count == 33)
        #expect(report.flows["accounts"]?.counts.rejected == 3)
    }

    @Test func retryRefusesToSendARecordAgainUnderAKeyTheRegisterContradicts() throws {
        let folder = try Fixture.scratchDirectory("airlock-waves")
        let sales = RealExport.path(Self.exports[1])
        // A run made without the ledger numbers the accounts its own way; a later run of the migration registers others.
        let unrecorded = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", sales, "--out", folder + "/run-0", "--no-ledger", "--assign-keys",
            "account=C{0001}", "--assign-keys", "contact=P{0001}", "--default-currency", "USD", "--only", Self.salesToFO,
        ])
        #expect(unrecorded.status == 0, "\(unrecorded.stderr)")
        #expect(try AirlockRunner.run(Self.convert(fo: ConvertFixture.sampleFO, sales: sales, out: folder + "/run-1")).status == 0)
        let account = try #require(
            try PackageValues.salesIDs(folder + "/run-0/" + RunLayout.salesPackage, entity: "account", count: 1).first)
        let list = folder + "/failed.csv"
        try "flow,side,entity,key,id\r\naccounts,sales,account,\(account),\(account)\r\n".write(
            toFile: list, atomically: true, encoding: .utf8)
        let retry = try AirlockRunner.run(["retry", "--run", folder + "/run-0", "--from-verify", list])
        #expect(retry.status == 2)
        #expect(
            retry.stderr.contains("gives Sales account \(account) the key C0")
                && retry.stderr.contains("the migration's key register gives it ACC-"),
            "\(retry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/run-0/" + RunLayout.retryFolder))
    }

    @Test func aRunWithoutTheLedgerSaysThatItRemembersNothing() throws {
        let folder = try Fixture.scratchDirectory("airlock-waves")
        let result = try AirlockRunner.run(
            Self.convert(
                fo: ConvertFixture.sampleFO, sales: RealExport.path(Self.exports[1]), out: folder + "/run-1", extra: ["--no-ledger"]))
        #expect(result.status == 0)
        #expect(result.stdout.contains("--no-ledger: this run remembers nothing"))
        #expect(result.stdout.contains("nothing remembers them"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/airlock-ledger-keys.jsonl"))
    }
}
