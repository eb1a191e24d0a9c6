import AirlockModel
import AirlockReconcile

/// The blocking keys of a record: values two records must share before they are compared at all, so that a
/// million records are not compared with a million (docs/match.md, "Candidates"). Each key is a 64-bit hash of a
/// tag and a value: pairs of name words (and of their first three letters, which survive a typo further on), a name
/// of three words or more whole (and by its words' first three letters),
/// the tax number, the e-mail address, the company's domain, each phone number, the postcode, a product number,
/// a contact's company, and the F&O key a Sales record already holds.
public enum BlockingKeys {
    /// Appends the keys of `record` to `keys`; `accountLinks` gives a Sales contact's company as the F&O account its
    /// parent is linked to (F&O records name theirs directly). `scratch` is room the key's bytes are put together in.
    public static func append(
        _ record: MatchRecord, entity: MatchEntity, isSales: Bool, store: MatchRecordStore.View, accountLinks: [UInt64: UInt64],
        to keys: inout [UInt64], scratch: inout [UInt8]
    ) {
        let vocabulary = store.vocabulary
        // A key from a tag and pieces of text, each piece followed by a separator.
        func add(_ tag: UInt8, _ pieces: [UnsafeBufferPointer<UInt8>]) {
            guard pieces.contains(where: { !$0.isEmpty }) else { return }
            scratch.removeAll(keepingCapacity: true)
            scratch.append(tag)
            for piece in pieces {
                scratch.append(contentsOf: piece)
                scratch.append(0)
            }
            keys.append(scratch.withUnsafeBytes { ValueHash.hash($0) })
        }
        func add(_ tag: UInt8, _ text: String) {
            guard !text.isEmpty else { return }
            var text = text
            text.withUTF8 { add(tag, [$0]) }
        }
        func add(_ tag: UInt8, hash: UInt64) {
            guard hash != 0 else { return }
            withUnsafeBytes(of: hash) { add(tag, [$0.bindMemory(to: UInt8.self)]) }
        }
        func addWords(_ words: UnsafeBufferPointer<WordID>) {
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
        func text(_ text: MatchRecord.Text) -> UnsafeBufferPointer<UInt8> { store.bytes(text, of: record) }
        addWords(store.nameWords(record))
        if entity != .products {
            add(3, hash: record.taxNumber)
            add(4, hash: record.email)
            add(5, hash: record.emailDomain)
            add(5, hash: record.webDomain)
            add(6, hash: record.phones.0)
            add(6, hash: record.phones.1)
            if !record.lacks(.postcode) { add(7, [text(.country), text(.postcode)]) }
        }
        if entity == .products { add(8, [text(.number)]) }
        if entity == .contacts { add(9, hash: isSales ? accountLinks[record.parent] ?? 0 : record.parent) }
        add(10, [text(.comparableKey)])
        if entity != .products {
            // The address without the name, for a name written another way: street and number.
            if !record.lacks(.street) && !record.lacks(.houseNumber) { add(13, [text(.street), text(.houseNumber)]) }
        }
        if entity == .contacts {
            // A person's family or given name by its first three letters in the city.
            if !record.lacks(.city) {
                let words = Array(store.lastWords(record)) + Array(store.firstWords(record))
                for word in Set(words.prefix(4)) {
                    var prefix = String(vocabulary.text(word).prefix(3))
                    prefix.withUTF8 { add(14, [text(.city), $0]) }
                }
            }
            // A person's family name alone, and the given name with the postcode: the other half may carry the typo.
            for word in Set(store.lastWords(record)) { add(15, vocabulary.text(word)) }
            if !record.lacks(.postcode) {
                for word in Set(store.firstWords(record)) {
                    var word = vocabulary.text(word)
                    word.withUTF8 { add(16, [text(.postcode), $0]) }
                }
            }
        }
    }
}
