/// One line of a ledger as read back: its bytes' digest, the entry it holds, and whether the chain holds there.
public struct LedgerLine: Sendable {
    /// 1-based.
    public var number: Int
    /// The SHA-256 of the line's bytes (its line end excluded): what the next line's `previous` must be.
    public var sha256: String
    /// Nil when the line is not an entry.
    public var entry: LedgerEntry?
    /// Why the line is not an entry (not JSON, or not shaped as one).
    public var problem: String?
    /// Why the chain breaks at this line: its `previous` is not the SHA-256 of the line before.
    public var chainBreak: String?

    public init(number: Int, sha256: String, entry: LedgerEntry?, problem: String?, chainBreak: String?) {
        self.number = number
        self.sha256 = sha256
        self.entry = entry
        self.problem = problem
        self.chainBreak = chainBreak
    }

    /// Whether the line is an entry and chains to the line before.
    public var holds: Bool { problem == nil && chainBreak == nil }
}
