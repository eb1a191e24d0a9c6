/// What `diff` did with an ambiguous key (one an export holds different records under; docs/diff.md, "Repeated keys").
public enum DiffKeyOutcome: String, Sendable, Codable {
    /// Only the new export has the key: each of its distinct records went to the delta as created.
    case created
    /// Both exports have the key, with records that are not the same: each distinct new record went to the delta as
    /// changed.
    case changed
    /// Both exports hold the same distinct records under the key: none went to the delta.
    case unchanged
    /// Only the old export has the key: it is listed once in `deleted.csv`.
    case deleted
}
