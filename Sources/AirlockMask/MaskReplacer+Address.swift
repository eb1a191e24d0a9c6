import AirlockMatch
import AirlockModel

extension MaskReplacer {
    /// A postcode: its format kept (each letter a letter, each digit a digit, spaces and hyphens where they were, the
    /// case of each letter), the characters drawn from the postcode without spaces or case (`B1 9PA` and `b19pa` give
    /// one postcode).
    public func postcode(_ code: String) -> String {
        if Self.isASCII(code) { return asciiPostcode(code) }
        let canonical = code.uppercased().filter { $0.isLetter || $0.isNumber }
        guard !canonical.isEmpty else { return code }
        let drawn = bytes("postcode", canonical, count: canonical.count)
        let letters = Array("ABCDEFGHJKLMNPRSTUVWXYZ")
        var index = 0
        return String(
            code.map { character -> Character in
                guard character.isLetter || character.isNumber else { return character }
                defer { index += 1 }
                if character.isNumber { return Character(String(drawn[index] % 10)) }
                let letter = letters[Int(drawn[index]) % letters.count]
                return character.isLowercase ? Character(letter.lowercased()) : letter
            })
    }

    private static let postcodeLetters = Array("ABCDEFGHJKLMNPRSTUVWXYZ".utf8)

    /// `postcode` for ASCII text, read byte by byte: the same result, without reading characters.
    private func asciiPostcode(_ code: String) -> String {
        let canonical = code.utf8.compactMap { byte -> UInt8? in
            if Self.isASCIIDigit(byte) || (byte >= 0x41 && byte <= 0x5A) { return byte }
            return byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : nil
        }
        guard !canonical.isEmpty else { return code }
        let drawn = bytes("postcode", String(decoding: canonical, as: UTF8.self), count: canonical.count)
        var index = 0
        let letters = Self.postcodeLetters
        let result = code.utf8.map { byte -> UInt8 in
            guard Self.isASCIIDigit(byte) || Self.isASCIILetter(byte) else { return byte }
            defer { index += 1 }
            if Self.isASCIIDigit(byte) { return 0x30 + drawn[index] % 10 }
            let letter = letters[Int(drawn[index]) % letters.count]
            return byte >= 0x61 ? letter + 0x20 : letter
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// A street line: the house number and the street-type word (`Street`, `St`, `Straße`, `rue`) kept, every other
    /// word replaced by a word drawn from its folded form, in its case pattern.
    public func street(_ line: String) -> String {
        Self.replacingLetterRuns(line) { run, _ in
            let folded = TextFolding.words(String(run)).joined()
            guard folded.count > 1, !Self.streetTypes.contains(folded) else { return nil }
            // A compound with its type word (`Bahnhofstrasse`, `Königsallee`): the name part replaced, the type kept.
            if let suffix = Self.compoundSuffixes.first(where: { folded.hasSuffix($0) && folded.count > $0.count + 1 }) {
                let written = Self.writtenSuffix(of: run, folded: suffix)
                let stem = run.dropLast(written.count)
                let key = Self.nameKey(stem)
                return Self.cased(word("street", key, length: key.count), like: stem) + written
            }
            let key = Self.nameKey(run)
            return Self.cased(word("street", key, length: key.count), like: run)
        }
    }

    /// Type words that end compound street names (`Bahnhofstrasse`, `Hauptstraße`, `Königsallee`, `Kerkstraat`).
    static let compoundSuffixes = ["strasse", "allee", "weg", "gasse", "platz", "straat", "laan", "vej", "gatan", "vagen", "ring", "damm"]

    /// The end of `run` as written that folds to `folded` (`straße` for `strasse`).
    static func writtenSuffix(of run: Substring, folded: String) -> Substring {
        var count = 1
        while count <= run.count {
            let tail = run.suffix(count)
            if TextFolding.words(String(tail)).joined() == folded { return tail }
            count += 1
        }
        return run.suffix(0)
    }

    /// Street-type words: the abbreviations `match` expands and what they stand for, and a few it reads as they are.
    static let streetTypes: Set<String> = Set(StreetName.expansions.keys).union(StreetName.expansions.values).union([
        "rue", "via", "calle", "avenida", "weg", "gasse", "platz", "allee", "straat", "laan", "plein", "vej", "gatan", "vagen",
    ])
}
