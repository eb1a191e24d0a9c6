/// Which records a field map's own value (its `constant`, or its `default` when the source is blank) is written to
/// (`on:` of a field map).
///
/// A template's default describes a new record: "the group for new customers". Written on an update it would change
/// what the target holds without anyone having asked, so by default it is written only when a record is created;
/// an existing record keeps its value (`convert` writes the target export's value back). A value the integration
/// itself always writes (an "externally maintained" flag) says `on: always`.
public enum FixedValueScope: String, Sendable, Hashable, CaseIterable {
    /// Only a record the run creates gets the template's value; an existing record keeps its own.
    case create
    /// Every record the run writes gets the template's value, created or updated.
    case always
}
