/// The ambiguous keys of one entity: keys that one export, or both, holds different records under (docs/diff.md,
/// "Repeated keys"). Their new records are counted in the entity's `created`, `changed` and `unchanged` and their
/// keys in `deleted` as well; the counts here are those parts, so that the entity's identities still add up.
public struct DiffAmbiguity: Sendable, Equatable, Codable {
    /// Ambiguous keys.
    public var keys: Int
    /// Their distinct records in the old export and in the new one (exact copies left out).
    public var old: Int
    public var new: Int
    /// Of `new`, the records counted as created, changed and unchanged (`created + changed + unchanged == new`).
    public var created: Int
    public var changed: Int
    public var unchanged: Int
    /// Of `keys`, those the new export lacks (counted in the entity's `deleted`).
    public var deleted: Int
    /// The first ambiguous keys, at most five per export: the old export's first.
    public var examples: [DiffKeyExample]

    public init() {
        keys = 0
        old = 0
        new = 0
        created = 0
        changed = 0
        unchanged = 0
        deleted = 0
        examples = []
    }

    /// Whether the new records add up: `new == created + changed + unchanged`.
    public var identityHolds: Bool { new == created + changed + unchanged }
}
