import AirlockModel

/// How common each name (a person's family and given names apart), street, postcode and city is among one side's records of an entity: agreeing on `Smith`
/// or on a business park's postcode says less than agreeing on `Łukasiewicz` (term-frequency adjustment,
/// docs/match.md, "The model"). Each record gets the share of its side's records that hold its value, and a person
/// how many of them share its family name and address (its household) and its full name.
enum TermFrequencies {
    /// Sets the frequencies of `records`. Values are counted by a 64-bit hash of their words or bytes.
    static func count(_ records: inout [MatchRecord], store: MatchRecordStore) {
        guard !records.isEmpty else { return }
        store.withView { view in
            func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { ValueHash.hash(UnsafeRawBufferPointer(bytes)) }
            // A person's family names (their given names are counted apart); any other name as its words.
            func name(_ record: MatchRecord) -> UInt64 {
                let ids = record.isPerson ? view.lastWords(record) : view.nameWords(record)
                return ValueHash.hash(UnsafeRawBufferPointer(ids))
            }
            func given(_ record: MatchRecord) -> UInt64 { ValueHash.hash(UnsafeRawBufferPointer(view.firstWords(record))) }
            // A person's family name at an address: a household.
            func household(_ record: MatchRecord) -> UInt64? {
                guard record.isPerson, record.wordCount > record.firstWordCount, !record.lacks(.street) else { return nil }
                return name(record) ^ hash(view.bytes(.street, of: record)) &* 31 ^ hash(view.bytes(.houseNumber, of: record)) &* 131
            }
            // A person's given and family names together (the two hashes combined: no array per record).
            func fullName(_ record: MatchRecord) -> UInt64? {
                guard record.isPerson, record.firstWordCount > 0, record.wordCount > record.firstWordCount else { return nil }
                return given(record) ^ name(record) &* 0x9E37_79B9_7F4A_7C15
            }
            var fullNames: [UInt64: Int] = [:]
            var households: [UInt64: Int] = [:]
            var names: [UInt64: Int] = [:]
            var givenNames: [UInt64: Int] = [:]
            var streets: [UInt64: Int] = [:]
            var postcodes: [UInt64: Int] = [:]
            var cities: [UInt64: Int] = [:]
            for record in records {
                if record.wordCount > record.firstWordCount { names[name(record), default: 0] += 1 }
                if record.firstWordCount > 0 { givenNames[given(record), default: 0] += 1 }
                if let key = household(record) { households[key, default: 0] += 1 }
                if let key = fullName(record) { fullNames[key, default: 0] += 1 }
                if !record.lacks(.street) { streets[hash(view.bytes(.street, of: record)), default: 0] += 1 }
                if !record.lacks(.postcode) { postcodes[hash(view.bytes(.postcode, of: record)), default: 0] += 1 }
                if !record.lacks(.city) { cities[hash(view.bytes(.city, of: record)), default: 0] += 1 }
            }
            let total = Float(records.count)
            for index in records.indices {
                var record = records[index]
                if record.wordCount > record.firstWordCount { record.nameFrequency = Float(names[name(record)] ?? 1) / total }
                if record.firstWordCount > 0 { record.givenFrequency = Float(givenNames[given(record)] ?? 1) / total }
                if let key = household(record) { record.householdSize = UInt8(clamping: households[key] ?? 1) }
                if let key = fullName(record) { record.fullNameCount = UInt8(clamping: fullNames[key] ?? 1) }
                if !record.lacks(.street) { record.streetFrequency = Float(streets[hash(view.bytes(.street, of: record))] ?? 1) / total }
                if !record.lacks(.postcode) {
                    record.postcodeFrequency = Float(postcodes[hash(view.bytes(.postcode, of: record))] ?? 1) / total
                }
                if !record.lacks(.city) { record.cityFrequency = Float(cities[hash(view.bytes(.city, of: record))] ?? 1) / total }
                records[index] = record
            }
        }
    }
}
