import AirlockModel

/// The counts of one flow (e.g. customers Sales → F&O): records read and what became of each.
///
/// The accounting identity read = created + updated + unchanged + filtered + rejected must hold when the
/// flow ends; `checkIdentity()` enforces it. `read` is advanced by whoever reads records (the reader or
/// `RecordClassifier.classifyAll`), separately from `record(_:)`, so the check is not a tautology.
public struct FlowTally: Sendable, Hashable {
    /// The flow's name, for reports and errors.
    public var flow: String
    public var read = 0
    public var filtered = 0
    public var created = 0
    public var updated = 0
    public var unchanged = 0
    public var rejectedByReason: [RejectReason: Int] = [:]

    public init(flow: String) {
        self.flow = flow
    }

    /// Records rejected, all reasons together.
    public var rejected: Int { rejectedByReason.values.reduce(0, +) }

    /// Records accounted for by an outcome.
    public var accounted: Int { created + updated + unchanged + filtered + rejected }

    /// Counts one outcome.
    public mutating func record(_ outcome: RecordOutcome) {
        switch outcome {
        case .create: created += 1
        case .update: updated += 1
        case .unchanged: unchanged += 1
        case .filtered: filtered += 1
        case .rejected(let reason, _): rejectedByReason[reason, default: 0] += 1
        }
    }

    /// Checks read = created + updated + unchanged + filtered + rejected.
    /// - Throws: `AirlockError(.accountingIdentity)` naming the flow and every number when it does not hold;
    ///   the run must then fail.
    public func checkIdentity() throws {
        guard read != accounted else { return }
        let gap = read - accounted
        let what = gap > 0 ? "\(gap) record\(gap == 1 ? "" : "s") unaccounted for" : "\(-gap) record\(gap == -1 ? "" : "s") counted twice"
        throw AirlockError(
            .accountingIdentity,
            "flow \(flow): read \(read) ≠ created \(created) + updated \(updated) + unchanged \(unchanged) + filtered \(filtered) + rejected \(rejected) (= \(accounted)); \(what)"
        )
    }
}
