/// What a special rule's parameter holds, so that loaders and catalog checks can verify it.
public enum RuleParameterRole: Sendable, Hashable {
    /// Free text (may be blank).
    case text
    /// A whole number.
    case integer
    /// `true` or `false`.
    case boolean
    /// One of the listed words.
    case choice([String])
    /// A field of the flow's source entity.
    case sourceField
    /// A field of the flow's target entity.
    case targetField
    /// A field of the parent flow's source entity (a header field read by a line flow).
    case parentSourceField
    /// A field of whichever entity of the flow is on the Sales side.
    case salesField
    /// A field of whichever entity of the flow is on the F&O side.
    case foField
}
