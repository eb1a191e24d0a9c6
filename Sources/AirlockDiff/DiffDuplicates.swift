/// Exact copies within one export (same key, same compared values) of one entity: each counted once, the copies
/// left out (docs/diff.md, "Repeated keys").
public struct DiffDuplicates: Sendable, Equatable, Codable {
    /// Records of the old and of the new export left out as copies of an earlier record of the same export.
    public var old: Int
    public var new: Int
    /// The first keys with copies, at most five per export: the old export's first.
    public var examples: [DiffKeyExample]

    public init(old: Int = 0, new: Int = 0, examples: [DiffKeyExample] = []) {
        self.old = old
        self.new = new
        self.examples = examples
    }
}
