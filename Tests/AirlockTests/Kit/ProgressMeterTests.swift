import AirlockModel
import Foundation
import Synchronization
import Testing

@testable import AirlockKit

/// Progress lines: periodic, with the step, the records read and converted and their rate; none for a run shorter
/// than one interval; the totals at the end of a run that printed any; `--progress` on the commands that read
/// whole exports.
@Suite struct ProgressMeterTests {
    final class Lines: Sendable {
        let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    @Test func linesCarryTheStepTheCountsAndTheRate() throws {
        let lines = Lines()
        let meter = ProgressMeter(command: "convert", interval: 0.05, showSteps: false, sink: lines.append)
        meter.step("flow accounts")
        for _ in 0..<10 {
            RecordProgress.addRead(1000)
            RecordProgress.addConverted(500)
            Thread.sleep(forTimeInterval: 0.03)
        }
        meter.stop()
        let all = lines.all
        #expect(all.count >= 3, "\(all)")
        let first = try #require(all.first)
        #expect(first.hasPrefix("airlock: convert: ") && first.contains(" s  flow accounts: read "), "\(first)")
        #expect(first.contains(" records (") && first.contains("/s)") && first.contains(", converted "), "\(first)")
        let last = try #require(all.last)
        #expect(last.hasPrefix("airlock: convert: done in ") && last.contains("records ("), "\(last)")
        // The counts only grow from line to line.
        let counts = all.dropLast().compactMap { line -> Int? in
            guard let range = line.range(of: "read ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
        }
        #expect(counts == counts.sorted() && (counts.last ?? 0) >= 1_000, "\(counts)")
        let total = try #require(
            last.range(of: "read ").map { Int(last[$0.upperBound...].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) })
        #expect((total ?? 0) >= 10_000, "\(last)")
        // Stopping twice prints nothing more; no line after the stop.
        meter.stop()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(lines.all.count == all.count)
    }

    @Test func aRunShorterThanOneIntervalPrintsNothing() {
        let lines = Lines()
        let meter = ProgressMeter(command: "validate", interval: 10, showSteps: false, sink: lines.append)
        meter.step("validating x.zip")
        RecordProgress.addRead(10)
        meter.stop()
        #expect(lines.all.isEmpty)
        let off = ProgressMeter(command: "diff", interval: 0, showSteps: false, sink: lines.append)
        Thread.sleep(forTimeInterval: 0.05)
        off.stop()
        #expect(lines.all.isEmpty)
    }

    @Test func aTerminalSeesEachStepAsItStarts() {
        let lines = Lines()
        let meter = ProgressMeter(command: "verify", interval: 0, showSteps: true, sink: lines.append)
        meter.step("reading the F&O export")
        meter.stop()
        #expect(lines.all.count == 1 && lines.all.first?.hasSuffix("s  reading the F&O export…") == true, "\(lines.all)")
        #expect(ProgressMeter.formatSeconds(1.25) == "   1.3 s" || ProgressMeter.formatSeconds(1.25) == "   1.2 s")
        #expect(ProgressMeter.grouped(1_204_000) == "1,204,000" && ProgressMeter.grouped(999) == "999")
    }

    @Test func aBatchedRunCountsTheExportsOnceAndItsChecksApart() throws {
        // The real binary, so that no test beside it adds to the process's counts.
        let folder = try Fixture.scratchDirectory("airlock-progress")
        let pair = try ConvertFixture.generatedPair(accounts: 400, seed: 2)
        let exported = try [pair.fo, pair.sales].reduce(0) { total, path in
            try total + PackageInspector.inspect(path: path).entities.reduce(0) { $0 + $1.records }
        }
        let result = try AirlockRunner.run(
            [
                "convert", "--fo", pair.fo, "--sales", pair.sales, "--out", folder + "/out", "--progress", "0.01", "--no-ledger",
                "--batch-records", "500",
            ], mode: .binary)
        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(result.stderr.split(separator: "\n").last { $0.hasPrefix("airlock: convert: done in ") })
        #expect(last.contains(": read \(ProgressMeter.grouped(exported)) records ("), "\(last) (the exports hold \(exported))")
        #expect(last.contains(", read again to check "), "\(last)")
    }

    @Test func theCommandsThatReadWholeExportsTakeProgress() throws {
        let folder = try Fixture.scratchDirectory("airlock-progress")
        let pair = try ConvertFixture.generatedPair(accounts: 400, seed: 2)
        let runs: [(String, [String])] = [
            ("validate", ["validate", pair.fo, "--progress", "0.01"]),
            (
                "convert",
                ["convert", "--fo", pair.fo, "--sales", pair.sales, "--out", folder + "/out", "--progress", "0.01", "--no-ledger"]
            ),
            ("diff", ["diff", "--old", pair.fo, "--new", pair.fo, "--out", folder + "/diff", "--progress", "0.01", "--no-ledger"]),
        ]
        for (command, arguments) in runs {
            let result = try AirlockRunner.run(arguments)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            let progress = result.stderr.split(separator: "\n").filter { $0.hasPrefix("airlock: \(command): ") }
            #expect(!progress.isEmpty, "\(command): \(result.stderr)")
            #expect(progress.last?.hasPrefix("airlock: \(command): done in ") == true, "\(command): \(progress)")
        }
        let quiet = try AirlockRunner.run(["validate", pair.fo, "--progress", "0"])
        #expect(!quiet.stderr.contains("airlock: validate: "), "\(quiet.stderr)")
        let bad = try AirlockRunner.run(["validate", pair.fo, "--progress=-1"])
        #expect(bad.status == 2 && bad.stderr.contains("--progress must be 0 or more seconds"), "\(bad.stderr)")
    }
}
