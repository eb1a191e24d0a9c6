import AirlockModel

/// Keyed, deterministic replacements of personal values, each derived from the value (after the folding `match`
/// applies) and the key: the same value gives the same replacement wherever it stands, in either export, and
/// nothing can be confirmed or reversed without the key. Each kind keeps the shape a reader or a check relies on
/// (a legal form, the case pattern, an e-mail's domain mapped alike, a phone's country code and digit count, a
/// postcode's format, a street's house number and type word); see the extensions per kind.
///
/// A replacer remembers the words it has drawn (`MaskWordMemo`): use one per run, on one thread.
public struct MaskReplacer {
    let key: MaskKey
    let memo = MaskWordMemo()

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
        let memoKey = MaskWordMemo.Key(purpose: purpose, text: text, length: length)
        if let known = memo.words[memoKey] { return known }
        let drawn = bytes(purpose, text, count: length + 1)
        var vowel = drawn[length] & 1 == 0
        var word = ""
        for index in 0..<length {
            let pool = vowel ? Self.vowels : Self.consonants
            word.append(pool[Int(drawn[index]) % pool.count])
            vowel.toggle()
        }
        memo.words[memoKey] = word
        return word
    }

    /// The form of a name's word a replacement is drawn from: folded as `match` folds it (`TextFolding`), and German
    /// spellings without umlauts or ß made one with theirs (`Müller`, `Muller` and `MUELLER` give one word).
    static func nameKey(_ word: Substring) -> String {
        let folded = TextFolding.words(String(word)).joined()
        // One pass, left to right, each pair taken once: `ae`, `oe`, `ue` and `ss` are made `a`, `o`, `u` and `s`
        // (no pair's second letter begins another, so one pass is the four replacements one after another).
        var key: [UInt8] = []
        key.reserveCapacity(folded.utf8.count)
        var pending: UInt8?
        for byte in folded.utf8 {
            if let first = pending {
                pending = nil
                key.append(first)
                let pair = (first, byte)
                let joined =
                    pair == (UInt8(ascii: "a"), UInt8(ascii: "e")) || pair == (UInt8(ascii: "o"), UInt8(ascii: "e"))
                    || pair == (UInt8(ascii: "u"), UInt8(ascii: "e")) || pair == (UInt8(ascii: "s"), UInt8(ascii: "s"))
                if joined { continue }
            }
            if byte == UInt8(ascii: "a") || byte == UInt8(ascii: "o") || byte == UInt8(ascii: "u") || byte == UInt8(ascii: "s") {
                pending = byte
            } else {
                key.append(byte)
            }
        }
        if let first = pending { key.append(first) }
        return String(decoding: key, as: UTF8.self)
    }

    /// `word` written in the case pattern of `original`: all capitals, capitalised, or lower case.
    static func cased(_ word: String, like original: Substring) -> String {
        if let pattern = asciiCasePattern(original) {
            switch pattern {
            case .capitals: return word.uppercased()
            case .capitalised: return word.prefix(1).uppercased() + word.dropFirst()
            case .lower: return word
            }
        }
        let letters = original.filter(\.isLetter)
        if letters.count > 1, letters.allSatisfy({ $0.isUppercase }) { return word.uppercased() }
        if letters.first?.isUppercase == true { return word.prefix(1).uppercased() + word.dropFirst() }
        return word
    }

    private enum CasePattern { case capitals, capitalised, lower }

    /// The case pattern of an ASCII `original` as `cased` reads it (nil for any other text, read by `Character`).
    private static func asciiCasePattern(_ original: Substring) -> CasePattern? {
        var letters = 0
        var capitals = 0
        var firstIsCapital: Bool?
        for byte in original.utf8 {
            guard byte < 0x80 else { return nil }
            let isCapital = byte >= 0x41 && byte <= 0x5A
            guard isCapital || (byte >= 0x61 && byte <= 0x7A) else { continue }
            letters += 1
            if isCapital { capitals += 1 }
            if firstIsCapital == nil { firstIsCapital = isCapital }
        }
        if letters > 1, capitals == letters { return .capitals }
        return firstIsCapital == true ? .capitalised : .lower
    }

    /// `text` with each run of letters replaced by `replace(run, index)` (nil keeps the run), everything else kept.
    static func replacingLetterRuns(_ text: String, _ replace: (Substring, Int) -> String?) -> String {
        if isASCII(text) { return replacingASCIILetterRuns(text, replace) }
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

    /// `replacingLetterRuns` for ASCII text, read byte by byte (a letter is `A`–`Z` or `a`–`z`, as `Character` reads
    /// them): the same result, without reading characters.
    private static func replacingASCIILetterRuns(_ text: String, _ replace: (Substring, Int) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        let bytes = text.utf8
        var index = 0
        var position = bytes.startIndex
        while position < bytes.endIndex {
            let start = position
            if isASCIILetter(bytes[position]) {
                while position < bytes.endIndex, isASCIILetter(bytes[position]) || bytes[position] == UInt8(ascii: "'") {
                    position = bytes.index(after: position)
                }
                let run = text[start..<position]
                out += replace(run, index) ?? String(run)
                index += 1
            } else {
                while position < bytes.endIndex, !isASCIILetter(bytes[position]) { position = bytes.index(after: position) }
                out += text[start..<position]
            }
        }
        return out
    }

    static func isASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 < 0x80 }
    }

    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= 0x30 && byte <= 0x39
    }
}
