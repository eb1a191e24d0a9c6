/// The declaration of one parameter of a special rule.
public struct RuleParameter: Sendable, Hashable {
    /// The parameter's key in the template.
    public var name: String
    /// What it holds.
    public var role: RuleParameterRole
    /// The template must give it.
    public var isRequired: Bool

    public init(_ name: String, _ role: RuleParameterRole, required isRequired: Bool = true) {
        self.name = name
        self.role = role
        self.isRequired = isRequired
    }
}
