/// What tells one person from another of one family or one address (docs/match.md, "Households", "People who moved"):
/// the rules that hold a pair of persons back for review, or leave it out, whatever its score.
enum PersonRules {
    /// The household a pair's records live in, when the given name must decide between its members: the larger of the
    /// two records' households (`MatchRecord.householdSize`: its side's persons of that family name at that address),
    /// where the family names agree, the given names do not, nothing of the person's own agrees (`ownSignals`) and a
    /// household holds others; nil otherwise. Where neither side has another person of the name at the address, a
    /// given name misspelt beyond `close` is left to the model's weights.
    static func household(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> UInt8? {
        guard vector[.familyName].isNameAgreement, !vector[.givenName].isNameAgreement, !hasOwnAgreement(vector) else { return nil }
        let household = max(sales.householdSize, fo.householdSize)
        return household > 1 ? household : nil
    }

    /// Why a pair of persons is not proposed at all, or nil: another given name (not one misspelt) beside the same
    /// family name in a household is a relative.
    static func relativeInHousehold(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> String? {
        guard vector[.givenName] == .different, let household = household(vector, sales, fo) else { return nil }
        return "its best candidate has another given name, and \(household) persons of that family name share the address: a relative"
    }

    /// Why a pair of persons is held for review, or nil: no given name on one side, or one only weakly alike, in a
    /// household: the given name does not tell its members apart.
    static func familyNotPerson(_ vector: ComparisonVector, _ sales: MatchRecord, _ fo: MatchRecord) -> String? {
        guard let household = household(vector, sales, fo) else { return nil }
        return vector[.givenName] == .absent
            ? "no given name to tell the \(household) of this family name at this address apart"
            : "a given name only weakly alike, and \(household) of this family name at this address: a relative, or a typo?"
    }

    /// Whether two persons share a family name and have other given names, nothing of their own agreeing.
    static func relatives(_ vector: ComparisonVector) -> Bool {
        vector[.familyName].isNameAgreement && vector[.givenName] != .absent && !vector[.givenName].isNameAgreement
            && !hasOwnAgreement(vector)
    }

    /// Whether a person's full name is rare: no other record of either side holds it (`MatchRecord.fullNameCount`).
    static func isRareFullName(_ sales: MatchRecord, _ fo: MatchRecord) -> Bool {
        sales.fullNameCount == 1 && fo.fullNameCount == 1
    }

    /// Whether two persons' given and family names are both exactly one another's.
    static func isSameFullName(_ vector: ComparisonVector) -> Bool {
        vector[.givenName] == .exact && vector[.familyName] == .exact
    }

    /// Why two persons whose given and family names both differ are not linked without a reviewer, or nil: only
    /// what is a person's own (a birth date, an e-mail address, a phone) says they are one; a shared address or
    /// company says they live or work together.
    static func strangers(_ vector: ComparisonVector) -> String? {
        guard vector[.givenName] != .absent, vector[.familyName] != .absent, !vector[.givenName].isNameAgreement,
            !vector[.familyName].isNameAgreement
        else { return nil }
        guard !hasOwnAgreement(vector) else { return nil }
        return "another given name and another family name: only the address or company agrees"
    }

    /// What is a person's own, not a household's or a company's: a birth date, an e-mail address, the key, a tax
    /// number (a phone is often the office's or the home's). One of them agreeing says two records are one person
    /// where the names leave it open.
    static let ownSignals: [MatchSignal] = [.birthDate, .email, .key, .taxNumber]

    /// Whether one of `ownSignals` agrees exactly.
    static func hasOwnAgreement(_ vector: ComparisonVector) -> Bool {
        ownSignals.contains { vector[$0] == .exact }
    }
}
