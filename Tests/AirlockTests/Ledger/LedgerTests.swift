import AirlockKit
import Foundation
import Testing

/// The migration ledger: convert, verify and diff appending one chained line each to `airlock-ledger.jsonl` in the
/// migration folder, `airlock report` checking the chain and showing the timeline, and the runs' own outputs
/// unchanged by it.
struct LedgerTests {
    /// The sample pair converted into `FOLDER/run`, its packages imported, verified, and the F&O export diffed with the
    /// export after the import into `FOLDER/diff`: three runs of the CLI under one migration folder.
    struct Migration {
        var folder: String
        var run: String { folder + "/run" }
        var ledger: String { folder + "/" + RunLayout.ledger }
        var results: [AirlockRunner.Result] = []

        static func make() throws -> Migration {
            var migration = Migration(folder: try Fixture.scratchDirectory("airlock-ledger"))
            let run = migration.run
            let folder = migration.folder
            migration.results.append(
                try AirlockRunner.run(["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", run]))
            try ImportSimulator.importFO(
                export: ConvertFixture.sampleFO, imported: run + "/" + RunLayout.foPackage, output: folder + "/fo-after.zip")
            try ImportSimulator.importSales(
                export: ConvertFixture.sampleSales, imported: run + "/" + RunLayout.salesPackage, output: folder + "/sales-after.zip")
            migration.results.append(
                try AirlockRunner.run(["verify", "--run", run, "--fo", folder + "/fo-after.zip", "--sales", folder + "/sales-after.zip"]))
            migration.results.append(
                try AirlockRunner.run([
                    "diff", "--old", ConvertFixture.sampleFO, "--new", folder + "/fo-after.zip", "--out", folder + "/diff",
                ]))
            return migration
        }

        func reading() throws -> LedgerReading { try MigrationLedger.read(ledger) }
    }

    @Test func convertVerifyAndDiffEachAppendAChainedLine() throws {
        let migration = try Migration.make()
        for result in migration.results { #expect(result.status == 0, "\(result.stderr)") }
        let reading = try migration.reading()
        #expect(reading.isIntact, "\(reading.breaks.map { $0.problem ?? $0.chainBreak ?? "" })")
        let entries = reading.entries.map(\.entry)
        #expect(entries.map(\.command) == ["convert", "verify", "diff"])
        #expect(entries.map(\.exitCode) == [0, 0, 0])
        #expect(entries.map(\.outputDirectory) == ["run", "run/verify", "diff"])
        #expect(entries[0].previous == nil)
        #expect(entries[1].previous == reading.lines[0].sha256 && entries[2].previous == reading.lines[1].sha256)
        #expect(entries.allSatisfy { $0.toolVersion == AirlockVersion.current && $0.version == MigrationLedger.formatVersion })
        #expect(
            entries[0].arguments == [
                "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", migration.run,
            ])

        // Every digest is the file's: outputs relative to the migration folder, inputs outside it absolute.
        for entry in entries {
            for file in entry.inputs + entry.outputs {
                let path = file.path.hasPrefix("/") ? file.path : migration.folder + "/" + file.path
                let digest = try FileDigest.of(path)
                #expect(file.sha256 == digest.sha256 && file.bytes == digest.bytes, "\(entry.command) \(file.role)")
            }
        }
        #expect(Set(entries[0].outputs.map(\.role)) == [RunLayout.foPackage, RunLayout.salesPackage, "report.json", "report.html"])
        #expect(entries[0].inputs.map(\.role) == ["fo", "sales"])
        #expect(entries[1].outputs.map(\.path).contains("run/verify/verify.json"))
        #expect(entries[2].inputs.map(\.role) == ["old", "new"] && entries[2].outputs.map(\.role).contains("delta.zip"))

        // Counts are the reports' totals.
        let conversion = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: migration.run + "/report.json")))
        #expect(entries[0].counts["read"] == conversion.totals.read && entries[0].counts["written"] == conversion.totals.written)
        let verification = try JSONDecoder().decode(
            VerificationReport.self, from: Data(contentsOf: URL(fileURLWithPath: migration.run + "/verify/verify.json")))
        #expect(entries[1].counts["sent"] == verification.totals.sent && entries[1].counts["landed"] == verification.totals.landed)
        #expect(entries[1].outcome == "landed")
        let diff = try JSONDecoder().decode(
            DiffReport.self, from: Data(contentsOf: URL(fileURLWithPath: migration.folder + "/diff/diff.json")))
        #expect(entries[2].counts["changed"] == diff.totals.changed && entries[2].counts["created"] == diff.totals.created)

        // The verify read the packages and the report the convert wrote.
        let links = reading.lineage[2] ?? []
        #expect(Set(links.map(\.inputRole)) == [RunLayout.conversionReport, RunLayout.foPackage, RunLayout.salesPackage])
        #expect(links.allSatisfy { $0.sourceLine == 1 && $0.sourceCommand == "convert" && $0.outputRole == $0.inputRole })
    }

    @Test func reportShowsTheTimelineAndWritesThePage() throws {
        let migration = try Migration.make()
        let result = try AirlockRunner.run(["report", migration.ledger])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 runs") && result.stdout.contains("Chain: intact from line 1 to line 3"), "\(result.stdout)")
        let head = try #require(try migration.reading().head)
        #expect(result.stdout.contains(head))
        #expect(result.stdout.contains("#2  ") && result.stdout.contains("  verify  exit 0  landed"), "\(result.stdout)")
        #expect(result.stdout.contains("= #1 convert to-fo.zip"), "\(result.stdout)")
        let page = try String(contentsOfFile: migration.folder + "/airlock-ledger.html", encoding: .utf8)
        #expect(page.contains("Chain intact") && page.contains("id=\"table-lineage\"") && page.contains("id=\"run-3\""))
        #expect(!page.contains("http://") && !page.contains("https://"), "self-contained")
    }

    @Test func anEditedLineBreaksTheChainAndTheReportNamesIt() throws {
        let migration = try Migration.make()
        var lines = try String(contentsOfFile: migration.ledger, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let tampered = migration.folder + "/tampered.jsonl"

        // A changed count in line 2: line 3 no longer chains to it.
        lines[1] = lines[1].replacingOccurrences(of: "\"missing\":0", with: "\"missing\":1")
        try (lines.joined(separator: "\n") + "\n").write(toFile: tampered, atomically: true, encoding: .utf8)
        let edited = try AirlockRunner.run(["report", tampered])
        #expect(edited.status == 1)
        #expect(edited.stderr.contains("broken at line 3: line 3 does not chain to line 2: line 2 was changed"), "\(edited.stderr)")
        #expect(edited.stdout.contains("Chain: BROKEN at line 3"), "\(edited.stdout)")
        #expect(FileManager.default.fileExists(atPath: migration.folder + "/tampered.html"), "the page is written all the same")

        // Line 2 removed: line 3, now line 2, chains to a line the ledger does not hold.
        let original = try String(contentsOfFile: migration.ledger, encoding: .utf8).split(separator: "\n").map(String.init)
        try ([original[0], original[2]].joined(separator: "\n") + "\n").write(toFile: tampered, atomically: true, encoding: .utf8)
        let removed = try MigrationLedger.read(tampered)
        #expect(removed.breaks.map(\.number) == [2])
        // The first line removed: line 1 holds a previous line's digest.
        try ([original[1], original[2]].joined(separator: "\n") + "\n").write(toFile: tampered, atomically: true, encoding: .utf8)
        #expect(try MigrationLedger.read(tampered).breaks.first?.chainBreak?.contains("removed from its start") == true)
        // A line that is no entry.
        try ([original[0], "{\"edited\": true}", original[2]].joined(separator: "\n") + "\n").write(
            toFile: tampered, atomically: true, encoding: .utf8)
        let garbled = try MigrationLedger.read(tampered)
        #expect(garbled.breaks.map(\.number) == [2, 3] && garbled.lines[1].problem?.contains("not a ledger entry") == true)
    }

    @Test func noLedgerWritesNothingAndTheOutputsAreTheSameWithOrWithoutIt() throws {
        let folder = try Fixture.scratchDirectory("airlock-ledger-off")
        let run = folder + "/run"
        let convert = ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", run]
        let without = try AirlockRunner.run(convert + ["--no-ledger"])
        #expect(without.status == 0, "\(without.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["run"])
        let unrecorded = try ConvertFixture.files(under: run)

        // The same run into the same folder, entered in the ledger: the same bytes.
        try FileManager.default.removeItem(atPath: run)
        let with = try AirlockRunner.run(convert)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [RunLayout.ledger, "run"])
        #expect(try ConvertFixture.files(under: run) == unrecorded, "byte-identical outputs")

        // Both options at once are refused.
        let both = try AirlockRunner.run([
            "diff", "--old", ConvertFixture.sampleFO, "--new", ConvertFixture.sampleFO, "--out", folder + "/diff", "--no-ledger",
            "--ledger", folder + "/l.jsonl",
        ])
        #expect(both.status == 2 && both.stderr.contains("--no-ledger or --ledger"), "\(both.stderr)")
    }

    @Test func aRunThatFailsOnItsInputIsEnteredWithExitTwo() throws {
        let folder = try Fixture.scratchDirectory("airlock-ledger-bad")
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleSales, "--sales", ConvertFixture.sampleSales, "--out", folder + "/run",
        ])
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/run"))
        let reading = try MigrationLedger.read(folder + "/" + RunLayout.ledger)
        let entry = try #require(reading.entries.first?.entry)
        #expect(reading.lines.count == 1 && reading.isIntact)
        #expect(entry.command == "convert" && entry.exitCode == 2 && entry.outputs.isEmpty && entry.outputDirectory == nil)
        #expect(entry.outcome.contains("--fo"), "\(entry.outcome)")
        let given = try FileDigest.of(ConvertFixture.sampleSales)
        #expect(entry.inputs.first { $0.role == "fo" }?.sha256 == given.sha256)

        // An output folder whose parent does not exist: nothing to record beside.
        let nowhere = folder + "/missing/deeper/run"
        let lost = try AirlockRunner.run(["diff", "--old", folder + "/none.zip", "--new", folder + "/none.zip", "--out", nowhere])
        #expect(lost.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
        #expect(try MigrationLedger.read(folder + "/" + RunLayout.ledger).lines.count == 1)
    }

    @Test func ledgerOptionChoosesTheFileAndAFailureToWriteItIsAWarning() throws {
        let folder = try Fixture.scratchDirectory("airlock-ledger-path")
        let chosen = folder + "/audit.jsonl"
        let result = try AirlockRunner.run([
            "diff", "--old", ConvertFixture.sampleFO, "--new", ConvertFixture.sampleFO, "--out", folder + "/diff", "--ledger", chosen,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try MigrationLedger.read(chosen).entries.map(\.entry.command) == ["diff"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/" + RunLayout.ledger))

        let unwritable = try AirlockRunner.run([
            "diff", "--old", ConvertFixture.sampleFO, "--new", ConvertFixture.sampleFO, "--out", folder + "/diff-2", "--ledger",
            folder + "/no-such-folder/audit.jsonl",
        ])
        #expect(unwritable.status == 0, "the run's result stands")
        #expect(unwritable.stderr.contains("warning: the run was not entered in the migration ledger"), "\(unwritable.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/diff-2/diff.json"))
    }

    @Test func appendsAtTheSameTimeChainOneAfterTheOther() throws {
        let folder = try Fixture.scratchDirectory("airlock-ledger-concurrent")
        let path = folder + "/" + RunLayout.ledger
        // A line cut short by a crash: ended and chained to as it stands, and shown as no entry.
        try Data("{\"command\":\"conv".utf8).write(to: URL(fileURLWithPath: path))
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let entry = LedgerEntry(
                command: "test", arguments: ["\(index)"], workingDirectory: folder, user: "u", host: "h", startedAt: "", finishedAt: "",
                outputDirectory: nil, inputs: [], outputs: [], counts: ["n": index], exitCode: 0, outcome: "done")
            _ = try? MigrationLedger.append(entry, to: path)
        }
        let reading = try MigrationLedger.read(path)
        #expect(reading.lines.count == 17)
        #expect(reading.breaks.map(\.number) == [1], "only the cut line: \(reading.breaks.map { $0.problem ?? $0.chainBreak ?? "" })")
        #expect(Set(reading.entries.map { $0.entry.arguments }) == Set((0..<16).map { ["\($0)"] }))
    }
}
