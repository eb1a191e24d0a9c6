/// What is wrong with one F&O value, as `FOValueChecker` finds it.
struct FOValueProblem {
    var rule: ValidationRule
    var message: String
    /// Set when the problem is milder than the rule's own severity (e.g. an assumed length).
    var severity: ValidationSeverity?
}
