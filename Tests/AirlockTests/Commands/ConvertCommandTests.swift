import AirlockKit
import Foundation
import Testing

/// `airlock convert` end to end, in process: its summary, files and exit codes.
struct ConvertCommandTests {
    static func reportJSON(_ out: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/" + RunLayout.conversionReport))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func convertsTheSamplesAndPrintsALinePerFlow() throws {
        let out = try Fixture.scratchDirectory("airlock-convert-cli") + "/out"
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Conversion for company USMF")
        let header = try #require(lines.first { $0.hasPrefix("flow ") })
        #expect(header.split(separator: " ") == ["flow", "read", "filtered", "created", "updated", "unchanged", "rejected"])
        let flows = try #require(try Self.reportJSON(out)["flows"] as? [String: [String: Any]])
        for name in ConvertFixture.flowNames + ["total"] {
            let line = try #require(lines.first { $0.split(separator: " ").first.map(String.init) == name }, "a summary line for \(name)")
            let cells = line.split(separator: " ").map(String.init)
            #expect(cells.count == 7, "\(line)")
            guard name != "total", let flow = flows[name] else { continue }
            let numbers = ["read", "filtered", "created", "updated", "unchanged", "rejected"].map { "\(flow[$0] as? Int ?? -1)" }
            #expect(Array(cells.dropFirst()) == numbers, "\(name): the summary says what report.json says")
        }
        #expect(lines.contains { $0.hasPrefix("Wrote to-fo.zip") })
        #expect(lines.contains { $0.hasPrefix("Wrote to-sales.zip") })
        #expect(lines.last?.hasPrefix("Done in ") == true)
        for name in [RunLayout.foPackage, RunLayout.salesPackage, RunLayout.conversionReport] {
            #expect(FileManager.default.fileExists(atPath: out + "/" + name), "\(name)")
        }
    }

    @Test func dryRunWithOutWritesOnlyTheReport() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert-cli")
        let out = parent + "/out"
        let result = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--dry-run", "--out", out,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Conversion for company USMF (dry run: nothing written)"))
        #expect(try ConvertFixture.files(under: out).keys.sorted() == [RunLayout.conversionPage, RunLayout.conversionReport])
        let report = try Self.reportJSON(out)
        #expect((report["outputs"] as? [String: Any])?.isEmpty == true)
        #expect((report["options"] as? [String: Any])?["dryRun"] as? Bool == true)
        let flows = try #require(report["flows"] as? [String: [String: Any]])
        #expect(Set(flows.keys) == Set(ConvertFixture.flowNames))
        #expect(flows.values.allSatisfy { $0["rejectFile"] == nil || $0["rejectFile"] is NSNull })
        #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)

        // Without --out nothing is written anywhere; --json prints the report.
        let json = try AirlockRunner.run([
            "convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--dry-run", "--json",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let printed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((printed["flows"] as? [String: Any])?.count == ConvertFixture.flowNames.count)
    }

    @Test func maxRejectsFailsTheRunButWritesEverything() throws {
        let pair = try ConvertFixture.generatedPair(accounts: 20, seed: 1, defects: true)
        let out = pair.folder + "/out"
        let result = try AirlockRunner.run(["convert", "--fo", pair.fo, "--sales", pair.sales, "--out", out, "--max-rejects", "0"])
        #expect(result.status == 1, "\(result.stdout)\n\(result.stderr)")
        #expect(result.stderr.contains("--max-rejects 0"), "\(result.stderr)")
        let files = try ConvertFixture.files(under: out)
        for name in [RunLayout.foPackage, RunLayout.salesPackage, RunLayout.conversionReport] { #expect(files[name] != nil, "\(name)") }
        #expect(files.keys.contains { $0.hasPrefix(RunLayout.rejectsFolder + "/") })
        let rejected = try #require((try Self.reportJSON(out)["totals"] as? [String: Any])?["rejected"] as? Int)
        #expect(rejected > 0)

        // As many as were rejected is allowed.
        let allowed = try AirlockRunner.run([
            "convert", "--fo", pair.fo, "--sales", pair.sales, "--out", out, "--force", "--max-rejects", "\(rejected)",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")

        // A pair that rejects nothing passes --max-rejects 0.
        let clean = try ConvertFixture.generatedPair(accounts: 20, seed: 1)
        let cleanRun = try AirlockRunner.run([
            "convert", "--fo", clean.fo, "--sales", clean.sales, "--out", clean.folder + "/out", "--max-rejects", "0",
        ])
        let cleanRejected = (try Self.reportJSON(clean.folder + "/out")["totals"] as? [String: Any])?["rejected"] as? Int
        #expect(cleanRun.status == (cleanRejected == 0 ? 0 : 1), "\(cleanRun.stderr)")
        #expect(cleanRejected == 0)
    }

    @Test func badOptionsExitTwoAndLeaveTheOutputAlone() throws {
        let parent = try Fixture.scratchDirectory("airlock-convert-cli")
        let out = parent + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/keep.txt"))
        let base = ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales]
        for (arguments, says) in [
            (base + ["--out", out], "--force"),
            (base + ["--out", out, "--force", "--only", "accounts,nope"], "'nope'"),
            (["convert", "--fo", ConvertFixture.sampleSales, "--sales", ConvertFixture.sampleSales, "--out", out, "--force"], "--fo"),
        ] {
            let result = try AirlockRunner.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix("airlock: "), "\(result.stderr)")
            #expect(result.stderr.contains(says), "\(result.stderr)")
            #expect(try ConvertFixture.files(under: out) == ["keep.txt": Data("mine".utf8)])
            #expect(ConvertFixture.stagingLeftovers(in: parent).isEmpty)
        }
        // Neither --out nor --dry-run.
        let noOut = try AirlockRunner.run(base)
        #expect(noOut.status != 0)
        #expect(noOut.stderr.contains("--out"))
    }
}
