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

    /// Counts the words `value` would be masked by: each run of letters a name or a street replaces.
    mutating func add(_ value: String, purpose: String) {
        _ = MaskReplacer.replacingLetterRuns(value) { run, _ in
            let key = MaskReplacer.nameKey(run)
            if key.count > 1 { counts[purpose, default: [:]][key, default: 0] += 1 }
            return nil
        }
    }

    /// Adds `other`'s counts.
    mutating func formUnion(_ other: MaskWordVocabulary) {
        for (purpose, words) in other.counts {
            counts[purpose, default: [:]].merge(words, uniquingKeysWith: +)
        }
    }
}
