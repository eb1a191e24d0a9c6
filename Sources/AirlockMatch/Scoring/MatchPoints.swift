/// The points each signal gives when it agrees, and takes when it disagrees, per entity: the weights of
/// `MatchScorer`. Set so that a name that agrees with two independent signals (postcode and street, a phone, an
/// e-mail) passes the default `sure` threshold, and a name alone stays below `review` plus a little; measured on
/// generated noisy pairs (docs/match.md, "Quality").
public struct MatchPoints: Sendable {
    public var key = 100.0
    public var name = 45.0
    /// The most a near name (similarity 0.6–0.85) gives.
    public var nameWeak = 10.0
    public var nameDiffers = 25.0
    public var legalFormDiffers = 10.0
    public var taxNumber = 40.0
    public var taxNumberDiffers = 45.0
    public var email = 25.0
    public var domain = 12.0
    public var domainDiffers = 8.0
    public var phone = 20.0
    public var phoneDiffers = 5.0
    public var company = 30.0
    public var companyDiffers = 25.0
    public var postcode = 15.0
    public var postcodeDiffers = 12.0
    public var street = 8.0
    public var houseNumber = 7.0
    public var houseNumberDiffers = 8.0
    public var city = 5.0
    public var cityDiffers = 8.0
    public var country = 3.0
    public var countryDiffers = 25.0
    public var number = 60.0
    public var numberDiffers = 5.0
    public var unit = 10.0

    /// The points of `entity`.
    public static func of(_ entity: MatchEntity) -> MatchPoints {
        var points = MatchPoints()
        switch entity {
        case .accounts: break
        case .contacts:
            points.name = 35
            points.nameDiffers = 30
            points.email = 45
        case .products:
            points.name = 50
        }
        return points
    }
}
