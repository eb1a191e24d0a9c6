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
    /// Which words are typos of another, decided from both exports (`MaskWordPlan`).
    let plan: MaskWordPlan
    let memo = MaskWordMemo()
    /// A keyed order of the letters `a`–`z`: a name's masked words begin with the image of its initial, and an initial
    /// alone masks to it, so `J.` and `John` stay an initial and its name as `match` reads them.
    private let initials: [Character]

    public init(key: MaskKey, plan: MaskWordPlan = MaskWordPlan()) {
        self.key = key
        self.plan = plan
        var letters = Array("abcdefghijklmnopqrstuvwxyz")
        let drawn = key.digest("initials", "")
        for index in stride(from: letters.count - 1, to: 0, by: -1) {
            letters.swapAt(index, Int(drawn[index % drawn.count]) % (index + 1))
        }
        initials = letters
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

    private static let consonants = Array("bcdfghjklmnprstvwxz")
    private static let vowels = Array("aeiouy")
    private static let letters = consonants + vowels

    /// A lower-case word of `length` letters (at least 1) drawn from the keyed bytes of `text`: any letter, but never
    /// three consonants or three vowels in a row, so that it reads as a word; about 25 choices a letter, so that two
    /// words seldom draw alike.
    func word(_ purpose: String, _ text: String, length: Int) -> String {
        let length = max(1, length)
        let memoKey = MaskWordMemo.Key(purpose: purpose, text: text, length: length)
        if let known = memo.words[memoKey] { return known }
        let word = draw(purpose, text, length: length)
        memo.words[memoKey] = word
        return word
    }

    /// `word` without the memo (for `nameWord`, which keeps its own).
    private func draw(_ purpose: String, _ text: String, length: Int) -> String {
        let length = max(1, length)
        let drawn = bytes(purpose, text, count: length)
        var consonantRun = 0
        var vowelRun = 0
        var word = ""
        for index in 0..<length {
            let pool = consonantRun >= 2 ? Self.vowels : vowelRun >= 2 ? Self.consonants : Self.letters
            let letter = pool[Int(drawn[index]) % pool.count]
            let isVowel = Self.vowels.contains(letter)
            consonantRun = isVowel ? 0 : consonantRun + 1
            vowelRun = isVowel ? vowelRun + 1 : 0
            word.append(letter)
        }
        return word
    }

    /// The masked word of a name's or a street's word `key` (folded, `nameKey`): drawn from the word itself, or, for a
    /// typo of another word of the exports (`MaskWordPlan`), that word's masked form with the same typo; a name's
    /// beginning with the image of its initial.
    func nameWord(_ purpose: String, _ key: String) -> String {
        let memoKey = MaskWordMemo.Key(purpose: purpose, text: key, length: 0)
        if let known = memo.words[memoKey] { return known }
        var result: String
        switch plan.variant(of: key, purpose: purpose) {
        case .edit(let anchor, let edit)?:
            var drawnLetters = 0
            let masked = Array(drawnWord(purpose, anchor))
            let present = Set(masked)
            let letters = edit.applied(to: masked) { replaced in
                defer { drawnLetters += 1 }
                return letter(purpose, key, drawnLetters, replacing: replaced, avoiding: present)
            }
            result = purpose == Self.namePurpose ? withInitial(String(letters), of: key) : String(letters)
        case .fixed(let masked)?:
            result = masked
        case nil:
            result = drawnWord(purpose, key)
        }
        memo.words[memoKey] = result
        return result
    }

    private func drawnWord(_ purpose: String, _ key: String) -> String {
        let drawn = draw(purpose, key, length: key.count)
        return purpose == Self.namePurpose ? withInitial(drawn, of: key) : drawn
    }

    /// `word` beginning with the image of `key`'s initial (when that is a letter `a`–`z`).
    private func withInitial(_ word: String, of key: String) -> String {
        guard let initial = key.unicodeScalars.first.flatMap(initial(of:)), !word.isEmpty else { return word }
        return String(initial) + word.dropFirst()
    }

    /// The image of letter `scalar` (`a`–`z`, either case: lower case), nil for any other.
    func initial(of scalar: Unicode.Scalar) -> Character? {
        let value = scalar.value | 0x20
        guard value >= 0x61, value <= 0x7A else { return nil }
        return initials[Int(value - 0x61)]
    }

    /// A letter a typo brings into a masked word, drawn from the typo'd word and its place: of the kind (vowel or
    /// consonant) of the letter it replaces, never that letter, and one the word does not hold (`present`) where one is
    /// left (a letter the word holds elsewhere would make `match`'s Jaro–Winkler see a transposition the clear typo has
    /// not).
    private func letter(
        _ purpose: String, _ key: String, _ index: Int, replacing replaced: Character?, avoiding present: Set<Character>
    ) -> Character {
        let drawn = Int(bytes("typo " + purpose, key + "#\(index)", count: 1)[0])
        let kind = replaced.map { Self.vowels.contains($0) ? Self.vowels : Self.consonants } ?? Self.letters
        let allowed = kind.filter { $0 != replaced }
        let fresh = allowed.filter { !present.contains($0) }
        let pool = fresh.isEmpty ? allowed : fresh
        return pool[drawn % pool.count]
    }

    /// The form of a name's or a street's word a replacement is drawn from: folded as `match` folds it (`TextFolding`),
    /// so `Müller`, `Muller` and `MULLER` give one word; `Mueller`, which `match` calls close to them, is a typo of
    /// theirs when both are in the exports (`MaskWordPlan`).
    static func nameKey(_ word: Substring) -> String {
        TextFolding.words(String(word)).joined()
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
