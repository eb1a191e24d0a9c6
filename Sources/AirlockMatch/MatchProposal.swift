/// A Sales record and the F&O record matching proposes for it (or a reviewer chose).
public struct MatchProposal: Sendable {
    public var salesIndex: Int
    public var foIndex: Int
    public var score: Double
    public var matchClass: MatchClass?
    /// The reviewer's decision kept from `--reviewed`, nil when none.
    public var decision: MatchDecision.Verdict?
    /// Why the class is what it is when that is not the score alone (another candidate close behind, an F&O record
    /// proposed twice, a kept decision).
    public var notes: [String] = []

    /// Whether the pair is linked: accepted, or sure and not rejected.
    public var isLinked: Bool {
        decision == .accept || (decision == nil && matchClass == .sure)
    }
}
