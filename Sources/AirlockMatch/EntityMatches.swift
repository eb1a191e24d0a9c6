import AirlockReconcile

/// What matching found for one entity.
public struct EntityMatches: Sendable {
    public var entity: LinkedEntity
    /// One per Sales record with a candidate at or above the review score (or a kept decision), in Sales order.
    public var proposals: [MatchProposal]
    /// Pairs of records within one side, F&O first.
    public var duplicates: [MatchDuplicate]
    /// Each Sales record's best score (0 with no candidate), for the score distribution.
    public var bestScores: [Double]
    /// Candidate pairs compared across the sides, and blocking keys left out for pairing too many records.
    public var comparisons: Int
    public var keysTooCommon: Int
    /// The model the pairs were scored with, estimated from this run's exports.
    public var model: MatchModel
    /// Persons only: the households of each side and what matching did there.
    public var households: MatchHouseholds?
    /// Why a Sales record whose best candidate scores at least review is not proposed, by Sales index.
    public var unproposed: [Int: String] = [:]
}
