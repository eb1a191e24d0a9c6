/// Text helpers of the unkeyed pair: accents folded away or transliterated, keys made of names (domains, e-mail
/// local parts), numbers padded, and a bijective scramble of indexes into numbers that look random but never repeat.
enum SampleUnkeyedText {
    /// The plain letters of each accented letter the word lists hold (and a few more).
    private static let folded: [Unicode.Scalar: String] = {
        var table: [Unicode.Scalar: String] = [:]
        let groups: [(String, String)] = [
            ("àáâãäåāą", "a"), ("ÀÁÂÃÄÅĀĄ", "A"), ("æ", "ae"), ("Æ", "Ae"), ("çćč", "c"), ("ÇĆČ", "C"), ("ď", "d"), ("Ď", "D"),
            ("èéêëēęě", "e"), ("ÈÉÊËĒĘĚ", "E"), ("ìíîïī", "i"), ("ÌÍÎÏĪ", "I"), ("ł", "l"), ("Ł", "L"), ("ñńň", "n"), ("ÑŃŇ", "N"),
            ("òóôõöøō", "o"), ("ÒÓÔÕÖØŌ", "O"), ("œ", "oe"), ("Œ", "Oe"), ("ř", "r"), ("Ř", "R"), ("śšş", "s"), ("ŚŠŞ", "S"),
            ("ß", "ss"), ("ť", "t"), ("Ť", "T"), ("ùúûüūů", "u"), ("ÙÚÛÜŪŮ", "U"), ("ýÿ", "y"), ("Ý", "Y"), ("źżž", "z"),
            ("ŹŻŽ", "Z"), ("ğ", "g"), ("Ğ", "G"), ("ı", "i"), ("ð", "d"), ("þ", "th"), ("ºª", ""),
        ]
        for (letters, plain) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = plain }
        }
        return table
    }()

    /// German umlauts as German writes them without the letters (`Müller` → `Mueller`); other accents folded.
    private static let transliterated: [Unicode.Scalar: String] = {
        var table = folded
        for (letter, plain) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("Ä", "Ae"), ("Ö", "Oe"), ("Ü", "Ue")] {
            if let scalar = letter.unicodeScalars.first { table[scalar] = plain }
        }
        return table
    }()

    /// Whether `text` has a letter `fold` changes.
    static func hasAccents(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value > 127 && folded[$0] != nil }
    }

    /// `text` without accents: `Société Générale` → `Societe Generale`, `Straße` → `Strasse`.
    static func fold(_ text: String) -> String {
        replace(text, with: folded)
    }

    /// `text` without accents, German umlauts as `ae`, `oe`, `ue`: `Müller` → `Mueller`.
    static func transliterate(_ text: String) -> String {
        replace(text, with: transliterated)
    }

    private static func replace(_ text: String, with table: [Unicode.Scalar: String]) -> String {
        guard text.unicodeScalars.contains(where: { $0.value > 127 }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value > 127, let plain = table[scalar] {
                result += plain
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The lower-case ASCII letters and digits of `text`, accents folded: `O'Brien & Søn` → `obriensn`; with
    /// `keepingSpaces`, its spaces too (`obrien  sn`).
    static func key<Text: StringProtocol>(_ text: Text, keepingSpaces: Bool = false) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        func add(_ byte: UInt8) {
            switch byte {
            case 65...90: bytes.append(byte + 32)
            case 97...122, 48...57: bytes.append(byte)
            case 32 where keepingSpaces: bytes.append(byte)
            default: break
            }
        }
        for scalar in text.unicodeScalars {
            if scalar.value < 128 {
                add(UInt8(scalar.value))
            } else if let plain = folded[scalar] {
                for byte in plain.utf8 { add(byte) }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` in decimal, left-padded with zeros to `width`.
    static func padded(_ value: Int, width: Int) -> String {
        let digits = String(value)
        let count = digits.utf8.count
        return count >= width ? digits : String(repeating: "0", count: width - count) + digits
    }

    /// How many decimal digits `value` has.
    static func digitCount(_ value: Int) -> Int {
        String(max(0, value)).utf8.count
    }

    /// Whether `text` holds `target` (compared byte for byte).
    static func contains(_ target: String, in text: String) -> Bool {
        firstMatch(of: Array(target.utf8), in: Array(text.utf8), from: 0) != nil
    }

    /// `text` with every `target` replaced by `replacement` (compared byte for byte).
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let source = Array(text.utf8)
        let pattern = Array(target.utf8)
        guard var match = firstMatch(of: pattern, in: source, from: 0) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(source.count + replacement.utf8.count)
        var start = 0
        while true {
            result.append(contentsOf: source[start..<match])
            result.append(contentsOf: replacement.utf8)
            start = match + pattern.count
            guard let next = firstMatch(of: pattern, in: source, from: start) else { break }
            match = next
        }
        result.append(contentsOf: source[start...])
        return String(decoding: result, as: UTF8.self)
    }

    private static func firstMatch(of pattern: [UInt8], in source: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, source.count >= pattern.count, start <= source.count - pattern.count else { return nil }
        for index in start...(source.count - pattern.count) where source[index] == pattern[0] {
            if source[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
        }
        return nil
    }

    /// `index` mapped one-to-one onto 0..<10^`width` (`index` below it): an affine map whose factor is prime to 10,
    /// shifted by `offset`. Distinct indexes give distinct numbers that do not follow the indexes' order.
    static func scrambled(_ index: Int, width: Int, offset: UInt64) -> Int {
        var modulus: UInt64 = 1
        for _ in 0..<width { modulus *= 10 }
        let factor: UInt64 = 738_219_451 % modulus | 1
        let usable = factor % 5 == 0 ? factor + 2 : factor
        let product = (UInt64(index) % modulus).multipliedFullWidth(by: usable % modulus)
        let scaled = modulus.dividingFullWidth((product.high, product.low)).remainder
        return Int((scaled + offset % modulus) % modulus)
    }

    /// `index` mapped one-to-one onto 0..<2^30 (`index` below it): an odd factor and a shift, modulo 2^30.
    static func scrambled30(_ index: Int, offset: UInt64) -> Int {
        let mask: UInt64 = (1 << 30) - 1
        return Int((UInt64(index) &* 0x2F1C_6A35 &+ offset) & mask)
    }

    /// `text` with its first letter upper-case and the rest as it is.
    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}
