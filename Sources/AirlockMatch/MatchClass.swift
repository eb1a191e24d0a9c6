/// How sure matching is of a pair (docs/match.md, "Thresholds").
public enum MatchClass: String, Sendable, Comparable {
    /// At or above the sure score, and clearly ahead of any other candidate: linked unless rejected.
    case sure
    /// At or above the review score, or sure but close to another candidate: linked only when accepted.
    case review

    public static func < (lhs: MatchClass, rhs: MatchClass) -> Bool { lhs == .sure && rhs == .review }
}
