/// A special rule switched on for a flow, with its parameters.
public struct SpecialRule: Sendable, Hashable {
    /// Which rule.
    public var kind: SpecialRuleKind
    /// The parameters by name, as written (checked against `kind.parameters`).
    public var parameters: [String: String]
    /// Where the rule comes from.
    public var provenance: Provenance
    /// A parameter value is an inference worth checking.
    public var isInferred: Bool
    /// Free text.
    public var note: String?

    public init(kind: SpecialRuleKind, parameters: [String: String], provenance: Provenance, isInferred: Bool, note: String? = nil) {
        self.kind = kind
        self.parameters = parameters
        self.provenance = provenance
        self.isInferred = isInferred
        self.note = note
    }

    /// The value of parameter `name`, if given.
    public func parameter(_ name: String) -> String? { parameters[name] }
}
