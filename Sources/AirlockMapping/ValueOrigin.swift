/// Where a field map's value for one record comes from (`FieldMapping.valueOrigin`): what the plan and the run
/// count when they say which records take a default, another field's value, or nothing.
public enum ValueOrigin: Sendable, Hashable {
    /// The source field's own value.
    case source
    /// The value of the field map's `fallback:` field, the source being blank.
    case fallback
    /// The field map's own value: its constant, its default or the run's setting (the source blank, or a value its
    /// map lacks when the map falls back to the default).
    case ownValue
    /// Left empty by `onlyWith:`: the record holds no value in the source or any of those fields.
    case withheld
    /// Blank, with nothing to fill it.
    case empty
}
