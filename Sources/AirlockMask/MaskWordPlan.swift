import AirlockNormalize

/// Which words of the exports are typos of another (one letter replaced, added, left out, or two neighbours swapped,
/// as `match` calls such words close), and which given names are nicknames of each other: decided once from both
/// exports' words (`MaskWordVocabulary`), before either is written. A typo masks to the same typo of its word's masked
/// form (`MaskWordEdit`), so `Scildersbedrijf` and `Schildersbedrijf` stay as alike masked as clear; a word that is
/// no typo of a more frequent one is drawn from itself alone. Only the variants are held.
public struct MaskWordPlan: Sendable {
    /// How a typo is masked: as `anchor`'s masked form with `edit`, or as an earlier wave masked it (`fixed`, from the
    /// migration's `MaskWordRegister`).
    enum Variant: Sendable, Equatable {
        case edit(anchor: String, MaskWordEdit)
        case fixed(String)
    }

    /// Per purpose, each variant and the word it is a typo of.
    private var variants: [String: [String: Variant]] = [:]
    /// Pairs of given names of the exports that are nicknames of each other (`Robert`, `Bob`), in a fixed order.
    public private(set) var nicknamePairs: [[String]] = []

    /// The shortest word taken as a typo of another (shorter words are too often other words), and the shortest word
    /// another is taken as a typo of.
    static let shortestVariant = 4
    static let shortestAnchor = 3

    /// A plan without variants: every word drawn from itself.
    public init() {}

    /// The plan for `values` (each with the method its column masks it by), as a masking of exports holding them
    /// would make it.
    public static func make(values: [(String, MaskMethod)], nicknames: Nicknames?) -> MaskWordPlan {
        var vocabulary = MaskWordVocabulary()
        for (value, method) in values {
            if let purpose = MaskWordVocabulary.purpose(of: method) { vocabulary.add(value, purpose: purpose) }
        }
        var register: MaskWordRegister?
        return make(vocabulary, nicknames: nicknames, register: &register, key: nil)
    }

    /// How many words are masked as typos of another.
    public var variantCount: Int { variants.values.reduce(0) { $0 + $1.count } }

    /// The word `word` (folded) is a typo of, and the edit, nil when it is drawn from itself.
    func variant(of word: String, purpose: String) -> Variant? {
        variants[purpose]?[word]
    }

    /// The plan for `vocabulary`: per purpose, the words taken from the most frequent (then the shorter, then
    /// alphabetically: the usual spelling of a word before its typos, so that every typo of it is one edit from it),
    /// each masked as an earlier wave of the migration masked it (`register`), else as the typo of the first earlier
    /// word one edit away that is itself no typo, else as a word of its own; and the nickname pairs among the names
    /// (`nicknames`). Each word decided here is added to `register` (`key` digests them), so that a later wave, whose
    /// counts differ, masks it alike.
    static func make(
        _ vocabulary: MaskWordVocabulary, nicknames: Nicknames?, register: inout MaskWordRegister?, key: MaskKey?
    ) -> MaskWordPlan {
        var plan = MaskWordPlan()
        var decided: [(purpose: String, word: String, digest: UInt64)] = []
        for (purpose, counts) in vocabulary.counts.sorted(by: { $0.key < $1.key }) {
            let words = counts.sorted {
                $0.value != $1.value ? $0.value > $1.value : $0.key.count != $1.key.count ? $0.key.count < $1.key.count : $0.key < $1.key
            }.map(\.key)
            let digests = key.map { key in words.map { MaskWordRegister.digest(purpose, $0, key: key) } }
            plan.variants[purpose] = variants(among: words) { index in
                guard let digest = digests?[index] else { return nil }
                if let decision = register?.decision(digest) { return decision }
                decided.append((purpose, words[index], digest))
                return nil
            }
        }
        if let nicknames, let names = vocabulary.counts[MaskReplacer.namePurpose] {
            var members: [UInt32: [String]] = [:]
            for name in names.keys {
                for group in nicknames.groups(of: name) { members[group, default: []].append(name) }
            }
            var pairs: Set<[String]> = []
            for group in members.values where group.count > 1 {
                let sorted = group.sorted()
                for (index, first) in sorted.enumerated() {
                    for second in sorted[(index + 1)...] { pairs.insert([first, second]) }
                }
            }
            plan.nicknamePairs = pairs.sorted { $0.lexicographicallyPrecedes($1) }
        }
        // The words decided now, recorded with what they mask to.
        if let key, register != nil {
            let replacer = MaskReplacer(key: key, plan: plan)
            for word in decided {
                let typo = plan.variants[word.purpose]?[word.word] != nil ? replacer.nameWord(word.purpose, word.word) : nil
                register?.record(word.digest, maskedAs: typo)
            }
        }
        return plan
    }

    /// The variants among `words` (in the order decisions are made); `earlier(index)` says what an earlier wave decided
    /// of a word: nil when nothing, `.some(nil)` a word of its own, `.some(typo)` a typo masked so.
    private static func variants(among words: [String], earlier: (Int) -> String??) -> [String: Variant] {
        var anchors: [[Character]] = []
        // Each anchor and each of its one-letter deletions → the first anchor holding it: two words one edit apart share
        // one of these (the symmetric-deletion search).
        var index: [UInt64: Int32] = [:]
        var result: [String: Variant] = [:]
        for (position, word) in words.enumerated() {
            let letters = Array(word)
            switch earlier(position) {
            case .some(.some(let typo)):
                result[word] = .fixed(typo)
                continue
            case .some(.none):
                break
            case .none:
                guard letters.count >= shortestVariant else { break }
                var candidates: [Int32] = []
                for key in deletionKeys(letters) { if let anchor = index[key] { candidates.append(anchor) } }
                let found = Set(candidates).sorted().lazy.compactMap { anchor in
                    MaskWordEdit.between(anchors[Int(anchor)], letters).map { Variant.edit(anchor: String(anchors[Int(anchor)]), $0) }
                }.first
                if let found {
                    result[word] = found
                    continue
                }
            }
            guard letters.count >= shortestAnchor else { continue }
            let position = Int32(anchors.count)
            anchors.append(letters)
            for key in deletionKeys(letters) where index[key] == nil { index[key] = position }
        }
        return result
    }

    /// FNV-1a digests of `letters` and of each form with one letter left out.
    private static func deletionKeys(_ letters: [Character]) -> [UInt64] {
        func digest(skipping skipped: Int?) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for (position, letter) in letters.enumerated() where position != skipped {
                for byte in letter.utf8 {
                    hash ^= UInt64(byte)
                    hash &*= 0x100_0000_01b3
                }
                hash ^= 0xFF
                hash &*= 0x100_0000_01b3
            }
            return hash
        }
        return [digest(skipping: nil)] + letters.indices.map { digest(skipping: $0) }
    }
}
