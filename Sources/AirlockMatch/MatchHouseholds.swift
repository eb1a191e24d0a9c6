/// Persons who share a family name and an address on one side (a household, `MatchRecord.householdSize`), and what
/// matching did where they are (docs/match.md, "Households"): the given name must decide between them, and the model
/// says what it expects of the sure pairs there.
public struct MatchHouseholds: Sendable, Codable, Equatable {
    /// Households of two persons or more, on each side, and the persons in them.
    public var sales = 0
    public var salesPersons = 0
    public var fo = 0
    public var foPersons = 0
    /// Sure pairs whose Sales or F&O record lives in a household; the model's expected precision of them (the mean
    /// probability) and their expected wrong links.
    public var sure = 0
    public var expectedSurePrecision: Double?
    public var expectedWrongSure = 0.0
    /// Pairs held back for review because the given name does not tell a household's members apart (none, or only
    /// weakly alike); Sales records not proposed because their best candidate is a relative (another given name).
    public var heldForReview = 0
    public var relativesNotProposed = 0

    public init() {}

    /// The households of `sales` and `fo` (person records), and of the `sure` pairs (Sales index, F&O index,
    /// probability 0 to 1) those in one; `held` pairs were held back for review, `relatives` not proposed.
    init(sales: [MatchRecord], fo: [MatchRecord], sure: [(sales: Int, fo: Int, probability: Double)], held: Int, relatives: Int) {
        func count(_ records: [MatchRecord]) -> (households: Int, persons: Int) {
            var persons = 0
            var households = 0.0
            for record in records where record.householdSize > 1 {
                persons += 1
                households += 1 / Double(record.householdSize)
            }
            return (Int(households.rounded()), persons)
        }
        (self.sales, salesPersons) = count(sales)
        (self.fo, foPersons) = count(fo)
        let inHouseholds = sure.filter { sales[$0.sales].householdSize > 1 || fo[$0.fo].householdSize > 1 }
        self.sure = inHouseholds.count
        expectedSurePrecision = inHouseholds.isEmpty ? nil : inHouseholds.reduce(0) { $0 + $1.probability } / Double(inHouseholds.count)
        expectedWrongSure = inHouseholds.reduce(0) { $0 + (1 - $1.probability) }
        heldForReview = held
        relativesNotProposed = relatives
    }
}
