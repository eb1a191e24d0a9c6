import AirlockModel

/// How common each name, street, postcode and city is among one side's records of an entity: agreeing on `Smith`
/// or on a business park's postcode says less than agreeing on `Łukasiewicz` (term-frequency adjustment,
/// docs/match.md, "The model"). Each record gets the share of its side's records that hold its value.
enum TermFrequencies {
    /// Sets the frequencies of `records`. Values are counted by a 64-bit hash of their words or bytes.
    static func count(_ records: inout [MatchRecord], store: MatchRecordStore) {
        guard !records.isEmpty else { return }
        store.withView { view in
            func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 { ValueHash.hash(UnsafeRawBufferPointer(bytes)) }
            // A person's name as given names, a mark, and family names; any other name as its words.
            func name(_ record: MatchRecord) -> UInt64 {
                var ids = Array(view.nameWords(record))
                if record.isPerson && !ids.isEmpty { ids.insert(WordID.max, at: Int(record.firstWordCount)) }
                return ids.withUnsafeBytes { ValueHash.hash($0) }
            }
            var names: [UInt64: Int] = [:]
            var streets: [UInt64: Int] = [:]
            var postcodes: [UInt64: Int] = [:]
            var cities: [UInt64: Int] = [:]
            for record in records {
                if record.wordCount > 0 { names[name(record), default: 0] += 1 }
                if !record.lacks(.street) { streets[hash(view.bytes(.street, of: record)), default: 0] += 1 }
                if !record.lacks(.postcode) { postcodes[hash(view.bytes(.postcode, of: record)), default: 0] += 1 }
                if !record.lacks(.city) { cities[hash(view.bytes(.city, of: record)), default: 0] += 1 }
            }
            let total = Float(records.count)
            for index in records.indices {
                var record = records[index]
                if record.wordCount > 0 { record.nameFrequency = Float(names[name(record)] ?? 1) / total }
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
