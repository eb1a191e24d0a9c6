import AirlockModel

/// Turns an entity table's rows into `MatchRecord`s, the words of their names into the shared vocabulary.
struct MatchRecordBuilder {
    var vocabulary = MatchVocabulary()

    /// Appends a record per row of `table` to `records` (rows of another legal entity than `company`, or of the
    /// other party type, are not records of this source); returns how many rows had no key.
    mutating func append(
        table: Table, label: String, isSales: Bool, source: MatchSource, entity: MatchEntity, company: String?,
        into records: inout [MatchRecord],
        lookupNames: [String: [String: String]] = [:]
    ) -> Int {
        var columns: [MatchField: [Int]] = [:]
        var names: [MatchField: String] = [:]
        for (field, candidates) in source.columns {
            let present = candidates.compactMap { table.columnIndex(named: $0) }
            if !present.isEmpty { columns[field] = present }
            if let first = candidates.first(where: { table.columnIndex(named: $0) != nil }) { names[field] = first }
        }
        func value(_ field: MatchField, _ row: Int) -> String {
            for column in columns[field] ?? [] {
                if let text = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !text.isEmpty { return text }
            }
            return ""
        }
        var skipped = 0
        records.reserveCapacity(records.count + table.rowCount)
        for row in 0..<table.rowCount {
            if let company, !company.isEmpty {
                let own = value(.company, row).uppercased()
                if !own.isEmpty && own != company { continue }
            }
            if let kind = source.partyType {
                let isPerson = value(.partyType, row).lowercased() == "person"
                if isPerson != (kind == .person) { continue }
            }
            let key = value(.key, row)
            guard !key.isEmpty else {
                skipped += 1
                continue
            }
            var record = MatchRecord(key: isSales ? key.lowercased() : key, entity: label, row: row + 1)
            record.isPersonCustomer = source.partyType == .person
            switch entity {
            case .accounts:
                record.name = value(.name, row)
                record.nameWords = vocabulary.ids(OrganisationName.words(record.name))
                record.legalForm = OrganisationName.legalForm(record.name)
            case .contacts:
                var first = value(.firstName, row)
                var last = value(.lastName, row)
                if first.isEmpty && last.isEmpty {
                    let words = value(.name, row).split(separator: " ")
                    last = words.last.map(String.init) ?? ""
                    first = words.dropLast().joined(separator: " ")
                }
                record.name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
                record.firstWords = vocabulary.ids(TextFolding.words(first))
                record.lastWords = vocabulary.ids(TextFolding.words(last))
                record.nameWords = record.firstWords + record.lastWords
            case .products:
                record.name = value(.name, row)
                record.nameWords = vocabulary.ids(TextFolding.words(record.name))
                record.number = TextFolding.compactKey(isSales ? value(.number, row) : key)
                var unit = value(.unit, row)
                if let resolved = lookupNames[names[.unit] ?? ""]?[unit.lowercased()] { unit = resolved }
                record.unit = UnitNames.canonical(unit)
            }
            record.country = CountryNames.code(value(.country, row))
            let street = StreetName(value(.street, row))
            record.street = street.street
            let number = value(.streetNumber, row)
            record.houseNumber = number.isEmpty ? street.number : TextFolding.compactKey(number).lowercased()
            record.postcode = ContactKeys.postcode(value(.postcode, row), country: record.country)
            record.city = TextFolding.fold(value(.city, row))
            record.taxNumber = ContactKeys.taxNumber(value(.taxNumber, row))
            record.email = ContactKeys.email(value(.email, row))
            record.emailDomain = ContactKeys.companyDomain(ofEmail: record.email)
            record.webDomain = ContactKeys.companyDomain(ofWebsite: value(.website, row))
            record.phones = [value(.phone, row), value(.mobile, row)].map(ContactKeys.phone).filter { !$0.isEmpty }
            record.parent = isSales ? value(.parent, row).lowercased() : value(.parent, row)
            record.party = value(.party, row)
            record.currentKey = value(.currentKey, row)
            records.append(record)
        }
        return skipped
    }
}
