import AirlockKit
import Foundation
import Testing

/// `ValidationRules.all` is kept by hand; these tests hold it to the rules `ValidationRules.swift` declares and to
/// the rule tables of docs/validation.md, so that a rule added in one place and forgotten in another fails here
/// (the HTML pages take each rule's summary from `all`).
struct ValidationRulesListTests {
    static let root = ConvertFixture.root

    /// The rules `ValidationRules.swift` declares, as (property, id) in the order of the file.
    static func declared() throws -> [(name: String, id: String)] {
        let source = try String(contentsOf: root.appendingPathComponent("Sources/AirlockValidate/ValidationRules.swift"), encoding: .utf8)
        let pattern = try Regex(#"static let (\w+) = ValidationRule\(\s*"([^"]+)""#)
        return source.matches(of: pattern).compactMap { match in
            guard let name = match.output[1].substring, let id = match.output[2].substring else { return nil }
            return (String(name), String(id))
        }
    }

    /// The rule ids docs/validation.md lists: the first cell of each row of its rule tables, in order.
    static func documented() throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/validation.md"), encoding: .utf8)
        let pattern = try Regex(#"^\| `((?:fo|cmt)\.[a-z.-]+)` \|"#).anchorsMatchLineEndings()
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    /// Expects `list` (what `where` lists) to hold each of the declared `ids` once, and nothing else.
    static func expectEveryRuleOnce(_ list: [String], in place: String, ids: [String]) {
        #expect(Set(list).count == list.count, "\(place) lists a rule twice")
        #expect(ids.filter { !list.contains($0) } == [], "rules \(place) does not list")
        #expect(list.filter { !ids.contains($0) } == [], "\(place) lists rules ValidationRules.swift does not declare")
    }

    @Test func everyDeclaredRuleIsInAllOnce() throws {
        let declared = try Self.declared()
        #expect(declared.count >= 50, "the scan found the declarations")
        let ids = declared.map(\.id)
        #expect(Set(ids).count == ids.count, "two declarations share an id")
        Self.expectEveryRuleOnce(ValidationRules.all.map(\.id), in: "ValidationRules.all", ids: ids)
    }

    @Test func noRuleIsDeclaredOutsideValidationRules() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/ValidationRules.swift") && !$0.hasSuffix("/ValidationRule.swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("= ValidationRule("), "\(file) declares a rule outside ValidationRules.swift")
        }
    }

    @Test func docsListEveryRuleAndNoOther() throws {
        Self.expectEveryRuleOnce(try Self.documented(), in: "docs/validation.md", ids: try Self.declared().map(\.id))
    }

    @Test func allIsInTheOrderDocsListThem() throws {
        #expect(ValidationRules.all.map(\.id) == (try Self.documented()))
    }
}
