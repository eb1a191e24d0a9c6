/// What one signal said about a pair: agreed, agreed in part (a near name, a street without its number) or
/// disagreed, and the points it gave (negative when it disagreed). A signal that one side lacks says nothing and
/// is not listed.
public struct MatchEvidence: Sendable, Equatable {
    public enum Verdict: String, Sendable { case agrees, partly, disagrees }

    public var signal: MatchSignal
    public var verdict: Verdict
    public var points: Double

    public init(_ signal: MatchSignal, _ verdict: Verdict, _ points: Double) {
        self.signal = signal
        self.verdict = verdict
        self.points = points
    }
}
