import AirlockNormalize

/// What comparing a person's names needs of each word of a run's vocabulary beyond its letters: its Soundex code and
/// the nickname groups it belongs to (`Nicknames`), found once per word, not once per pair.
public struct PersonNameIndex: Sendable {
    /// Per word id, its Soundex code (`Soundex.code`; 0 for none).
    private var soundex: [UInt32] = []
    /// Per word id that the nickname list holds, its groups, sorted.
    private var groups: [WordID: [UInt32]] = [:]

    public init() {}

    /// The index of every word of `vocabulary`.
    public init(vocabulary: MatchVocabulary, nicknames: Nicknames) {
        soundex.reserveCapacity(vocabulary.count)
        for id in 0..<vocabulary.count {
            let word = WordID(id)
            soundex.append(Soundex.code(vocabulary.bytes(word)))
            let found = nicknames.groups(of: vocabulary.text(word))
            if !found.isEmpty { groups[word] = found }
        }
    }

    /// Whether two words are one name's: one the other's nickname, or both of one name.
    func areNicknames(_ a: WordID, _ b: WordID) -> Bool {
        guard a != b, let x = groups[a], let y = groups[b] else { return false }
        return Nicknames.intersect(x, y)
    }

    /// Whether two words sound alike (one Soundex code).
    func soundAlike(_ a: WordID, _ b: WordID) -> Bool {
        guard Int(a) < soundex.count, Int(b) < soundex.count else { return false }
        let code = soundex[Int(a)]
        return code != 0 && code == soundex[Int(b)]
    }
}
