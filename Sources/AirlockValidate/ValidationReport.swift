import AirlockIO
import Foundation

/// What `airlock validate` found in one package.
public struct ValidationReport: Sendable, Equatable, Codable {
    /// `fo` or `cmt`.
    public var kind: String
    public var path: String
    public var errors: Int
    public var warnings: Int
    /// Findings that do not stop an import (a business-required column left empty), for a person to know.
    public var notices: Int
    /// Every finding, up to the `--max-findings` limit.
    public var findings: [ValidationFinding]
    /// Counts and first examples per entity and rule.
    public var groups: [ValidationGroup]
    /// Whether `findings` stops short of `errors + warnings + notices`.
    public var truncated: Bool

    public init(kind: String, path: String, collector: FindingCollector) {
        self.kind = kind
        self.path = path
        errors = collector.errors
        warnings = collector.warnings
        notices = collector.notices
        findings = collector.findings
        groups = collector.groups
        truncated = collector.isTruncated
    }

    /// The JSON documented in docs/validation.md: `kind`, `errors`, `warnings`, `notices`, `findings` (plus `path`,
    /// `truncated`).
    public func jsonText(pretty: Bool = true) throws -> String {
        struct Document: Encodable {
            var kind: String
            var path: String
            var errors: Int
            var warnings: Int
            var notices: Int
            var truncated: Bool
            var findings: [ValidationFinding]
        }
        let document = Document(
            kind: kind, path: path, errors: errors, warnings: warnings, notices: notices, truncated: truncated, findings: findings)
        return try ReportJSON.text(document, pretty: pretty)
    }

    /// The summary for people: totals, then per entity each rule with its count and first examples.
    public func text() -> String {
        var lines: [String] = []
        let kindName = kind == "fo" ? "Finance and Operations data package" : "Configuration Migration package (Sales)"
        lines.append("\(path): \(kindName)")
        lines.append(
            "  \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
                + (notices > 0 ? ", \(notices) notice\(notices == 1 ? "" : "s")" : ""))
        let ordered = groups.enumerated().sorted { lhs, rhs in
            (lhs.element.entity ?? "", lhs.element.severity, lhs.offset) < (rhs.element.entity ?? "", rhs.element.severity, rhs.offset)
        }.map(\.element)
        var currentEntity: String?? = .none
        for group in ordered {
            if currentEntity != .some(group.entity) {
                currentEntity = .some(group.entity)
                lines.append("")
                lines.append("  \(group.entity ?? "(package)")")
            }
            lines.append("    \(group.severity.rawValue) \(group.rule): \(group.count)")
            for example in group.examples {
                var place: [String] = []
                if let file = example.file { place.append(file) }
                if let line = example.line { place.append("line \(line)") }
                if let record = example.record { place.append("record \(record)") }
                if let field = example.field { place.append("field \(field)") }
                if let value = example.value { place.append("value '\(value.count > 60 ? String(value.prefix(60)) + "…" : value)'") }
                let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
                lines.append("      - \(prefix)\(example.message)")
            }
        }
        if truncated {
            lines.append("")
            lines.append("  (only the first \(findings.count) findings are listed in --json; raise --max-findings to see more)")
        }
        return lines.joined(separator: "\n")
    }
}
