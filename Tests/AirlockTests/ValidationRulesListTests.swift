import AirlockKit
import Foundation
import Testing

/// `ValidationRules.all` is kept by hand; these tests hold it to the rules `ValidationRules.swift` declares and to
/// the rule tables of docs/validation.md, so that a rule added in one place and forgotten in another fails here
/// (the HTML pages take each rule's summary from `all`).
struct ValidationRulesListTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    @Test func everyDeclaredRuleIsInAllOnce() throws {
        let declared = try Self.declared()
        #expect(declared.count >= 50, "the scan found the declarations")
        let ids = declared.map(\.id)
        #expect(Set(ids).count == ids.count, "two declarations share an id")
        let listed = ValidationRules.all.map(\.id)
        #expect(Set(listed).count == listed.count, "a rule is in `all` twice")
        let missing = ids.filter { !listed.contains($0) }
        #expect(missing.isEmpty, "declared in ValidationRules.swift but not in `all`: \(missing)")
        let unknown = listed.filter { !ids.contains($0) }
        #expect(unknown.isEmpty, "in `all` but not declared in ValidationRules.swift: \(unknown)")
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
        let ids = try Self.declared().map(\.id)
        let documented = try Self.documented()
        #expect(Set(documented).count == documented.count, "docs/validation.md lists a rule twice")
        let undocumented = ids.filter { !documented.contains($0) }
        #expect(undocumented.isEmpty, "rules docs/validation.md does not list: \(undocumented)")
        let invented = documented.filter { !ids.contains($0) }
        #expect(invented.isEmpty, "docs/validation.md lists rules that do not exist: \(invented)")
    }

    @Test func allIsInTheOrderDocsListThem() throws {
        #expect(ValidationRules.all.map(\.id) == (try Self.documented()))
    }
}
