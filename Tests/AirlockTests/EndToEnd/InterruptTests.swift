import AirlockIO
import AirlockModel
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C or SIGTERM during a run: one line, exit 130, the staging folder gone (and the output folder the run
/// created), the ledger's line marked interrupted; and a staging folder a killed run left is named, and removed.
@Suite(.enabled(if: AirlockRunner.binaryPath != nil, "the airlock executable is not built; run `swift build` first"))
struct InterruptTests {
    @Test(arguments: [SIGINT, SIGTERM])
    func anInterruptedConvertLeavesNothingAndSaysSo(signal: Int32) throws {
        let folder = try Fixture.scratchDirectory("airlock-interrupt")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sample = try AirlockRunner.run(["sample", "--accounts", "1500", "--out", folder + "/pair"])
        try #require(sample.status == 0, "\(sample.stderr)")
        let out = folder + "/out"
        // Interrupted once the run stages its outputs: well before it moves them into place.
        let result = try AirlockRunner.runBinary(
            ["convert", "--fo", folder + "/pair/fo-export.zip", "--sales", folder + "/pair/sales-export.zip", "--out", out],
            timeLimit: 600,
            interrupt: (
                signal,
                {
                    ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).contains { $0.hasPrefix(StagingDirectory.prefix) }
                }
            ))
        #expect(result.status == Interrupts.exitStatus, "\(result.stderr)")
        #expect(result.stderr == "airlock: interrupted: nothing was written to \(out)\n")
        #expect(!FileManager.default.fileExists(atPath: out), "the run created the output folder: it is gone")
        let ledger = try String(contentsOfFile: folder + "/airlock-ledger.jsonl", encoding: .utf8)
        let last = try #require(ledger.split(separator: "\n").last)
        let entry = try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
        #expect(entry["command"] as? String == "convert")
        #expect(entry["outcome"] as? String == "interrupted" && entry["exitCode"] as? Int == 130)
    }

    /// An interrupted `sample` leaves no unfinished zip (`.fo-export.zip.partial-PID`) in its folder.
    @Test func anInterruptedSampleLeavesNoUnfinishedFile() throws {
        let folder = try Fixture.scratchDirectory("airlock-interrupt-sample")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/pair"
        func unfinished() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.contains(".partial-") }
        }
        let result = try AirlockRunner.runBinary(
            ["sample", "--accounts", "20000", "--out", out], timeLimit: 600, interrupt: (SIGINT, { !unfinished().isEmpty }))
        #expect(result.status == Interrupts.exitStatus, "\(result.stderr)")
        #expect(result.stderr == "airlock: interrupted\n")
        #expect(unfinished().isEmpty, "\(unfinished())")
    }

    /// `match` interrupted while it reads and matches says that it left its output folder untouched.
    @Test func anInterruptedMatchSaysWhatItLeftUntouched() throws {
        let folder = try Fixture.scratchDirectory("airlock-interrupt-match")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sample = try AirlockRunner.run(["sample", "--unkeyed", "--accounts", "4000", "--out", folder + "/pair"])
        try #require(sample.status == 0, "\(sample.stderr)")
        let out = folder + "/match"
        let started = Date()
        let result = try AirlockRunner.runBinary(
            ["match", "--fo", folder + "/pair/fo-export.zip", "--sales", folder + "/pair/sales-export.zip", "--out", out],
            // After the catalog is loaded (a second or more on a loaded machine) and well before the match ends (the
            // debug build takes over ten seconds on this pair).
            timeLimit: 600, interrupt: (SIGINT, { Date().timeIntervalSince(started) > 4 }))
        #expect(result.status == Interrupts.exitStatus, "\(result.stderr)")
        #expect(result.stderr == "airlock: interrupted: nothing was written to \(out)\n")
    }

    /// The unfinished zip of a writer that was killed (SIGKILL: no cleanup) is removed by the next writer of that file;
    /// a live writer's is left alone.
    @Test func aKilledWritersUnfinishedZipIsRemovedByTheNext() throws {
        let folder = try Fixture.scratchDirectory("airlock-partial-leftover")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var gone: pid_t = 4_000_000
        while kill(gone, 0) == 0 || errno != ESRCH { gone -= 1 }
        let dead = folder + "/.fo-export.zip.partial-\(gone)"
        let live = folder + "/.fo-export.zip.partial-\(getppid())"
        for path in [dead, live] { try Data("PK".utf8).write(to: URL(fileURLWithPath: path)) }
        let writer = try ZipArchiveWriter(path: folder + "/fo-export.zip")
        try writer.addEntry(name: "a.txt", bytes: Array("a".utf8))
        try writer.finish()
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
    }

    @Test func aStagingFolderAKilledRunLeftIsNamedAndRemoved() throws {
        let folder = try Fixture.scratchDirectory("airlock-leftover")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let leftover = folder + "/out/" + StagingDirectory.prefix + "4242"
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
        // Alone, it is no output: the run goes on and removes it.
        try StagingDirectory.checkTarget(folder + "/out", inputs: [], force: false)
        let staging = try StagingDirectory(target: folder + "/out", outputNames: ["a.txt"])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        staging.discard()
        // Beside other files, the refusal names it.
        try FileManager.default.createDirectory(atPath: leftover, withIntermediateDirectories: true)
        try Data().write(to: URL(fileURLWithPath: folder + "/out/notes.txt"))
        let error = try #require(throws: AirlockError.self) { try StagingDirectory.checkTarget(folder + "/out", inputs: [], force: false) }
        #expect(error.message.contains(StagingDirectory.prefix + "4242") && error.message.contains("killed"), "\(error.message)")
    }
}
