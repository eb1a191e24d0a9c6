/// A product of the unkeyed pair's world as F&O releases it: its number (`P-00123`), its name (a quality, a material,
/// a thing and a size, some left out), the unit it is sold and stocked in, and its sales price and unit cost.
struct SampleUnkeyedProduct {
    var number: String
    /// The name's parts, in order: `Stainless`, `Steel`, `Hex Bolt` (the quality and material may be missing).
    var words: [String]
    /// The size or model at the end of the name (may be empty).
    var variant: String
    /// SALESUNITSYMBOL: ea, pcs, kg, m, h, l or box.
    var unit: String
    /// INVENTORYUNITSYMBOL: the sales unit, or `pcs` for some products sold by the box.
    var inventoryUnit: String
    /// SALESPRICE and UNITCOST, in whole units of the product's currency (a service's per hour).
    var price = 0
    var cost = 0

    /// The name as F&O writes it.
    var name: String { (words + (variant.isEmpty ? [] : [variant])).joined(separator: " ") }

    /// A service, sold by the hour (PRODUCTTYPE `Service`, not stocked).
    var isService: Bool { unit == SampleUnit.hour.symbol }

    /// The decimals of a quantity in the sales unit (SALESUNITDECIMALPRECISION).
    var unitDecimals: Int { Self.units.first { $0.symbol == unit }?.decimals ?? 0 }

    /// The units the products are sold in (Sales holds either name for a unit: the symbol or the long name).
    static let units: [SampleUnit] = [.each, .pieces, .kilogram, .meter, .hour, .liter, .box]

    /// Product `number`, drawn from `random`.
    static func make(number: String, _ random: inout SampleRandom) -> SampleUnkeyedProduct {
        typealias Names = SampleUnkeyedNames
        var words: [String] = []
        if random.chance(8) {
            // A service: a thing and what is done to it, by the hour.
            if random.chance(30) { words.append(random.pick(Names.productQualities)) }
            words.append(random.pick(Names.productThings).name)
            words.append(random.pick(Names.services))
            let variant = random.chance(70) ? random.pick(Names.serviceLevels) : ""
            var service = SampleUnkeyedProduct(number: number, words: words, variant: variant, unit: "h", inventoryUnit: "h")
            service.drawPrice(60...180, &random)
            return service
        }
        let thing = random.pick(Names.productThings)
        if random.chance(75) { words.append(random.pick(Names.productQualities)) }
        if random.chance(85) { words.append(random.pick(Names.productMaterials)) }
        words.append(thing.name)
        var variant = random.chance(85) ? random.pick(Names.productVariants) : ""
        // A model designation (`KX-220`), as most catalogues give their items: names of distinct products then
        // rarely coincide, even among a hundred thousand.
        if random.chance(60) {
            let letters = Array("ABCDEFGHJKLMNPRSTVXZ")
            let code = String([random.pick(letters), random.pick(letters)]) + "-" + String(random.int(10...999))
            variant = variant.isEmpty ? code : variant + " " + code
        }
        let inventory = thing.unit == "box" && random.chance(50) ? "pcs" : thing.unit
        var product = SampleUnkeyedProduct(number: number, words: words, variant: variant, unit: thing.unit, inventoryUnit: inventory)
        product.drawPrice(5...2_000, &random)
        return product
    }

    /// Draws the price from `range` and the cost, 40 to 80 % of it (at least 1). Drawn after everything else, so
    /// that the names and units are those drawn before prices were.
    private mutating func drawPrice(_ range: ClosedRange<Int>, _ random: inout SampleRandom) {
        price = random.int(range)
        cost = max(1, price * random.int(40...80) / 100)
    }
}
