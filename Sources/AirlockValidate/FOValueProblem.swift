import AirlockModel

/// What is wrong with one F&O value, as `FOValueChecker` finds it.
struct FOValueProblem {
    var rule: ValidationRule
    var message: String
    /// Set when the problem is milder than the rule's own severity (e.g. an assumed length).
    var severity: ValidationSeverity?
    /// What kind of catalog fact the problem rests on (a length's or an enum's basis), when it rests on one.
    var basis: CatalogCertainty? = nil
}
