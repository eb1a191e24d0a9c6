import AirlockKit
import Foundation
import Testing

/// docs/runbook.md's two-wave walk, replayed command by command from the runbook's own text: each `airlock` line is
/// run as written (in a scratch folder; `sample --after-import` stands in for each import), and wave 2's exports are
/// wave 1's after-import exports with changes users made. So the runbook cannot drift from the tool.
@Suite struct RunbookWalkTests {
    /// The lines of the fenced block after `<!-- replayed: RunbookWalkTests -->` in docs/runbook.md.
    static func walk() throws -> [String] {
        let text = try String(contentsOf: ConvertFixture.root.appendingPathComponent("docs/runbook.md"), encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- replayed: RunbookWalkTests -->"))
        let rest = text[marker.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    /// Matches `pattern` (one or two capture groups) against `line`.
    static func captures(_ pattern: String, in line: String) -> [String]? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..., in: line))
        else { return nil }
        return (1..<match.numberOfRanges).compactMap { Range(match.range(at: $0), in: line).map { String(line[$0]) } }
    }

    @Test func theTwoWaveWalkRunsAsWritten() throws {
        guard AirlockRunner.binaryPath != nil else {
            Issue.record("the airlock executable is not built: swift build --build-tests first")
            return
        }
        let folder = try Fixture.scratchDirectory("airlock-runbook-walk")
        let lines = try Self.walk()
        #expect(lines.filter { $0.hasPrefix("airlock ") }.count >= 12, "\(lines)")
        var changedAccounts: [String] = []
        var changedProducts: [String] = []
        var outputs: [String: String] = [:]
        var importsToRehearse: [[String]] = []
        for line in lines {
            if let parts = Self.captures(
                #"^# import (\S+) into both systems, then export both again into (\S+)/; rehearsing, instead:$"#, in: line),
                parts.count == 2
            {
                // The next line must stand in for the import.
                importsToRehearse.append(parts)
                continue
            }
            if let parts = Self.captures(#"users have changed records in both systems; export both again into (\S+)/$"#, in: line) {
                // Weeks later: two account phones changed in Sales, one product's name in F&O.
                let wave = folder + "/" + parts[0]
                let after = try #require(outputs["after"], "the walk exports after an import before the users' changes")
                try FileManager.default.createDirectory(atPath: wave, withIntermediateDirectories: true)
                changedAccounts = try WaveMaker.cmtWave(
                    export: after + "/sales-export.zip", output: wave + "/sales-export.zip", entity: "account", field: "telephone1",
                    change: [1, 2], remove: [], add: 0
                ) { row, _ in "+1 425 555 01\(row)" }.changed
                changedProducts = try WaveMaker.foWave(
                    export: after + "/fo-export.zip", output: wave + "/fo-export.zip", label: "Sellable released products",
                    keyColumn: "PRODUCTNUMBER", column: "PRODUCTNAME", change: [0], remove: [], add: 0
                ).changed
                continue
            }
            if line.hasPrefix("# Wave") && line.contains("export both again") {
                Issue.record("a step the walk cannot replay: \(line)")
                continue
            }
            guard line.hasPrefix("airlock ") else { continue }
            let arguments = line.split(separator: " ").dropFirst().map(String.init)
            if let rehearsed = importsToRehearse.popLast() {
                #expect(arguments == ["sample", "--after-import", rehearsed[0], "--out", rehearsed[1]], "\(line)")
            }
            let result = try AirlockRunner.runBinary(arguments, workingDirectory: folder, timeLimit: 300)
            #expect(result.status == 0, "\(line)\n\(result.stderr)\n\(result.stdout)")
            if arguments.first == "convert", !arguments.contains("--plan") {
                // No warning but the one the sample world designs (SampleRealismTests).
                let warnings = result.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
                #expect(
                    warnings.allSatisfy { SampleRealismTests.isDesignedWarning(String($0.dropFirst("warning: ".count))) },
                    "\(line)\n\(result.stdout)")
                #expect(result.stdout.contains("Next steps:") && result.stdout.contains("airlock verify --run "), "\(result.stdout)")
            }
            if arguments.first == "verify" {
                #expect(result.stdout.contains("Every record sent landed"), "\(line)\n\(result.stdout)")
                if let fo = arguments.firstIndex(of: "--fo") {
                    outputs["after"] = folder + "/" + URL(fileURLWithPath: arguments[fo + 1]).deletingLastPathComponent().relativePath
                }
            }
        }
        // Wave 2 sent exactly what the users changed: two accounts updated in F&O, one product in Sales.
        #expect(changedAccounts.count == 2 && changedProducts.count == 1)
        let wave2 = try JSONDecoder().decode(
            ConversionReport.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/migration/wave2/report.json")))
        #expect(wave2.flows["accounts"]?.updated == 2 && wave2.flows["accounts"]?.created == 0, "\(wave2.flows.mapValues(\.counts))")
        #expect(wave2.flows["products"]?.updated == 1 && wave2.flows["products"]?.created == 0, "\(wave2.flows.mapValues(\.counts))")
        let sent = wave2.flows.values.reduce(0) { $0 + $1.created + $1.updated }
        #expect(sent == 3, "only the changes go: \(wave2.flows.mapValues(\.counts))")
        #expect(wave2.totals.rejected == 0)
        // The ledger holds every run of the walk, and its chain holds.
        let ledger = try String(contentsOfFile: folder + "/migration/airlock-ledger.jsonl", encoding: .utf8)
        let commands = ledger.split(separator: "\n").compactMap { line -> String? in
            let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return object?["command"] as? String
        }
        #expect(commands == ["convert", "verify", "diff", "diff", "convert", "verify"], "\(commands)")
    }
}
