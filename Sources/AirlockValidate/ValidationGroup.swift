/// The findings of one rule on one entity: how many, and the first few as examples.
public struct ValidationGroup: Sendable, Equatable, Codable {
    public var entity: String?
    public var rule: String
    public var severity: ValidationSeverity
    public var count: Int
    public var examples: [ValidationFinding]
}
