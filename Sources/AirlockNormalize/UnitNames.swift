import AirlockModel

/// Units of measure as F&O writes them (the symbol, `ea`) and as Sales names them (`Each`, or the symbol), to one
/// form: folded (`TextFolding.fold`), then the names and symbols below to the symbol. A unit not listed compares
/// as its folded text.
public enum UnitNames {
    /// The canonical symbol of `text`, "" when blank.
    public static func canonical(_ text: String) -> String {
        let folded = TextFolding.fold(text)
        return synonyms[folded] ?? folded
    }

    static let synonyms: [String: String] = [
        "each": "ea", "ea": "ea", "unit": "ea", "units": "ea", "primary unit": "ea",
        "pcs": "pcs", "pc": "pcs", "piece": "pcs", "pieces": "pcs", "stk": "pcs", "stuck": "pcs",
        "kg": "kg", "kilogram": "kg", "kilograms": "kg", "kilo": "kg",
        "g": "g", "gram": "g", "grams": "g",
        "m": "m", "meter": "m", "metre": "m", "meters": "m", "metres": "m",
        "cm": "cm", "centimeter": "cm", "centimetre": "cm",
        "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
        "l": "l", "ltr": "l", "liter": "l", "litre": "l", "liters": "l", "litres": "l",
        "box": "box", "bx": "box", "boxes": "box",
        "pack": "pack", "pk": "pack", "package": "pack",
        "set": "set", "sets": "set", "pair": "pr", "pr": "pr", "pairs": "pr",
        "day": "d", "days": "d", "d": "d",
    ]
}
