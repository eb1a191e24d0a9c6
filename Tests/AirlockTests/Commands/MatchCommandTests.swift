import AirlockKit
import Foundation
import Testing

/// `airlock match` on the command line: its summary, files, ledger entry and exit codes.
@Suite struct MatchCommandTests {
    @Test func matchWritesItsFilesAndSaysWhatToDoNext() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-command")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 150, seed: 8)
        let result = try AirlockRunner.run(["match", "--fo", written[0], "--sales", written[1], "--out", folder + "/run/match"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  accounts: "))
        #expect(result.stdout.contains("linked"))
        #expect(result.stdout.contains("next: "))
        for name in RunLayout.matchOutputs { #expect(FileManager.default.fileExists(atPath: folder + "/run/match/" + name), "\(name)") }
        let page = try String(contentsOfFile: folder + "/run/match/" + RunLayout.matchPage, encoding: .utf8)
        #expect(page.contains("<h2>accounts</h2>"))
        #expect(page.contains("To review"))
        let ledger = try String(contentsOfFile: folder + "/run/" + RunLayout.ledger, encoding: .utf8)
        #expect(ledger.contains("\"command\":\"match\""))

        let json = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/json", "--json", "--entities", "accounts",
            "--no-ledger",
        ])
        #expect(json.status == 0, "\(json.stderr)")
        let decoded = try JSONDecoder().decode(MatchReport.self, from: Data(json.stdout.utf8))
        #expect(decoded.entities.map(\.entity) == ["accounts"])
    }

    @Test func badOptionsAndInputsExitTwo() throws {
        let folder = try Fixture.scratchDirectory("airlock-match-command-bad")
        let written = try SampleUnkeyedPair.write(to: folder, accounts: 20, seed: 8)
        let swapped = try AirlockRunner.run(["match", "--fo", written[1], "--sales", written[0], "--out", folder + "/a", "--no-ledger"])
        #expect(swapped.status == 2)
        #expect(swapped.stderr.contains("did you swap them"))
        let entities = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/b", "--entities", "accounts,vendors",
        ])
        #expect(entities.status == 2)
        #expect(entities.stderr.contains("vendors is not accounts, contacts or products"))
        let thresholds = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/c", "--sure", "40", "--review", "60", "--no-ledger",
        ])
        #expect(thresholds.status == 2)
        #expect(thresholds.stderr.contains("review score (60) must be between 0 and the sure score (40)"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/c"))

        // A reviewed file whose columns were edited: one line naming the file, line and column; the last run's files stay.
        let first = try AirlockRunner.run(["match", "--fo", written[0], "--sales", written[1], "--out", folder + "/d", "--no-ledger"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/d/" + RunLayout.matchList))
        var header = MatchListColumns.all
        header.remove(at: 9)
        let reviewed = try EditedCSV.write(
            try MatchQuality.rows(folder + "/d/" + RunLayout.matchList), header: header, to: folder + "/reviewed.csv")
        let refused = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/d", "--reviewed", reviewed, "--no-ledger",
        ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains(reviewed + ": line 1, column 10"), "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/d/" + RunLayout.matchList)) == before)

        // A nickname list that does not read: one line with its file and line, exit 2, the last run's files kept.
        let nicknames = folder + "/nicknames.csv"
        try Data("name1,relationship,name2\r\nrobert,has_nickname,bob\r\nwilliam;has_nickname;bill\r\n".utf8)
            .write(to: URL(fileURLWithPath: nicknames))
        let badList = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/d", "--nicknames", nicknames, "--no-ledger",
        ])
        #expect(badList.status == 2)
        #expect(badList.stderr.contains(nicknames + ": line 3"), "\(badList.stderr)")
        #expect(badList.stderr.split(separator: "\n").count == 1, "\(badList.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/d/" + RunLayout.matchList)) == before)
        // One that reads is taken, and the ledger would name it.
        try Data("name1,relationship,name2\nrobert,has_nickname,bobbo\n".utf8).write(to: URL(fileURLWithPath: nicknames))
        let goodList = try AirlockRunner.run([
            "match", "--fo", written[0], "--sales", written[1], "--out", folder + "/e", "--nicknames", nicknames, "--no-ledger",
        ])
        #expect(goodList.status == 0, "\(goodList.stderr)")
    }
}
