import AirlockIO
import AirlockModel
import AirlockNormalize
import AirlockReconcile

/// Turns an entity table's rows into `MatchRecord`s in the run's store: the rows are folded in parallel
/// (`MatchRecordDraft`), a wave of chunks at a time, and added to the store in row order, so the store (and
/// everything after it) is the same on any number of cores, and no more than a wave of drafts is held at once.
struct MatchRecordBuilder {
    var store = MatchRecordStore()

    /// How many rows one piece of parallel work folds.
    static let chunkRows = 16_384
    /// How many pieces are folded before their drafts are added to the store.
    static let chunksPerWave = 8

    /// What one chunk gave: its drafts, and how many of its rows had no key.
    private struct Chunk: Sendable {
        var drafts: [MatchRecordDraft] = []
        var skipped = 0
    }

    /// Appends a record per row of `table` to `records` (rows of another legal entity than `company`, or of the
    /// other party type, are not records of this source); returns how many rows had no key.
    mutating func append(
        table: Table, label: String, isSales: Bool, source: MatchSource, entity: LinkedEntity, company: String?,
        into records: inout [MatchRecord], lookupNames: [String: [String: String]] = [:]
    ) throws -> Int {
        var columns: [MatchField: [Int]] = [:]
        var names: [MatchField: String] = [:]
        for (field, candidates) in source.columns {
            let present = candidates.compactMap { table.columnIndex(named: $0) }
            if !present.isEmpty { columns[field] = present }
            if let first = candidates.first(where: { table.columnIndex(named: $0) != nil }) { names[field] = first }
        }
        let units = lookupNames[names[.unit] ?? ""] ?? [:]
        // Rows' legal entities are compared upper-cased (the export's spelling may differ in case): upper-cased once.
        let company = company?.uppercased()
        let chunkCount = (table.rowCount + Self.chunkRows - 1) / Self.chunkRows
        var skipped = 0
        records.reserveCapacity(records.count + table.rowCount)
        for wave in stride(from: 0, to: chunkCount, by: Self.chunksPerWave) {
            let chunks = try ParallelMap.map(min(Self.chunksPerWave, chunkCount - wave)) { [columns] offset -> Chunk in
                Self.fold(
                    chunk: wave + offset, table: table, columns: columns, label: label, isSales: isSales, source: source, entity: entity,
                    company: company, units: units)
            }
            for chunk in chunks {
                skipped += chunk.skipped
                for draft in chunk.drafts { records.append(try store.add(draft)) }
            }
        }
        return skipped
    }

    /// The drafts of chunk `chunk`'s rows.
    private static func fold(
        chunk: Int, table: Table, columns: [MatchField: [Int]], label: String, isSales: Bool, source: MatchSource, entity: LinkedEntity,
        company: String?, units: [String: String]
    ) -> Chunk {
        var result = Chunk()
        for row in (chunk * Self.chunkRows)..<min(table.rowCount, (chunk + 1) * Self.chunkRows) {
            if let draft = Self.draft(
                row: row, table: table, columns: columns, label: label, isSales: isSales, source: source, entity: entity,
                company: company, units: units)
            {
                result.drafts.append(draft)
            } else if Self.value(.key, row, table: table, columns: columns).isEmpty
                && Self.belongs(
                    row, table: table, columns: columns, source: source, company: company)
            {
                result.skipped += 1
            }
        }
        return result
    }

    /// The first value among `field`'s columns that is not blank, trimmed; "" when none.
    private static func value(_ field: MatchField, _ row: Int, table: Table, columns: [MatchField: [Int]]) -> String {
        for column in columns[field] ?? [] {
            if let text = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !text.isEmpty { return text }
        }
        return ""
    }

    /// Whether row `row` is of this source: of the legal entity `company` (upper case; or none), of the source's party
    /// type.
    private static func belongs(_ row: Int, table: Table, columns: [MatchField: [Int]], source: MatchSource, company: String?) -> Bool {
        if let company, !company.isEmpty {
            let own = value(.company, row, table: table, columns: columns).uppercased()
            if !own.isEmpty && own != company { return false }
        }
        if let kind = source.partyType {
            let isPerson = value(.partyType, row, table: table, columns: columns).lowercased() == "person"
            if isPerson != (kind == .person) { return false }
        }
        return true
    }

    /// Row `row` folded, or nil when it is not of this source or has no key.
    private static func draft(
        row: Int, table: Table, columns: [MatchField: [Int]], label: String, isSales: Bool, source: MatchSource, entity: LinkedEntity,
        company: String?, units: [String: String]
    ) -> MatchRecordDraft? {
        guard belongs(row, table: table, columns: columns, source: source, company: company) else { return nil }
        func value(_ field: MatchField) -> String { Self.value(field, row, table: table, columns: columns) }
        let key = value(.key)
        guard !key.isEmpty else { return nil }
        var record = MatchRecordDraft(key: isSales ? key.lowercased() : key, entity: label, row: row + 1)
        switch entity {
        case .accounts:
            record.name = value(.name)
            record.nameWords = OrganisationName.words(record.name)
            record.legalForm = OrganisationName.legalForm(record.name)
        case .contacts:
            var first = value(.firstName)
            var last = value(.lastName)
            if first.isEmpty && last.isEmpty {
                let words = value(.name).split(separator: " ")
                last = words.last.map(String.init) ?? ""
                first = words.dropLast().joined(separator: " ")
            }
            record.name = [first, last].filter { !$0.isEmpty }.joined(separator: " ")
            record.isPerson = true
            record.firstWords = TextFolding.words(first)
            record.lastWords = TextFolding.words(last)
            record.middleInitial = PersonDetails.middleInitial(value(.middleName))
            record.gender = PersonDetails.gender(value(.gender))
            record.birthDate =
                isSales
                ? PersonDetails.birthDate(value(.birthDate))
                : PersonDetails.birthDate(day: value(.birthDay), month: value(.birthMonth), year: value(.birthYear))
        case .products:
            record.name = value(.name)
            record.nameWords = TextFolding.words(record.name)
            record.number = TextFolding.compactKey(isSales ? value(.number) : key)
            var unit = value(.unit)
            if let resolved = units[unit.lowercased()] { unit = resolved }
            record.unit = UnitNames.canonical(unit)
        }
        record.country = CountryCodes.alpha2OrFolded(value(.country))
        let street = StreetName(value(.street))
        record.street = street.street
        let number = value(.streetNumber)
        record.houseNumber = number.isEmpty ? street.number : TextFolding.compactKey(number).lowercased()
        record.postcode = ContactKeys.postcode(value(.postcode), country: record.country)
        record.city = TextFolding.fold(value(.city))
        record.taxNumber = ContactKeys.taxNumber(value(.taxNumber))
        record.email = ContactKeys.email(value(.email))
        record.emailDomain = ContactKeys.companyDomain(ofEmail: record.email)
        record.webDomain = ContactKeys.companyDomain(ofWebsite: value(.website))
        record.phones = [value(.phone), value(.mobile)].map(ContactKeys.phone).filter { !$0.isEmpty }
        record.parent = isSales ? value(.parent).lowercased() : value(.parent)
        record.party = value(.party)
        record.currentKey = value(.currentKey)
        record.isSales = isSales
        record.comparableKey = TextFolding.compactKey(isSales ? record.currentKey : key)
        return record
    }
}
