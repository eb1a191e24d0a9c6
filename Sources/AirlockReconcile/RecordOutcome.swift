/// What happens to one mapped record: exactly one outcome per record read, so the flow's counts add up.
public enum RecordOutcome: Sendable, Hashable {
    /// Absent from the target export: written as new.
    case create
    /// Present in the target export (at `targetRow`) with some mapped values different: the fields named.
    case update(targetRow: Int, changedFields: [String])
    /// Present and every compared value equal: not written unless `--full`.
    case unchanged(targetRow: Int)
    /// Left out by the named template filter.
    case filtered(filter: String)
    /// Refused, with the reason code and a message naming the key, field or reference.
    case rejected(RejectReason, detail: String)

    /// The reject reason, when rejected.
    public var rejectReason: RejectReason? {
        if case .rejected(let reason, _) = self { return reason }
        return nil
    }
}
