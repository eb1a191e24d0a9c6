import AirlockIO
import AirlockModel
import Foundation

/// How each word of a name or a street was masked by the runs of one migration (`MaskWordPlan`'s decisions), kept in
/// the migration folder beside the ledger (`RunLayout.maskWordRegister(ledger:)`) so that a later wave masks every
/// word an earlier one masked the same way, whichever other words it holds. A line per word: a keyed digest of the
/// word and its purpose (never the word: without the key nothing can be read from the file) and what it was masked to
/// when it was masked as a typo of another word (`=` when it was drawn from itself). Sorted, so equal registers are
/// equal bytes.
public struct MaskWordRegister: Sendable {
    /// Each word's digest → its masked form when masked as a typo, nil when drawn from itself.
    private(set) var words: [UInt64: String?] = [:]
    /// The key's fingerprint the words were masked with.
    let keyFingerprint: String

    /// An empty register for `key`.
    init(keyFingerprint: String) {
        self.keyFingerprint = keyFingerprint
    }

    /// The first line: what the file is, and the key.
    static func header(_ fingerprint: String) -> String {
        "# airlock mask word register; key \(fingerprint); a keyed digest of each word, its masked form when masked as a typo of another word (= when drawn from itself)"
    }

    /// The keyed digest of `word` (folded) drawn under `purpose`.
    static func digest(_ purpose: String, _ word: String, key: MaskKey) -> UInt64 {
        key.digest("mask word register", purpose + "\u{0}" + word).prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// How many words it holds.
    public var count: Int { words.count }

    /// What the register says of `digest`: nil when the word is not in it, `.some(nil)` when drawn from itself.
    func decision(_ digest: UInt64) -> String?? {
        words[digest]
    }

    /// Records a decision (the first one stands: a register only grows).
    mutating func record(_ digest: UInt64, maskedAs typo: String?) {
        if words[digest] == nil { words[digest] = .some(typo) }
    }

    /// The register at `path` for `key` (an absent file is an empty register); nil when it was written with another key
    /// (every word masks otherwise under another key: the register says nothing of this run, and is left as it is).
    /// - Throws: `AirlockError(.usage)` naming the file and line: a line that is not a register's.
    static func read(_ path: String, key: MaskKey) throws -> MaskWordRegister? {
        var register = MaskWordRegister(keyFingerprint: key.fingerprint)
        guard FileManager.default.fileExists(atPath: path) else { return register }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AirlockError(.io, "cannot read the mask word register", at: SourceLocation(file: path))
        }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix("# airlock mask word register; key ") else {
            throw AirlockError(.usage, "not a mask word register (its first line names none)", at: SourceLocation(file: path, line: 1))
        }
        guard first.contains("; key \(key.fingerprint);") else { return nil }
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, fields[0].count == 16, let digest = UInt64(fields[0], radix: 16), !fields[1].isEmpty else {
                throw AirlockError(
                    .usage, "a mask word register line holds a 16-digit digest, a tab and a masked word or =",
                    at: SourceLocation(file: path, line: offset + 1))
            }
            register.words[digest] = fields[1] == "=" ? .some(nil) : .some(String(fields[1]))
        }
        return register
    }

    /// Writes the register to `path` (replacing it at once: a temporary file moved into place).
    /// - Throws: `AirlockError(.io)` naming the file.
    func write(_ path: String) throws {
        var text = Self.header(keyFingerprint) + "\n"
        for (digest, typo) in words.sorted(by: { $0.key < $1.key }) {
            let hex = String(digest, radix: 16)
            text += String(repeating: "0", count: 16 - hex.count) + hex + "\t" + (typo ?? "=") + "\n"
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw AirlockError(.io, "cannot write the mask word register: \(error.localizedDescription)", at: SourceLocation(file: path))
        }
    }
}
