/// A check `validate` runs, with a stable id that scripts and docs can rely on.
public struct ValidationRule: Sendable, Hashable {
    /// Stable identifier, e.g. `fo.value.enum`.
    public let id: String
    /// The severity the rule reports with.
    public let severity: ValidationSeverity
    /// One sentence for people: what the rule finds and why the target would refuse it.
    public let summary: String

    public init(_ id: String, _ severity: ValidationSeverity, _ summary: String) {
        self.id = id
        self.severity = severity
        self.summary = summary
    }
}
