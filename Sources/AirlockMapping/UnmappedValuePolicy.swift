/// What a value map does with a source value that has no entry.
public enum UnmappedValuePolicy: String, Sendable, Hashable, CaseIterable {
    /// Write the source value unchanged (for maps that only translate known spellings, like country names).
    case keep
    /// Write the field map's `default`.
    case useDefault = "default"
    /// Reject the record with a reason naming the value.
    case reject
}
