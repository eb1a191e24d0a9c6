import AirlockModel

/// The blocking keys of a record: values two records must share before they are compared at all, so that a
/// million records are not compared with a million (docs/match.md, "Candidates"). Each key is a 64-bit hash of a
/// tag and a value: pairs of name words (and of their first three letters, which survive a typo further on), a name
/// of three words or more whole (and by its words' first three letters),
/// the tax number, the e-mail address, the company's domain, each phone number, the postcode, a product number,
/// a contact's company, and the F&O key a Sales record already holds.
public enum BlockingKeys {
    /// The keys of `record`; `accountLinks` gives a Sales contact's company as the F&O account its parent is linked
    /// to (F&O records name theirs directly).
    public static func of(
        _ record: MatchRecord, entity: MatchEntity, isSales: Bool, vocabulary: MatchVocabulary, accountLinks: [String: String]
    ) -> [UInt64] {
        var keys: [UInt64] = []
        func add(_ tag: UInt8, _ value: String) {
            guard !value.isEmpty else { return }
            var bytes = [tag]
            bytes.append(contentsOf: value.utf8)
            keys.append(bytes.withUnsafeBytes { ValueHash.hash($0) })
        }
        func addWords(_ words: [WordID]) {
            // The whole name, and its words by their first three letters, in any order: where pairs of words are
            // too common (a catalogue named from a few hundred words), the whole name still is not.
            if words.count > 2 {
                let texts = Set(words.map { vocabulary.text($0) }).sorted()
                add(11, texts.joined(separator: " "))
                add(12, Set(texts.map { String($0.prefix(3)) }).sorted().joined(separator: " "))
            }
            let distinct = Array(Set(words.prefix(6))).sorted()
            if distinct.count == 1, let only = distinct.first {
                add(1, vocabulary.text(only))
                add(2, String(vocabulary.text(only).prefix(3)))
                return
            }
            for i in distinct.indices {
                for j in distinct.indices where j > i {
                    let first = vocabulary.text(distinct[i])
                    let second = vocabulary.text(distinct[j])
                    add(1, min(first, second) + " " + max(first, second))
                    let prefixes = [String(first.prefix(3)), String(second.prefix(3))].sorted()
                    add(2, prefixes[0] + " " + prefixes[1])
                }
            }
        }
        addWords(record.nameWords)
        if entity != .products {
            add(3, record.taxNumber)
            add(4, record.email)
            add(5, record.emailDomain)
            add(5, record.webDomain)
            for phone in record.phones { add(6, phone) }
            add(7, record.postcode.isEmpty ? "" : record.country + " " + record.postcode)
        }
        if entity == .products { add(8, record.number) }
        if entity == .contacts {
            let company = isSales ? accountLinks[record.parent] ?? "" : record.parent
            add(9, company)
        }
        add(10, record.comparableKey)
        if entity != .products {
            // The address without the name, for a name written another way: street and number.
            if !record.street.isEmpty && !record.houseNumber.isEmpty { add(13, record.street + " " + record.houseNumber) }
        }
        if entity == .contacts {
            // A person's family or given name by its first three letters in the city.
            if !record.city.isEmpty {
                for word in Set((record.lastWords + record.firstWords).prefix(4)) {
                    add(14, record.city + " " + String(vocabulary.text(word).prefix(3)))
                }
            }
        }
        if entity == .contacts {
            // A person's family name alone, and the given name with the postcode: the other half may carry the typo.
            for word in Set(record.lastWords) { add(15, vocabulary.text(word)) }
            if !record.postcode.isEmpty { for word in Set(record.firstWords) { add(16, record.postcode + " " + vocabulary.text(word)) } }
        }
        return keys
    }
}
