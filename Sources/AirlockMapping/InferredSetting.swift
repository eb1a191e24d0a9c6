/// A value no public source confirms, which a user should check against their environment.
public struct InferredSetting: Sendable, Hashable {
    /// The flow it belongs to, or `value-maps.yaml` for a value map.
    public var scope: String
    /// What it sets: a target field, a filter, a rule parameter or a value-map entry.
    public var subject: String
    /// The value chosen.
    public var value: String
    /// Why, from the template's note.
    public var reason: String

    public init(scope: String, subject: String, value: String, reason: String) {
        self.scope = scope
        self.subject = subject
        self.value = value
        self.reason = reason
    }
}
