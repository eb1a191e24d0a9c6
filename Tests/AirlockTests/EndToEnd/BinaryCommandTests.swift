import AirlockKit
import Foundation
import Testing

/// The built executable itself, through the runner the in-process command tests use: the real process's exit
/// codes, the version, a conversion, and output too large for a pipe. Each also runs in process and must match.
@Suite(.enabled(if: AirlockRunner.binaryPath != nil, "the airlock executable is not built; run `swift build` first"))
struct BinaryCommandTests {
    /// Runs `arguments` both ways and expects the same status and output.
    static func runBothWays(_ arguments: [String]) throws -> AirlockRunner.Result {
        let binary = try AirlockRunner.run(arguments, mode: .binary)
        let inProcess = try AirlockRunner.run(arguments)
        #expect(inProcess.status == binary.status, "\(arguments)")
        #expect(inProcess.stdout == binary.stdout, "\(arguments)")
        #expect(inProcess.stderr == binary.stderr, "\(arguments)")
        return binary
    }

    @Test func versionAndHelpArePrintedOnStandardOutput() throws {
        let result = try Self.runBothWays(["--version"])
        #expect(result.status == 0)
        // The version, the commit and the digest of the data the binary carries (docs/install.md).
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3 && lines.first == "airlock " + AirlockVersion.current, "\(lines)")
        #expect(lines.dropFirst().first?.hasPrefix("commit ") == true)
        #expect(lines.last?.contains(try Regex("^bundled data sha256 [0-9a-f]{64} \\(\\d+ catalog files, \\d+ template files\\)$")) == true)
        #expect(result.stderr.isEmpty)
        // Help wraps at 80 columns on a pipe, as in process, unless COLUMNS says otherwise.
        if ProcessInfo.processInfo.environment["COLUMNS"] == nil {
            let help = try Self.runBothWays(["convert", "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
        }
    }

    @Test func exitCodesOfTheRealProcess() throws {
        let folder = try Fixture.scratchDirectory("airlock-binary")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ZipFixture.make(
            folder + "/good.zip", entries: Dictionary(uniqueKeysWithValues: FOOrderPackage.members().map { ($0.name, $0.bytes) }))
        let broken = FOOrderPackage.members(headers: [["SO-1", "USD", "USMF", "1.2E+05", "2026-01-01", "Confirmed", "Yes"]])
        try ZipFixture.make(folder + "/broken.zip", entries: Dictionary(uniqueKeysWithValues: broken.map { ($0.name, $0.bytes) }))

        let good = try Self.runBothWays(["validate", folder + "/good.zip"])
        #expect(good.status == 0, "\(good.stderr)")
        let errors = try Self.runBothWays(["validate", folder + "/broken.zip"])
        #expect(errors.status == 1)
        #expect(errors.stderr.isEmpty)

        // An unreadable package: one line on stderr, exit 2.
        let unreadable = try Self.runBothWays(["inspect", folder + "/missing.zip"])
        #expect(unreadable.status == 2)
        #expect(unreadable.stdout.isEmpty)
        #expect(unreadable.stderr.hasPrefix("airlock: \(folder)/missing.zip"))
        #expect(unreadable.stderr.split(separator: "\n").count == 1)

        // Bad usage: one line, with where the verb's help is, exit 2.
        let usage = try Self.runBothWays(["validate", "--max-findings=-1", folder + "/good.zip"])
        #expect(usage.status == 2)
        #expect(usage.stderr == "airlock: --max-findings must be 0 or more (airlock validate --help)\n")
    }

    @Test func convertsTheSamplesAsInProcess() throws {
        let folder = try Fixture.scratchDirectory("airlock-binary")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func convert(into out: String, mode: AirlockRunner.Mode) throws -> AirlockRunner.Result {
            try AirlockRunner.run(
                ["convert", "--fo", ConvertFixture.sampleFO, "--sales", ConvertFixture.sampleSales, "--out", out], mode: mode)
        }
        let binary = try convert(into: folder + "/binary", mode: .binary)
        let inProcess = try convert(into: folder + "/in-process", mode: .inProcess)
        #expect(binary.status == 0, "\(binary.stderr)")
        #expect(inProcess.status == 0, "\(inProcess.stderr)")
        // Standard error would hold only the plan's first part, before any record moves: the columns the exports
        // lack. The samples lack none, so it is empty both ways.
        #expect(binary.stderr.isEmpty && inProcess.stderr.isEmpty, "\(binary.stderr)")
        // The same summary but for its duration, and the same packages (report.json names its folder).
        let summary = { (text: String, out: String) in
            text.replacingOccurrences(of: folder + "/" + out, with: "OUT").split(separator: "\n").filter { !$0.hasPrefix("Done in ") }
        }
        #expect(summary(binary.stdout, "binary") == summary(inProcess.stdout, "in-process"))
        #expect(binary.stdout.split(separator: "\n").last?.hasPrefix("Done in ") == true)
        for name in [RunLayout.foPackage, RunLayout.salesPackage] {
            let written = try Data(contentsOf: URL(fileURLWithPath: folder + "/binary/" + name))
            #expect(written == (try Data(contentsOf: URL(fileURLWithPath: folder + "/in-process/" + name))), "\(name)")
        }
    }

    /// More on stderr than a pipe holds (64 KiB on Linux) while stdout stays open: a runner that read stdout to its
    /// end before stderr would wait for ever.
    @Test func aFullStderrPipeDoesNotBlockTheRunner() throws {
        let path = "/nonexistent/" + String(repeating: "a", count: 100_000)
        let result = try AirlockRunner.runBinary(["inspect", path], timeLimit: 60)
        #expect(!result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr.utf8.count > 100_000)
        #expect(result.stderr.hasPrefix("airlock: /nonexistent/aaaa"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
