/// What one signal said about a pair: agreed, agreed in part (a near name, a street of nearly the same letters) or
/// disagreed, at which level, and its weight in bits under the entity's model (`MatchModel`: positive for the pair,
/// negative against it). A signal that one side lacks says nothing and is not listed.
public struct MatchEvidence: Sendable, Equatable {
    public enum Verdict: String, Sendable { case agrees, partly, disagrees }

    public var signal: MatchSignal
    public var verdict: Verdict
    /// The weight, in bits.
    public var points: Double
    public var level: ComparisonLevel

    public init(_ signal: MatchSignal, _ verdict: Verdict, _ points: Double, level: ComparisonLevel? = nil) {
        self.signal = signal
        self.verdict = verdict
        self.points = points
        self.level = level ?? (verdict == .agrees ? .exact : verdict == .disagrees ? .different : .close)
    }
}
