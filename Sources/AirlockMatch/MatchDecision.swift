import AirlockReconcile

/// A reviewer's decision on a pair, from a reviewed `matches.csv`.
public struct MatchDecision: Sendable, Equatable {
    public enum Verdict: String, Sendable { case accept, reject }

    public var entity: LinkedEntity
    public var verdict: Verdict
    /// The Sales record's GUID (lower case).
    public var salesKey: String
    /// The F&O key the reviewer accepted or rejected (edited or as proposed).
    public var foKey: String
    /// The line of the reviewed file.
    public var line: Int
}
