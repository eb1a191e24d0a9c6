import AirlockNormalize

/// A person's names compare part by part (docs/match.md, "Person names"): the given name with the given name, the
/// family name with the family name, each at its own levels, in the order that agrees best (a name written family
/// name first agrees too); the middle name by its initial, the gender and the birth date beside them.
extension MatchScorer {
    /// The similarity (Jaro–Winkler) from which two names are one name misspelt; and from which two given names are
    /// weakly alike: a typo in a short name (`Henl`, `Henk`: 0.88), or a brother's (`Tom`, `Tim`: 0.8), as the model
    /// weighs it, never taken for the same name.
    static let closeNameLikeness = 0.9
    static let weakNameLikeness = 0.8

    /// Sets the given name's, family name's, middle name's, gender's and birth date's levels of two persons.
    func comparePersons(_ a: MatchRecord, _ b: MatchRecord, in store: MatchRecordStore.View, into vector: inout ComparisonVector) {
        let (aGiven, aFamily, bGiven, bFamily) = (store.firstWords(a), store.lastWords(a), store.firstWords(b), store.lastWords(b))
        let straight = (given: givenLevel(aGiven, bGiven, store), family: familyLevel(aFamily, bFamily, store))
        var levels = straight
        // Written family name first on one side: the swapped order, where it agrees better on both.
        if !(straight.given == .exact && straight.family == .exact), !aGiven.isEmpty, !bFamily.isEmpty, !aFamily.isEmpty, !bGiven.isEmpty {
            let swapped = (given: givenLevel(aGiven, bFamily, store), family: familyLevel(aFamily, bGiven, store))
            if Self.rank(swapped.given) + Self.rank(swapped.family) > Self.rank(straight.given) + Self.rank(straight.family) {
                levels = swapped
            }
        }
        vector[.givenName] = levels.given
        vector[.familyName] = levels.family
        if a.middleInitial != 0 && b.middleInitial != 0 { vector[.middleName] = a.middleInitial == b.middleInitial ? .exact : .different }
        if a.gender != 0 && b.gender != 0 { vector[.gender] = a.gender == b.gender ? .exact : .different }
        vector[.birthDate] = PersonDetails.compare(a.birthDate, b.birthDate)
    }

    /// How well a level says two name parts are one name, to choose between the two orders.
    static func rank(_ level: ComparisonLevel) -> Int {
        switch level {
        case .exact: 4
        case .close, .nickname: 3
        case .initial, .phonetic: 2
        case .weak: 1
        case .absent, .different: 0
        }
    }

    /// Two given names: `exact`; `close` (Jaro–Winkler 0.9 or more, or the same first name of several); `nickname`
    /// (one the other's nickname or diminutive, or both of one name: `Nicknames`); `initial` (one written as the
    /// other's initial); `phonetic` (one Soundex code); `weak` (Jaro–Winkler 0.8 or more); else `different`; `absent`
    /// where one lacks it.
    func givenLevel(_ x: UnsafeBufferPointer<WordID>, _ y: UnsafeBufferPointer<WordID>, _ store: MatchRecordStore.View) -> ComparisonLevel {
        guard let fx = x.first, let fy = y.first else { return .absent }
        if x.elementsEqual(y) { return .exact }
        if fx == fy { return .close }
        let vocabulary = store.vocabulary
        return vocabulary.withStorage { bytes, starts -> ComparisonLevel in
            func word(_ id: WordID) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[starts[Int(id)]..<starts[Int(id) + 1]])
            }
            let (wx, wy) = (word(fx), word(fy))
            if wx.count == 1 || wy.count == 1 { return wx.first == wy.first ? .initial : .different }
            let likeness = StringSimilarity.jaroWinkler(wx, wy)
            if likeness >= Self.closeNameLikeness { return .close }
            if personNames.areNicknames(fx, fy) { return .nickname }
            if personNames.soundAlike(fx, fy) { return .phonetic }
            return likeness >= Self.weakNameLikeness ? .weak : .different
        }
    }

    /// Two family names: `exact`; `close` (Jaro–Winkler 0.9 or more, or the words of one among the other's:
    /// `Garcia` and `Garcia Lopez`); `phonetic` (one Soundex code); else `different`; `absent` where one lacks it.
    func familyLevel(_ x: UnsafeBufferPointer<WordID>, _ y: UnsafeBufferPointer<WordID>, _ store: MatchRecordStore.View) -> ComparisonLevel
    {
        guard !x.isEmpty, !y.isEmpty else { return .absent }
        if x.elementsEqual(y) { return .exact }
        if x.count != y.count {
            let (shorter, longer) = x.count < y.count ? (x, y) : (y, x)
            if shorter.allSatisfy({ longer.contains($0) }) { return .close }
        }
        let vocabulary = store.vocabulary
        let likeness =
            x.count == 1 && y.count == 1
            ? vocabulary.withStorage { bytes, starts in
                StringSimilarity.jaroWinkler(
                    UnsafeBufferPointer(rebasing: bytes[starts[Int(x[0])]..<starts[Int(x[0]) + 1]]),
                    UnsafeBufferPointer(rebasing: bytes[starts[Int(y[0])]..<starts[Int(y[0]) + 1]]))
            }
            : StringSimilarity.jaroWinkler(x.flatMap { vocabulary.bytes($0) }, y.flatMap { vocabulary.bytes($0) })
        if likeness >= Self.closeNameLikeness { return .close }
        if let lx = x.last, let ly = y.last, personNames.soundAlike(lx, ly) { return .phonetic }
        return .different
    }
}
