/// A product of the unkeyed pair's world as F&O releases it: its number (`P-00123`), its name (a quality, a material,
/// a thing and a size, some left out) and the unit it is sold and stocked in.
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

    /// The name as F&O writes it.
    var name: String { (words + (variant.isEmpty ? [] : [variant])).joined(separator: " ") }

    /// The units and their long names (Sales holds either for a unit).
    static let unitNames: [(symbol: String, name: String)] = [
        ("ea", "Each"), ("pcs", "Pieces"), ("kg", "Kilogram"), ("m", "Meter"), ("h", "Hour"), ("l", "Liter"), ("box", "Box"),
    ]

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
            return SampleUnkeyedProduct(number: number, words: words, variant: variant, unit: "h", inventoryUnit: "h")
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
        return SampleUnkeyedProduct(number: number, words: words, variant: variant, unit: thing.unit, inventoryUnit: inventory)
    }
}
