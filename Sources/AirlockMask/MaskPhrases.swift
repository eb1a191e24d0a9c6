import AirlockModel

/// The clear values a masking replaces, sought again inside every other text column of either export (a customer's
/// name in an order reference, a contact's e-mail address in a note): each as its sequence of folded words
/// (`FoldedWords`, so case, accents and punctuation do not hide it), with the method its column masks it by, so that
/// what is found is replaced by the same masked text as the value itself. Gathered from both exports before either
/// is written (`MaskSurvey`); only 64-bit digests are held, never a clear value.
public struct MaskPhrases: Sendable {
    /// Each sought value's digest → the method it is masked by, while the first reading adds them.
    private var entries: [UInt64: MaskMethod] = [:]
    /// The same once sealed (`sealed()`), for the second reading: each digest with its low four bits replaced by the
    /// method's place in `MaskMethod.allCases`, sorted (half the memory of the table, found by a binary search).
    private var sealedEntries: [UInt64] = []
    /// The digests of the sought values' first words: a word of text that begins none is passed over at once (a set
    /// while the first reading adds them; a sorted array once sealed).
    private var firstWords: Set<UInt64> = []
    private var sealedFirstWords: [UInt64] = []
    /// The most words a sought value has.
    private(set) var longestWords = 0
    /// Where `add` folds a value's words.
    private var buffer: [UInt8] = []

    /// Values of more words than this are not sought (a value that long is not typed into another column whole).
    static let maximumWords = 12
    /// A value of one word is sought when it has this many letters or digits or more; shorter single words (a first
    /// name, a town's name as a surname) are also ordinary words of text, and stay where they are not a value.
    public static let singleWordMinimum = 10
    /// A value of several words is sought when its words hold this many letters or digits or more.
    public static let severalWordsMinimum = 4
    /// Methods whose values are sought in text: those that replace a name, an address or a number that identifies.
    /// Free text (`text`) is not sought again, dates are not (a date in text is no trace of a birth date), and `blank`
    /// and `keep` replace nothing.
    static let soughtMethods: Set<MaskMethod> = [.organisation, .person, .street, .email, .website, .phone, .postcode, .token]

    public init() {}

    /// The number of distinct values sought.
    public var count: Int { entries.count + sealedEntries.count }

    /// Whether nothing is sought.
    var isEmpty: Bool { count == 0 }

    /// These phrases as the second reading uses them: the table made a sorted array.
    func sealed() -> MaskPhrases {
        var result = self
        result.sealedEntries = entries.map { $0.key & ~0xF | UInt64(Self.order($0.value)) }.sorted()
        result.entries = [:]
        result.sealedFirstWords = firstWords.sorted()
        result.firstWords = []
        return result
    }

    /// Whether a sought value begins with the word of digest `word`.
    private func begins(_ word: UInt64) -> Bool {
        if !firstWords.isEmpty { return firstWords.contains(word) }
        return sealedFirstWords.sortedContains(word)
    }

    /// The method `digest` is sought under, nil when it is not.
    private func method(of digest: UInt64) -> MaskMethod? {
        if !entries.isEmpty { return entries[digest] }
        let wanted = digest & ~0xF
        var low = 0
        var high = sealedEntries.count
        while low < high {
            let middle = (low + high) / 2
            if sealedEntries[middle] < wanted { low = middle + 1 } else { high = middle }
        }
        guard low < sealedEntries.count, sealedEntries[low] & ~0xF == wanted else { return nil }
        return MaskMethod.allCases[Int(sealedEntries[low] & 0xF)]
    }

    /// Adds `value`, masked by `method`, when it is long enough to be sought (an e-mail address's or a website's host
    /// too, as a website, so that `example.com` in a note is mapped as the address's domain is). A value sought under
    /// two methods keeps the one first in `MaskMethod`'s order, so that the result does not depend on which was read
    /// first.
    mutating func add(
        _ value: UnsafeRawBufferPointer, method: MaskMethod, eachWord: (UnsafeBufferPointer<UInt8>) -> Void = { _ in }
    ) {
        guard Self.soughtMethods.contains(method) else { return }
        addValue(value, method: method, eachWord: eachWord)
        if method == .email || method == .website, let host = Self.host(of: String(decoding: value, as: UTF8.self), method: method) {
            var host = host
            host.withUTF8 { addValue(UnsafeRawBufferPointer($0), method: .website) { _ in } }
        }
    }

    /// Adds what `other` seeks (a value sought under two methods keeps the one first in `MaskMethod`'s order).
    mutating func formUnion(_ other: MaskPhrases) {
        for (digest, method) in other.entries {
            if let known = entries[digest], Self.order(known) <= Self.order(method) { continue }
            entries[digest] = method
        }
        firstWords.formUnion(other.firstWords)
        longestWords = max(longestWords, other.longestWords)
    }

    /// Adds `bytes` (a value masked by `method`) when long enough to be sought, and passes each of its folded words to
    /// `eachWord` (the first reading counts them for `MaskWordPlan` in the same pass).
    private mutating func addValue(
        _ bytes: UnsafeRawBufferPointer, method: MaskMethod, eachWord: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        var digest = Self.seed
        var first: UInt64?
        var words = 0
        var characters = 0
        FoldedWords.forEach(in: bytes, word: &buffer) { word, _ in
            eachWord(word)
            let wordDigest = Self.digest(of: word)
            if first == nil { first = wordDigest }
            digest = Self.combine(digest, wordDigest)
            words += 1
            characters += word.count
        }
        guard let first, words <= Self.maximumWords,
            words == 1 ? characters >= Self.singleWordMinimum : characters >= Self.severalWordsMinimum
        else { return }
        if let known = entries[digest], Self.order(known) <= Self.order(method) { return }
        entries[digest] = method
        firstWords.insert(first)
        longestWords = max(longestWords, words)
    }

    /// A sought value found in text: its bytes and the method that masks it.
    struct Found: Equatable {
        let range: Range<Int>
        let method: MaskMethod
    }

    /// Where sought values stand in UTF-8 `text`, left to right, the longest at each place, none overlapping.
    /// `scratch` holds the text's words while it is read (passed in, made once per column).
    func find(in text: UnsafeRawBufferPointer, scratch: inout Scratch) -> [Found] {
        guard !isEmpty else { return [] }
        scratch.words.removeAll(keepingCapacity: true)
        var anyFirst = false
        FoldedWords.forEach(in: text, word: &scratch.buffer) { word, range in
            let wordDigest = Self.digest(of: word)
            if !anyFirst, begins(wordDigest) { anyFirst = true }
            scratch.words.append((wordDigest, range))
        }
        guard anyFirst else { return [] }
        var found: [Found] = []
        let words = scratch.words
        var index = 0
        while index < words.count {
            guard begins(words[index].digest) else {
                index += 1
                continue
            }
            var digest = Self.seed
            var best: (last: Int, method: MaskMethod)?
            for last in index..<min(words.count, index + longestWords) {
                digest = Self.combine(digest, words[last].digest)
                if let method = method(of: digest) { best = (last, method) }
            }
            guard let best else {
                index += 1
                continue
            }
            found.append(Found(range: words[index].range.lowerBound..<words[best.last].range.upperBound, method: best.method))
            index = best.last + 1
        }
        return found
    }

    /// What `find` reuses from one value to the next.
    struct Scratch {
        var words: [(digest: UInt64, range: Range<Int>)] = []
        var buffer: [UInt8] = []
    }

    /// The host of an e-mail address (after the `@`) or a website (between the scheme and the path), when it has a
    /// dot and is not a public mail domain (which masking keeps).
    static func host(of value: String, method: MaskMethod) -> String? {
        var rest = Substring(value)
        if method == .email {
            guard let at = rest.lastIndex(of: "@") else { return nil }
            rest = rest[rest.index(after: at)...]
        } else {
            if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
            rest = rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" && $0 != "#" }
        }
        let host = rest.lowercased()
        guard host.contains("."), !MaskReplacer.keepsDomain(host) else { return nil }
        return String(rest)
    }

    private static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a of a folded word's bytes.
    private static func digest(of word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash
    }

    /// A sequence's digest with one more word (order matters: `Anna Berg` is not `Berg Anna`).
    private static func combine(_ digest: UInt64, _ word: UInt64) -> UInt64 {
        var mixed = (digest ^ word) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return mixed &* 0xBF58_476D_1CE4_E5B9
    }

    private static func order(_ method: MaskMethod) -> Int {
        MaskMethod.allCases.firstIndex(of: method) ?? MaskMethod.allCases.count
    }
}
