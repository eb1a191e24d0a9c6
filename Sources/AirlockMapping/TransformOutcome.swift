/// What a field map's transforms made of one source value (`FieldMapping.applyTransforms`).
public enum TransformOutcome: Sendable, Equatable {
    /// The value to write; nil when the result is blank.
    case value(String?)
    /// A value map has no entry for the value and its policy is `reject`; `value` is the value as it was.
    case unmapped(value: String?, message: String)
    /// A date or number is not in the format the transform reads; `value` is the value as it was.
    case invalid(value: String?, message: String)
}
