/// One flow's entry in `report.json`:
/// `{"read": n, "filtered": n, "created": n, "updated": n, "unchanged": n, "rejected": n, "rejectedByReason": {code: n}}`.
public struct FlowReport: Sendable, Hashable, Codable {
    public var read: Int
    public var filtered: Int
    public var created: Int
    public var updated: Int
    public var unchanged: Int
    public var rejected: Int
    /// Rejections per reason code (`orphan-reference`, `duplicate-key`, ...); reasons with no rejection are left out.
    public var rejectedByReason: [String: Int]

    public init(read: Int, filtered: Int, created: Int, updated: Int, unchanged: Int, rejected: Int, rejectedByReason: [String: Int]) {
        self.read = read
        self.filtered = filtered
        self.created = created
        self.updated = updated
        self.unchanged = unchanged
        self.rejected = rejected
        self.rejectedByReason = rejectedByReason
    }

    /// The report of a tally.
    public init(_ tally: FlowTally) {
        self.init(
            read: tally.read, filtered: tally.filtered, created: tally.created, updated: tally.updated,
            unchanged: tally.unchanged, rejected: tally.rejected,
            rejectedByReason: Dictionary(uniqueKeysWithValues: tally.rejectedByReason.filter { $0.value > 0 }.map { ($0.key.rawValue, $0.value) })
        )
    }
}
