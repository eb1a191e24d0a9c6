import AirlockPackages

/// A unit of measure the samples' products are sold in: its F&O symbol (SALESUNITSYMBOL), its Sales name (what the
/// value map `unit-symbol-to-name` gives, by which the products flow looks the Sales unit up) and how many decimals
/// a quantity in it has. Sales holds the units in one unit group, `groupName`.
struct SampleUnit: Sendable {
    var symbol: String
    var name: String
    var decimals: Int

    /// The Sales unit group (`uomschedule`) of the samples' units: the one the products template names for every
    /// product (`defaultuomscheduleid`).
    static let groupName = "Default Unit"

    static let each = SampleUnit(symbol: "ea", name: "Each", decimals: 0)
    static let pieces = SampleUnit(symbol: "pcs", name: "Pieces", decimals: 0)
    static let kilogram = SampleUnit(symbol: "kg", name: "Kilogram", decimals: 2)
    static let hour = SampleUnit(symbol: "h", name: "Hour", decimals: 2)
    static let meter = SampleUnit(symbol: "m", name: "Meter", decimals: 2)
    static let liter = SampleUnit(symbol: "l", name: "Liter", decimals: 2)
    static let box = SampleUnit(symbol: "box", name: "Box", decimals: 0)

    /// The values of a Sales `uomschedule` or `uom` record named `name`: the samples write the name alone.
    static func record(named name: String) -> [CMTFieldValue?] {
        [SampleEntityBuilder.value("name", name)]
    }
}
