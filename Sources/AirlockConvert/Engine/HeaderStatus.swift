/// What became of a header record, for the lines that hang off it.
enum HeaderStatus: UInt8, Sendable {
    /// Written, or unchanged in the target.
    case accepted
    /// Rejected: its lines are rejected `header-rejected`.
    case rejected
    /// Left out by a filter: its lines are left out too.
    case filtered
}
