/// Counts records in a loop and hands them to `RecordProgress` in batches, so that a hot loop pays an atomic add
/// once per batch, not per record. Call `flush()` when the loop ends (also when it throws).
public struct RecordTally {
    /// What the tally counts.
    public enum Kind: Sendable {
        /// Records parsed from the inputs.
        case read
        /// Source records mapped.
        case converted
        /// Records parsed again from a command's own outputs, to check or cut them (not inputs: counted apart).
        case checked
    }

    /// Records counted but not yet handed over.
    private var pending = 0
    private let kind: Kind
    /// How many records make a batch.
    public static let batch = 4096

    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// Counts one record.
    @inline(__always) public mutating func count() {
        pending += 1
        if pending == Self.batch { flush() }
    }

    /// Hands the records counted so far over.
    public mutating func flush() {
        guard pending > 0 else { return }
        RecordProgress.add(pending, as: kind)
        pending = 0
    }
}
