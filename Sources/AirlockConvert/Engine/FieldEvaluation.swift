import AirlockReconcile

/// What a field's pipeline made of one source value, and what it writes to other layout columns.
struct FieldEvaluation {
    /// The value, or why the record is refused.
    enum Outcome {
        case value(String?)
        /// The record is refused; `value` is what the pipeline had so far (a key part still identifies the record).
        case problem(RejectReason, String, value: String?)
    }

    var outcome: Outcome
    /// The key path column's value, when the pipeline got that far (`.some(nil)`: it writes null).
    var keyPath: String?? = .none
    /// The referenced Sales record's entity and display name, when a target lookup found it.
    var lookup: (entity: String, name: String?)?
    /// The value lost leading or trailing spaces on its way to F&O (`TargetValueCheck.written`).
    var trimmedOuterSpaces = false
}
