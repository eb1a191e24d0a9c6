import AirlockModel

/// The words the name and street methods draw from, as they fold them (`MaskReplacer.nameKey`), with how often each
/// occurs in both exports: what `MaskWordPlan` finds typos and nicknames among. Gathered by the first reading
/// (`MaskSurvey`); held only until the plan is made.
struct MaskWordVocabulary: Sendable {
    /// Per purpose (`MaskReplacer.namePurpose`, `street`), each word and its count.
    private(set) var counts: [String: [String: Int]] = [:]

    /// The purpose a method draws its words under (`MaskReplacer.namePurpose` for names, `street`), nil for the others.
    static func purpose(of method: MaskMethod) -> String? {
        switch method {
        case .organisation, .person: MaskReplacer.namePurpose
        case .street: "street"
        default: nil
        }
    }

    /// Counts one folded word of a value masked under `purpose` (`FoldedWords`, as the first reading passes them):
    /// words with a digit (a house number, `B2B`, which the methods draw letter run by letter run) and words too short to
    /// be a typo's word (`MaskWordPlan.shortestAnchor`) are left out. A word folds here as `MaskReplacer.nameKey` folds
    /// a run of letters.
    mutating func add(folded word: UnsafeBufferPointer<UInt8>, purpose: String) {
        guard word.count >= MaskWordPlan.shortestAnchor, !word.contains(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return }
        counts[purpose, default: [:]][String(decoding: word, as: UTF8.self), default: 0] += 1
    }

    /// Counts the words of `value`, masked under `purpose`.
    mutating func add(_ value: String, purpose: String) {
        var value = value
        var buffer: [UInt8] = []
        value.withUTF8 { bytes in
            FoldedWords.forEach(in: UnsafeRawBufferPointer(bytes), word: &buffer) { word, _ in add(folded: word, purpose: purpose) }
        }
    }

    /// Adds `other`'s counts.
    mutating func formUnion(_ other: MaskWordVocabulary) {
        for (purpose, words) in other.counts {
            counts[purpose, default: [:]].merge(words, uniquingKeysWith: +)
        }
    }
}
