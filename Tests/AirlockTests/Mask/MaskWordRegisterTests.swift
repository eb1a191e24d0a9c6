import AirlockModel
import Foundation
import Testing

@testable import AirlockMask

/// The migration's mask word register: a later wave masks every word an earlier one masked the same way, whatever
/// other words it holds; the file holds no word, and is refused or set aside where it cannot be trusted.
@Suite struct MaskWordRegisterTests {
    static func key(_ text: String = "the register suite's key, long enough") throws -> MaskKey {
        try MaskKey(bytes: Array(text.utf8), source: "test")
    }

    @Test func aLaterWaveMasksEveryEarlierWordAlike() throws {
        let key = try Self.key()
        var first = MaskWordVocabulary()
        first.add("Jansen", purpose: MaskReplacer.namePurpose)
        var register: MaskWordRegister? = MaskWordRegister(keyFingerprint: key.fingerprint)
        let firstPlan = MaskWordPlan.make(first, nicknames: nil, register: &register, key: key)
        let jansen = MaskReplacer(key: key, plan: firstPlan).person("Jansen")
        #expect(register?.count == 1)
        // A second wave holds a shorter word one edit away: decided from its words alone, Jansen becomes that word's
        // typo and masks otherwise.
        var second = MaskWordVocabulary()
        second.add("Jansen", purpose: MaskReplacer.namePurpose)
        second.add("Jansn", purpose: MaskReplacer.namePurpose)
        var none: MaskWordRegister?
        let alone = MaskWordPlan.make(second, nicknames: nil, register: &none, key: key)
        #expect(MaskReplacer(key: key, plan: alone).person("Jansen") != jansen)
        // With the register, Jansen masks as the first wave masked it, and the new word is recorded.
        let secondPlan = MaskWordPlan.make(second, nicknames: nil, register: &register, key: key)
        #expect(MaskReplacer(key: key, plan: secondPlan).person("Jansen") == jansen)
        #expect(register?.count == 2)

        // The file: no word in it, read back as written, the same bytes when written again.
        let folder = try Fixture.scratchDirectory("airlock-mask-register")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/airlock-ledger-mask-words.tsv"
        try #require(register).write(path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            !text.lowercased().contains("jansen") && !text.lowercased().contains("jansn") && text.hasPrefix("# airlock mask word register"))
        let read = try #require(try MaskWordRegister.read(path, key: key))
        #expect(read.count == 2)
        try read.write(folder + "/again.tsv")
        #expect(try String(contentsOfFile: folder + "/again.tsv", encoding: .utf8) == text)
        // Another key's register is set aside (every word masks otherwise under another key); a damaged line is refused
        // at its line.
        #expect(try MaskWordRegister.read(path, key: Self.key("another key of the migration, long")) == nil)
        try Data((text + "not a register line\n").utf8).write(to: URL(fileURLWithPath: path))
        let damaged = try #require(throws: AirlockError.self) { try MaskWordRegister.read(path, key: key) }
        #expect(damaged.code == .usage && damaged.location.line == 4, "\(damaged)")
    }
}
