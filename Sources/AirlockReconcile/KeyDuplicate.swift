/// A row whose natural key an earlier row already has: it is rejected as `duplicate-key`, the earlier row kept.
public struct KeyDuplicate: Sendable, Hashable {
    /// The rejected row.
    public var row: Int
    /// The row kept under the same key (always earlier in file order).
    public var keptRow: Int

    public init(row: Int, keptRow: Int) {
        self.row = row
        self.keptRow = keptRow
    }
}
