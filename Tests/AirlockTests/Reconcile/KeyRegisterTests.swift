import AirlockKit
import Foundation
import Testing

/// The key register read and written on its own: lines appended under the lock read back as written, chained line to
/// line; a line changed, removed, put in or made by hand against the register's rules is refused with the file and
/// the line; the lines are flat JSON that any JSON reader reads.
struct KeyRegisterTests {
    static func entry(_ id: String, _ key: String, kind: KeyRegisterEntry.Kind = .assigned, entity: String = "account", fo: String? = nil)
        -> KeyRegisterEntry
    {
        KeyRegisterEntry(
            kind: kind, entity: entity, id: id, attribute: entity == "account" ? "accountnumber" : "msdynce_contactnumber", key: key,
            fo: fo, foField: fo == "CDS Contacts" ? "CONTACTPERSONPARTYNUMBER" : "CUSTOMERACCOUNT")
    }

    /// A register of three accounts (one sent later) and a contact, written by two runs.
    static func written() throws -> String {
        let path = try Fixture.scratchDirectory("airlock-register") + "/airlock-ledger-keys.jsonl"
        try KeyRegisterFile.append([], run: "run-0", to: path)
        #expect(!FileManager.default.fileExists(atPath: path), "no file before its first entries")
        try KeyRegisterFile.append(
            [
                entry("a1", "ACC-01000-AAAAAA", fo: "Customers V2"), entry("a2", "ACC-01001-BBBBBB"),
                entry("a3", "C0003", kind: .linked, fo: "Customers V2"),
            ], run: "run-1", to: path)
        let after = try KeyRegisterFile.append(
            [
                entry("a2", "ACC-01001-BBBBBB", kind: .sent, fo: "Customers V2"),
                entry("c1", "CON-01000-CCCCCC", entity: "contact", fo: "CDS Contacts"),
            ], run: "run-2", to: path)
        #expect(after.lineCount == 6)
        return path
    }

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
    }

    static func write(_ lines: [String], to path: String) throws {
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The refusal `KeyRegister.read` gives `path`, as one line.
    static func refusal(_ path: String) -> String {
        do {
            _ = try KeyRegister.read(path)
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test func appendedLinesReadBackWithTheirRunsAndChain() throws {
        let path = try Self.written()
        let register = try KeyRegister.read(path)
        #expect(register.lineCount == 6)
        #expect(register.entries.map(\.line) == [2, 3, 4, 5, 6])
        #expect(register.identity(of: "account", id: "A2")?.key == "ACC-01001-BBBBBB")
        #expect(register.identity(of: "account", id: "a2")?.run == "run-1")
        #expect(register.foEntity(of: "account", id: "a2") == "Customers V2")
        #expect(register.foEntity(of: "account", id: "a1") == "Customers V2")
        #expect(register.holder(of: "acc-01000-aaaaaa", in: "account")?.id == "a1")
        #expect(register.holder(of: "ACC-01000-AAAAAA", in: "contact") == nil)
        #expect(register.identities(of: "contact").map(\.key) == ["CON-01000-CCCCCC"])
        #expect(register.entities == ["account", "contact"])
        let lines = try Self.lines(path)
        #expect(lines[0] == #"{"format":"airlock key register","version":"1"}"#)
        for (index, line) in lines.enumerated().dropFirst() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String])
            #expect(object["previous"] == LineChain.sha256(Array(lines[index - 1].utf8)))
            #expect(object.keys.sorted() == Array(object.keys).sorted())
        }
        #expect(register.head == LineChain.sha256(Array(lines[5].utf8)))
    }

    @Test func aLineChangedRemovedOrPutInIsRefusedAtTheLineWhereTheChainBreaks() throws {
        let path = try Self.written()
        let lines = try Self.lines(path)
        var changed = lines
        changed[2] = changed[2].replacingOccurrences(of: "ACC-01001-BBBBBB", with: "ACC-01009-BBBBBB")
        try Self.write(changed, to: path)
        #expect(
            Self.refusal(path).hasSuffix(
                "line 4: the register's chain breaks: line 4 does not chain to line 3: line 3 was changed after line 4 was appended, or lines between them were removed"
            ))
        var removed = lines
        removed.remove(at: 3)
        try Self.write(removed, to: path)
        #expect(Self.refusal(path).contains("line 4: the register's chain breaks: line 4 does not chain to line 3"))
        try Self.write(Array(lines.dropFirst()), to: path)
        #expect(Self.refusal(path).contains("line 1: the register's chain breaks: line 1 chains to a line the register does not hold"))
        try Self.write(lines + ["not json"], to: path)
        #expect(Self.refusal(path).contains("line 7: line 7 is not a line of a key register"))
        try Self.write(lines, to: path)
        #expect(Self.refusal(path) == "")
    }

    @Test func aRecordRegisteredTwiceOrAKeyGivenTwiceIsRefusedEvenWithItsChainRemade() throws {
        let path = try Self.written()
        let lines = try Self.lines(path)
        // A hand-made line chained as the tool chains: the register's own rules refuse it.
        func appended(_ fields: [(key: String, value: String)]) throws -> [String] {
            let previous = LineChain.sha256(Array(lines[lines.count - 1].utf8))
            let line = FlatJSONLine.encode(fields + [("previous", previous), ("run", "run-3")])
            return lines + [String(decoding: line, as: UTF8.self)]
        }
        try Self.write(
            try appended([
                ("attribute", "accountnumber"), ("entity", "account"), ("id", "a1"), ("key", "ACC-01007-ZZZZZZ"), ("kind", "assigned"),
            ]),
            to: path)
        #expect(
            Self.refusal(path).contains(
                "line 7: line 7 registers Sales account a1 again (ACC-01007-ZZZZZZ); line 2 registered it (ACC-01000-AAAAAA)"))
        try Self.write(
            try appended([
                ("attribute", "accountnumber"), ("entity", "account"), ("id", "a9"), ("key", "acc-01000-aaaaaa"), ("kind", "assigned"),
            ]),
            to: path)
        #expect(Self.refusal(path).contains("line 7 gives the key acc-01000-aaaaaa to Sales account a9; line 2 gave it to a1"))
        try Self.write(
            try appended([
                ("attribute", "accountnumber"), ("entity", "account"), ("fo", "Customers V2"), ("foField", "CUSTOMERACCOUNT"), ("id", "a2"),
                ("key", "OTHER"), ("kind", "sent"),
            ]), to: path)
        #expect(Self.refusal(path).contains("line 7 says Sales account a2 was sent as OTHER; line 3 registered it as ACC-01001-BBBBBB"))
    }

    @Test func anAppendThatBreaksTheRulesWritesNothing() throws {
        let path = try Self.written()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: AirlockError.self) {
            try KeyRegisterFile.append([Self.entry("a7", "NEW-1"), Self.entry("a8", "ACC-01000-AAAAAA")], run: "run-3", to: path)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // Two runs that read the same register: the second to append finds the first's entries, and is refused as a race.
        let read = try KeyRegister.read(path)
        try KeyRegisterFile.append([Self.entry("a9", "ACC-01009-XXXXXX")], run: "run-4", to: path, readAs: read)
        let afterFirst = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try KeyRegisterFile.append([Self.entry("a10", "ACC-01009-XXXXXX")], run: "run-5", to: path, readAs: read)
        } throws: { error in
            "\(error)".contains(
                "the key register changed while this run ran: another run of the migration entered 1 lines since it was read")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == afterFirst)
    }

    @Test func flatJSONLinesReadBackWhatTheyWriteAndRefuseOtherShapes() throws {
        let fields: [(key: String, value: String)] = [
            ("a", "plain"), ("b", "quote \" back \\ slash"), ("c", "tab\tnew\nline\u{01}"), ("d", "ÆØÅ 東京 🙂"),
        ]
        let line = FlatJSONLine.encode(fields)
        let read = try FlatJSONLine.decode(line[...])
        #expect(read.map(\.key) == fields.map(\.key) && read.map(\.value) == fields.map(\.value))
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: String])
        #expect(foundation["c"] == "tab\tnew\nline\u{01}" && foundation["d"] == "ÆØÅ 東京 🙂")
        #expect(try FlatJSONLine.decode(Array(#"{"e":"\u00e9\ud83d\ude42"}"#.utf8)[...]).first?.value == "é🙂")
        for bad in [#"{"a":1}"#, #"{"a":"x","a":"y"}"#, #"{"a":"x"} tail"#, #"{"a":"x""#, #"["a"]"#, #"{"a":{"b":"c"}}"#] {
            #expect(throws: FlatJSONLine.Problem.self, "\(bad)") { try FlatJSONLine.decode(Array(bad.utf8)[...]) }
        }
    }

    @Test func theRegisterSitsBesideItsLedgerNamedAfterIt() {
        #expect(RunLayout.keyRegister(ledger: "m/airlock-ledger.jsonl") == "m/airlock-ledger-keys.jsonl")
        #expect(RunLayout.keyRegister(ledger: "/x/wave.JSONL") == "/x/wave-keys.jsonl")
        #expect(RunLayout.keyRegister(ledger: "/x/ledger") == "/x/ledger-keys.jsonl")
    }
}
