/// How common each name, street, postcode and city is among one side's records of an entity: agreeing on `Smith`
/// or on a business park's postcode says less than agreeing on `Łukasiewicz` (term-frequency adjustment,
/// docs/match.md, "The model"). Each record gets the share of its side's records that hold its value.
enum TermFrequencies {
    /// `records` with their frequencies set.
    static func counted(_ records: [MatchRecord]) -> [MatchRecord] {
        guard !records.isEmpty else { return records }
        func name(_ record: MatchRecord) -> [WordID] {
            record.firstWords.isEmpty && record.lastWords.isEmpty ? record.nameWords : record.firstWords + [WordID.max] + record.lastWords
        }
        var names: [[WordID]: Int] = [:]
        var streets: [String: Int] = [:]
        var postcodes: [String: Int] = [:]
        var cities: [String: Int] = [:]
        for record in records {
            if !record.nameWords.isEmpty { names[name(record), default: 0] += 1 }
            if !record.street.isEmpty { streets[record.street, default: 0] += 1 }
            if !record.postcode.isEmpty { postcodes[record.postcode, default: 0] += 1 }
            if !record.city.isEmpty { cities[record.city, default: 0] += 1 }
        }
        let total = Float(records.count)
        return records.map { record in
            var record = record
            if !record.nameWords.isEmpty { record.nameFrequency = Float(names[name(record)] ?? 1) / total }
            if !record.street.isEmpty { record.streetFrequency = Float(streets[record.street] ?? 1) / total }
            if !record.postcode.isEmpty { record.postcodeFrequency = Float(postcodes[record.postcode] ?? 1) / total }
            if !record.city.isEmpty { record.cityFrequency = Float(cities[record.city] ?? 1) / total }
            return record
        }
    }
}
