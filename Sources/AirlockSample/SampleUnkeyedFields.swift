/// Values of a record of the unkeyed pair that one side may leave empty: each is missing on one side (either, as
/// likely) for about 15 % of the things both sides hold (`SampleUnkeyedFields.drawMissing`).
struct SampleUnkeyedFields: OptionSet {
    let rawValue: UInt8

    static let postcode = SampleUnkeyedFields(rawValue: 1)
    static let city = SampleUnkeyedFields(rawValue: 2)
    static let phone = SampleUnkeyedFields(rawValue: 4)
    static let email = SampleUnkeyedFields(rawValue: 8)
    static let vat = SampleUnkeyedFields(rawValue: 16)
    static let website = SampleUnkeyedFields(rawValue: 32)

    /// The percentage of records whose value is missing on one side, for each field.
    static let missingRate = 15

    /// Which of `fields` F&O leaves empty and which Sales does: each missing on one side with `missingRate`.
    static func drawMissing(_ fields: [SampleUnkeyedFields], _ random: inout SampleRandom) -> (fo: Self, sales: Self) {
        var fo: SampleUnkeyedFields = []
        var sales: SampleUnkeyedFields = []
        for field in fields where random.chance(missingRate) {
            if random.chance(50) { fo.insert(field) } else { sales.insert(field) }
        }
        return (fo, sales)
    }
}
