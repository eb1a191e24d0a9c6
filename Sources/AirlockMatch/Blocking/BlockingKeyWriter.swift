import AirlockModel
import AirlockReconcile

/// The blocking keys of one record put together (`BlockingKeys`): each key's bytes (its tag, then its pieces each
/// followed by a separator) in `scratch`, their 64-bit hash appended to `keys`. A piece that is empty adds nothing.
struct BlockingKeyWriter {
    let record: MatchRecord
    let store: MatchRecordStore.View
    let vocabulary: MatchVocabulary
    /// The keys written, and the room a key's bytes are put together in: the caller's, lent for the record.
    var keys: [UInt64] = []
    var scratch: [UInt8] = []

    init(record: MatchRecord, store: MatchRecordStore.View) {
        self.record = record
        self.store = store
        vocabulary = store.vocabulary
    }

    /// Adds the key of `tag` and `pieces`, unless every piece is empty.
    mutating func add(_ tag: UInt8, _ pieces: [UnsafeBufferPointer<UInt8>]) {
        guard pieces.contains(where: { !$0.isEmpty }) else { return }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(tag)
        for piece in pieces {
            scratch.append(contentsOf: piece)
            scratch.append(0)
        }
        keys.append(scratch.withUnsafeBytes { ValueHash.hash($0) })
    }

    /// Adds the key of `tag` and one text, unless it is empty.
    mutating func add(_ tag: UInt8, _ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        text.withUTF8 { add(tag, [$0]) }
    }

    /// Adds the key of `tag` and a value's hash, unless it is 0 (no value).
    mutating func add(_ tag: UInt8, hash: UInt64) {
        guard hash != 0 else { return }
        withUnsafeBytes(of: hash) { add(tag, [$0.bindMemory(to: UInt8.self)]) }
    }

    /// The bytes of one of the record's texts.
    func text(_ text: MatchRecord.Text) -> UnsafeBufferPointer<UInt8> { store.bytes(text, of: record) }

    /// The keys of a name's words: pairs of words and of their first three letters; a name of three words or more
    /// whole and by its words' first three letters; a name of one word, that word.
    mutating func addNameWords() {
        let words = store.nameWords(record)
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

    /// The keys of an account's or a contact's identifiers: tax number, e-mail address, domains, phone numbers, and
    /// the postcode in its country.
    mutating func addContactDetails() {
        add(3, hash: record.taxNumber)
        add(4, hash: record.email)
        add(5, hash: record.emailDomain)
        add(5, hash: record.webDomain)
        add(6, hash: record.phones.0)
        add(6, hash: record.phones.1)
        if !record.lacks(.postcode) { add(7, [text(.country), text(.postcode)]) }
    }

    /// The key of the address without the name, for a name written another way: street and number.
    mutating func addStreetAddress() {
        if !record.lacks(.street) && !record.lacks(.houseNumber) { add(13, [text(.street), text(.houseNumber)]) }
    }

    /// The keys of a person's names where the other half may carry the typo: the family or given name by its first
    /// three letters in the city, the family name alone, and the given name with the postcode.
    mutating func addPersonNames() {
        if !record.lacks(.city) {
            let words = Array(store.lastWords(record)) + Array(store.firstWords(record))
            for word in Set(words.prefix(4)) {
                var prefix = String(vocabulary.text(word).prefix(3))
                let city = text(.city)
                prefix.withUTF8 { add(14, [city, $0]) }
            }
        }
        for word in Set(store.lastWords(record)) { add(15, vocabulary.text(word)) }
        if !record.lacks(.postcode) {
            for word in Set(store.firstWords(record)) {
                var word = vocabulary.text(word)
                let postcode = text(.postcode)
                word.withUTF8 { add(16, [postcode, $0]) }
            }
        }
    }
}
