import AirlockModel

/// Keyed, deterministic replacements of personal values, each derived from the value (after the folding `match`
/// applies) and the key: the same value gives the same replacement wherever it stands, in either export, and
/// nothing can be confirmed or reversed without the key. Each kind keeps the shape a reader or a check relies on
/// (a legal form, the case pattern, an e-mail's domain mapped alike, a phone's country code and digit count, a
/// postcode's format, a street's house number and type word); see the extensions per kind.
public struct MaskReplacer: Sendable {
    let key: MaskKey

    public init(key: MaskKey) {
        self.key = key
    }

    /// Keyed bytes for `text` under `purpose`, as many as `count` (HMAC blocks chained by a counter).
    func bytes(_ purpose: String, _ text: String, count: Int) -> [UInt8] {
        var out: [UInt8] = []
        var block = 0
        while out.count < count {
            out += key.digest(block == 0 ? purpose : purpose + "#\(block)", text)
            block += 1
        }
        return Array(out.prefix(count))
    }

    private static let consonants = Array("bcdfghjklmnprstvz")
    private static let vowels = Array("aeiou")

    /// A pronounceable lower-case word of `length` letters (at least 1) drawn from the keyed bytes of `text`.
    func word(_ purpose: String, _ text: String, length: Int) -> String {
        let length = max(1, length)
        let drawn = bytes(purpose, text, count: length + 1)
        var vowel = drawn[length] & 1 == 0
        var word = ""
        for index in 0..<length {
            let pool = vowel ? Self.vowels : Self.consonants
            word.append(pool[Int(drawn[index]) % pool.count])
            vowel.toggle()
        }
        return word
    }

    /// The form of a name's word a replacement is drawn from: folded as `match` folds it (`TextFolding`), and German
    /// spellings without umlauts or ß made one with theirs (`Müller`, `Muller` and `MUELLER` give one word).
    static func nameKey(_ word: Substring) -> String {
        var key = TextFolding.words(String(word)).joined()
        for (spelling, letter) in [("ae", "a"), ("oe", "o"), ("ue", "u"), ("ss", "s")] {
            key = key.replacingOccurrences(of: spelling, with: letter)
        }
        return key
    }

    /// `word` written in the case pattern of `original`: all capitals, capitalised, or lower case.
    static func cased(_ word: String, like original: Substring) -> String {
        let letters = original.filter(\.isLetter)
        if letters.count > 1, letters.allSatisfy({ $0.isUppercase }) { return word.uppercased() }
        if letters.first?.isUppercase == true { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }

    /// `text` with each run of letters replaced by `replace(run, index)` (nil keeps the run), everything else kept.
    static func replacingLetterRuns(_ text: String, _ replace: (Substring, Int) -> String?) -> String {
        var out = ""
        var index = 0
        var position = text.startIndex
        while position < text.endIndex {
            if text[position].isLetter {
                let start = position
                while position < text.endIndex, text[position].isLetter || text[position] == "'" || text[position] == "’" {
                    position = text.index(after: position)
                }
                let run = text[start..<position]
                out += replace(run, index) ?? String(run)
                index += 1
            } else {
                out.append(text[position])
                position = text.index(after: position)
            }
        }
        return out
    }
}
