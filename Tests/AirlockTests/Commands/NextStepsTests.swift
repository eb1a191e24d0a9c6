import AirlockKit
import Foundation
import Testing

/// The next steps each command prints are commands that work: `sample`'s convert line converts the pair, convert's
/// verify line verifies the run, verify's retry line retries what did not land and diff's convert line converts the
/// wave. Each test runs the printed command (placeholders replaced by real files) instead of trusting its text.
@Suite struct NextStepsTests {
    /// The `airlock …` command on the step that starts with `prefix`, as arguments (the scratch paths hold no spaces),
    /// up to the first parenthesis or the sentence's full stop.
    static func command(in text: String, step prefix: String) throws -> [String] {
        let line = try #require(text.split(separator: "\n").first { $0.contains(prefix) }, "no step \(prefix) in:\n\(text)")
        let start = try #require(line.range(of: "airlock "))
        var tail = String(line[start.upperBound...])
        if let stop = tail.range(of: " (") { tail = String(tail[..<stop.lowerBound]) }
        if tail.hasSuffix(";") || tail.hasSuffix(".") { tail.removeLast() }
        if let stop = tail.range(of: ";") { tail = String(tail[..<stop.lowerBound]) }
        return tail.split(separator: " ").map(String.init)
    }

    static func report(_ run: String) throws -> ConversionReport {
        try JSONDecoder().decode(ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: run + "/report.json")))
    }

    @Test func sampleNamesTheConvertCommandThatConvertsItsPair() throws {
        let folder = try Fixture.scratchDirectory("airlock-next-sample")
        let sample = try AirlockRunner.run(["sample", "--out", folder + "/pair", "--accounts", "8"])
        #expect(sample.status == 0, "\(sample.stderr)")
        let arguments = try Self.command(in: sample.stdout, step: "airlock convert")
        #expect(arguments.first == "convert")
        let convert = try AirlockRunner.run(arguments)
        #expect(convert.status == 0, "\(convert.stderr)")
        // The run goes beside the exports' folder, not into it (the runbook keeps exports apart from runs).
        #expect(FileManager.default.fileExists(atPath: folder + "/pair-run-1/to-fo.zip"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/pair/out"))
    }

    @Test func convertNamesTheImportsInOrderAndTheVerifyThatWorks() throws {
        let scenario = try VerifyScenario.make()
        let rerun = scenario.folder + "/again"
        let convert = try AirlockRunner.run(
            ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", rerun])
        #expect(convert.status == 0, "\(convert.stderr)")
        let steps = try #require(convert.stdout.components(separatedBy: "Next steps:\n").last)
        let fo = try #require(steps.range(of: "Import \(rerun)/to-fo.zip into F&O, legal entity USMF"), "\(steps)")
        let sales = try #require(steps.range(of: "Import \(rerun)/to-sales.zip into Sales"), "\(steps)")
        #expect(fo.lowerBound < sales.lowerBound)
        // The two systems load independently: the Sales import is not said to wait for the F&O one.
        #expect(steps.contains("it does not wait for the F&O import (either order, or both at once)") && !steps.contains("Then import"))
        #expect(steps.contains("rejects/") == (try Self.report(rerun).totals.rejected > 0))

        // The printed verify command, the exports after the import in place of its placeholders, verifies the run.
        let arguments = try Self.command(in: convert.stdout, step: "prove what landed").map {
            $0 == "FO-AFTER.zip" ? scenario.fo : $0 == "SALES-AFTER.zip" ? scenario.sales : $0
        }
        #expect(arguments.prefix(3) == ["verify", "--run", rerun])
        let verify = try AirlockRunner.run(arguments)
        #expect(verify.status == 0, "\(verify.stderr)\n\(verify.stdout)")
        #expect(verify.stdout.contains("Every record sent landed"), "\(verify.stdout)")

        // A dry run writes nothing and has no next step; the page shows the same steps as the summary.
        let plan = try AirlockRunner.run(
            [
                "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", scenario.folder + "/dry",
                "--dry-run",
            ])
        #expect(!plan.stdout.contains("Next steps:"), "\(plan.stdout)")
        let page = try String(contentsOfFile: rerun + "/report.html", encoding: .utf8)
        #expect(page.contains("id=\"next\"") && page.contains("airlock verify --run \(rerun)"))
    }

    /// A run that wrote no package points at `--full` only when there are unchanged records for it to write.
    @Test func nothingToImportNamesFullOnlyWhenItWouldWriteSomething() throws {
        let folder = try Fixture.scratchDirectory("airlock-next-nothing")
        _ = try ConvertFixture.convert(fo: ConvertFixture.sampleFO, sales: ConvertFixture.sampleSales, out: folder + "/run")
        var report = try Self.report(folder + "/run")
        report.outputs[RunLayout.foPackage] = nil
        report.outputs[RunLayout.salesPackage] = nil
        report.totals.counts.rejectedByReason = [:]
        report.totals.counts.unchanged = 12
        #expect(
            report.nextSteps.last == "1. Nothing to import: no record was created or changed (`--full` writes the 12 unchanged ones too).")
        report.totals.counts.unchanged = 0
        #expect(report.nextSteps.last == "1. Nothing to import: no record was created or changed.")
    }

    @Test func verifyNamesTheRetryThatSendsWhatDidNotLand() throws {
        let scenario = try VerifyScenario.make { run in
            var tampering = ImportSimulator.Tampering()
            let customers = try PackageValues.foValues(
                run + "/" + RunLayout.foPackage, label: "Customers V2", column: "CUSTOMERACCOUNT", count: 2)
            tampering.droppedFO.insert(.init(entity: "Customers V2", key: [customers[0]]))
            tampering.changedFO[.init(entity: "Customers V2", key: [customers[1]])] = ("ORGANIZATIONNAME", "Changed by the target")
            return tampering
        }
        let verify = try scenario.verify()
        #expect(verify.status == 1)
        let arguments = try Self.command(in: verify.stdout, step: "airlock retry")
        #expect(arguments.filter { $0 == "--from-verify" }.count == 2, "\(arguments)")
        let retry = try AirlockRunner.run(arguments)
        #expect(retry.status == 0, "\(retry.stderr)\n\(retry.stdout)")
        let tables = try ConvertFixture.foTables(scenario.run + "/retry/" + RunLayout.foPackage)
        #expect(try #require(tables["Customers V2"]).rowCount == 2)
        // Retry names the import of what it wrote, and the verify after it, which runs (on the same after-exports: the
        // two records are still missing, so it finds them again).
        #expect(
            retry.stdout.contains(
                "Import \(scenario.run)/retry/\(RunLayout.foPackage) into F&O as the run's own packages were (docs/runbook.md, step 8)"),
            "\(retry.stdout)")
        var again = try Self.command(in: retry.stdout, step: "airlock verify")
        again = again.map { $0 == "FO-AFTER.zip" ? scenario.fo : $0 == "SALES-AFTER.zip" ? scenario.sales : $0 }
        #expect(again.contains("--out") && again.last == scenario.run + "/verify-2", "\(again)")
        #expect(try AirlockRunner.run(again).status == 1)
        let page = try String(contentsOfFile: scenario.output + "/verify.html", encoding: .utf8)
        #expect(page.contains("id=\"next\"") && page.contains("airlock retry --run"))
    }

    @Test func diffNamesTheConvertSinceThatConvertsTheWave() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 12, seed: 4)
        let wave = pair.folder + "/wave2.zip"
        _ = try WaveMaker.foWave(
            export: pair.fo, output: wave, label: "Customers V2", keyColumn: "CUSTOMERACCOUNT", column: "ORGANIZATIONNAME",
            change: [1], remove: [2], add: 0)
        let diff = try AirlockRunner.run(["diff", "--old", pair.fo, "--new", wave, "--out", pair.folder + "/diff"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("Review deleted.csv with the data owner: 1 key"), "\(diff.stdout)")
        let arguments = try Self.command(in: diff.stdout, step: "airlock convert").map { $0 == "SALES-EXPORT.zip" ? pair.sales : $0 }
        #expect(arguments.contains("--since") && arguments.contains(wave), "\(arguments)")
        let convert = try AirlockRunner.run(arguments.map { $0 == "OUT" ? pair.folder + "/wave2" : $0 })
        #expect(convert.status == 0, "\(convert.stderr)")
        let report = try Self.report(pair.folder + "/wave2")
        // Products come from F&O and did not change since the old export: none goes again.
        #expect(report.flows["products"]?.written == 0, "\(report.flows.mapValues(\.written))")
    }
}
