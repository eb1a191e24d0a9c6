import AirlockValidate
import Testing

/// Findings as tests look at them.
enum Findings {
    /// The one finding of `rule` among `findings` (an issue when there is not exactly one).
    static func only(_ findings: [ValidationFinding], _ rule: ValidationRule) throws -> ValidationFinding {
        let matching = findings.filter { $0.rule == rule.id }
        #expect(matching.count == 1, "\(rule.id): \(findings.map { "\($0.rule) \($0.message)" })")
        return try #require(matching.first)
    }
}
