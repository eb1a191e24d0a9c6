/// What `CMTDataReader` does with a `<field value=…>` that does not decode by its schema type (e.g. `12,50` for
/// a `money` field, `maybe` for a `bool`, a malformed GUID in a lookup).
///
/// Only field values are affected: a `<record>` or party member `id`, a many-to-many `sourceid`/`targetid`
/// and malformed XML always throw, because a record without a valid id cannot be matched.
public enum CMTValueProblemMode: Sendable, Equatable {
    /// Stop the read with `AirlockError(.invalidValue)` naming entity, record, field, value and line (the default).
    case strict
    /// Keep reading: the value is stored as written (XML-decoded, not canonicalised) and a
    /// `CMTValueProblemRecord` is added to the entity's `CMTEntityData.valueProblems`.
    case collect
}
