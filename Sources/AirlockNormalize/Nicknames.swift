import AirlockModel
import AirlockYAML
import Foundation

/// Given names and their nicknames or diminutives (`Robert`: `Bob`, `Rob`, `Bobby`): two given names are one name
/// written another way when one is the other's nickname, or both are nicknames of one name (`Bob` and `Rob`). The
/// bundled list is Carlton Northern's and Nick Crews's hand-curated list of English names (`nicknames` 1.0.1 on PyPI,
/// Apache-2.0; docs/sources.md); `match --nicknames FILE` adds a list of the same form.
public struct Nicknames: Sendable {
    /// Per folded name, the groups it belongs to (a group: a name and its nicknames), sorted.
    private var groups: [String: [UInt32]] = [:]
    /// How many groups there are.
    public private(set) var groupCount: UInt32 = 0

    public init() {}

    /// The header a list starts with: a name, its relationship (`has_nickname`) and the nickname.
    public static let header = ["name1", "relationship", "name2"]
    /// The relationship every line states.
    public static let relationship = "has_nickname"

    /// The bundled list.
    /// - Throws: `AirlockError` when the build carries a damaged list (a broken source tree).
    public static func bundled() throws -> Nicknames {
        let files = try BundledResources.files(embeddedResources, what: "the bundled nickname list")
        var list = Nicknames()
        for file in files where file.path.hasSuffix("nicknames.csv") {
            try list.add(csv: file.text, file: "nicknames.csv (bundled)")
        }
        return list
    }

    /// Adds the lines of a list (`name1,relationship,name2`, the header first; UTF-8, CR LF or LF).
    /// - Throws: `AirlockError(.usage)` naming `file` and the line: a header other than `header`, a line without three
    ///   fields, a relationship other than `has_nickname`, or an empty name.
    public mutating func add(csv text: String, file: String) throws {
        var byName: [String: UInt32] = [:]
        var sawHeader = false
        // CR LF is one Character in Swift: lines split on any line break.
        for (offset, content) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = offset + 1
            if content.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let fields = content.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: .whitespaces)
            }
            if !sawHeader {
                guard fields.map({ $0.lowercased() }) == Self.header else {
                    throw AirlockError(
                        .usage,
                        "a nickname list starts with the header \(Self.header.joined(separator: ",")), not \"\(content.prefix(80))\"",
                        at: SourceLocation(file: file, line: line))
                }
                sawHeader = true
                continue
            }
            guard fields.count == 3 else {
                throw AirlockError(
                    .usage, "a nickname line holds three fields (name1,relationship,name2), this one \(fields.count)",
                    at: SourceLocation(file: file, line: line))
            }
            guard fields[1].lowercased() == Self.relationship else {
                throw AirlockError(
                    .usage, "relationship \"\(fields[1])\" is not \(Self.relationship)",
                    at: SourceLocation(file: file, line: line, field: "relationship"))
            }
            let name = TextFolding.fold(fields[0])
            let nickname = TextFolding.fold(fields[2])
            guard !name.isEmpty, !nickname.isEmpty else {
                throw AirlockError(
                    .usage, "a nickname line names a name and its nickname",
                    at: SourceLocation(file: file, line: line, field: name.isEmpty ? "name1" : "name2"))
            }
            let group: UInt32
            if let known = byName[name] {
                group = known
            } else {
                group = groupCount
                groupCount += 1
                byName[name] = group
                insert(name, group)
            }
            insert(nickname, group)
        }
        guard sawHeader else {
            throw AirlockError(.usage, "the nickname list is empty (it needs its header)", at: SourceLocation(file: file, line: 1))
        }
    }

    private mutating func insert(_ name: String, _ group: UInt32) {
        var list = groups[name, default: []]
        guard !list.contains(group) else { return }
        list.append(group)
        list.sort()
        groups[name] = list
    }

    /// The groups of a folded name; empty when the list does not hold it.
    public func groups(of name: String) -> [UInt32] { groups[name] ?? [] }

    /// Whether two folded names are one name's (one the other's nickname, or both of one name).
    public func areNicknames(_ a: String, _ b: String) -> Bool {
        guard a != b, let x = groups[a], let y = groups[b] else { return false }
        return Self.intersect(x, y)
    }

    /// Whether two sorted lists share an element.
    package static func intersect(_ x: [UInt32], _ y: [UInt32]) -> Bool {
        var i = 0
        var j = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { return true }
            if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}
