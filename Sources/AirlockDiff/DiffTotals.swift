/// The record counts of every entity together.
public struct DiffTotals: Sendable, Equatable, Codable {
    public var old = 0
    public var new = 0
    public var created = 0
    public var changed = 0
    public var unchanged = 0
    public var deleted = 0
    /// Exact copies left out, of the old and of the new export (`DiffDuplicates`).
    public var duplicatesOld = 0
    public var duplicatesNew = 0
    /// Keys an export holds different records under (`DiffAmbiguity`).
    public var ambiguousKeys = 0

    public init() {}

    /// Adds one entity's counts.
    public mutating func add(_ entity: DiffEntityReport) {
        old += entity.old
        new += entity.new
        created += entity.created
        changed += entity.changed
        unchanged += entity.unchanged
        deleted += entity.deleted
        duplicatesOld += entity.duplicates.old
        duplicatesNew += entity.duplicates.new
        ambiguousKeys += entity.ambiguous.keys
    }
}
