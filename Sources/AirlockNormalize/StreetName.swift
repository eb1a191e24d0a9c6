import AirlockModel

/// A street line split into what identifies the street and the house number: folded words (`TextFolding`), the
/// usual abbreviations written out (`St` → `street`, `Rd` → `road`, `Str.` and `-str.` → `strasse`), and the
/// words holding a digit taken as the number, wherever they stand (`12 High St` and `High Street 12`).
public struct StreetName: Sendable, Equatable {
    /// The street's words, abbreviations expanded, joined by spaces.
    public var street: String
    /// The house number's words joined (`12a`), "" when none.
    public var number: String

    /// Splits `line`.
    public init(_ line: String) {
        var words: [String] = []
        var numbers: [String] = []
        for word in TextFolding.words(line) {
            if word.contains(where: \.isNumber) {
                numbers.append(word)
            } else if numbers.last.map({ $0.last?.isNumber == true }) == true, word.count == 1, !words.isEmpty || numbers.count == 1,
                Self.expansions[word] == nil
            {
                numbers[numbers.count - 1] += word  // 12 a → 12a
            } else {
                words.append(Self.expand(word))
            }
        }
        street = words.joined(separator: " ")
        number = numbers.joined(separator: " ")
    }

    static func expand(_ word: String) -> String {
        if let full = expansions[word] { return full }
        if word.hasSuffix("str"), word.count > 3 { return String(word.dropLast(3)) + "strasse" }
        return word
    }

    /// Abbreviation → the word written out (English, German, Dutch, French, Spanish, Italian forms).
    /// Abbreviations of street-type words and what they stand for (`st` → `street`).
    public static let expansions: [String: String] = [
        "st": "street", "str": "strasse", "rd": "road", "ave": "avenue", "av": "avenue", "blvd": "boulevard", "dr": "drive",
        "ln": "lane", "ct": "court", "pl": "place", "sq": "square", "hwy": "highway", "pkwy": "parkway", "cres": "crescent",
        "ter": "terrace", "cl": "close", "gdns": "gardens", "mt": "mount", "n": "north", "s": "south", "e": "east", "w": "west",
        "ne": "northeast", "nw": "northwest", "se": "southeast", "sw": "southwest", "bd": "boulevard", "bld": "boulevard",
        "pza": "plaza", "c": "calle", "avda": "avenida", "wg": "weg",
    ]
}
