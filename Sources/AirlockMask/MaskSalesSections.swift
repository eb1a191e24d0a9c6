import AirlockModel
import AirlockPackages

/// The sections of a Sales export masked piece by piece: a section's `MaskTable` lives from its first piece to its
/// last, so each distinct value of a column is masked once and counted once; the display names lookups carry are
/// masked as the records they name.
struct MaskSalesSections {
    let policy: MaskPolicy
    let replacer: MaskReplacer
    let catalog: SchemaCatalog
    /// The values masked anywhere, sought in text columns.
    let phrases: MaskPhrases
    /// The section being read, and its records so far.
    private var table: MaskTable?
    /// The section's activity parties (an e-mail's senders and recipients: the address used, the party's name): text
    /// searched for masked values as clear columns are.
    private var partyTable: MaskTable?
    private var scratch = MaskPhrases.Scratch()
    private var sectionRecords = 0
    /// What the sections read so far did.
    private var report = MaskReport(keyFingerprint: "", inputs: [:], outputs: [], columns: [], clearLookingPersonal: [], records: [:])
    /// Per referenced entity, the method of its primary name (looked up once); per entity and name, its mask.
    private var lookupMethods: [String: MaskMethod?] = [:]
    private var lookupNames: [String: String] = [:]

    init(policy: MaskPolicy, replacer: MaskReplacer, phrases: MaskPhrases, catalog: SchemaCatalog) {
        self.policy = policy
        self.replacer = replacer
        self.phrases = phrases
        self.catalog = catalog
    }

    /// `piece` masked; `isLast` ends its section.
    mutating func mask(_ piece: CMTEntityData, isLast: Bool) throws -> CMTEntityData {
        // Taken out while it works, so that its masks are changed in place, not copied.
        var table = self.table ?? makeTable(for: piece.name)
        self.table = nil
        var masked = piece
        masked.records.values = try table.mask(piece.records.values)
        try maskLookupNames(&masked.records)
        if piece.partyMembers.count > 0 || partyTable != nil {
            var parties = self.partyTable ?? makePartyTable(for: piece.name)
            self.partyTable = nil
            masked.partyMembers.values = try parties.mask(piece.partyMembers.values)
            try maskLookupNames(&masked.partyMembers)
            if isLast { parties.finish(into: &report) } else { self.partyTable = parties }
        }
        report.records["sales", default: 0] += piece.recordCount
        sectionRecords += piece.recordCount
        if isLast {
            report.entities.append(MaskReport.Entity(side: "sales", entity: piece.name, records: sectionRecords))
            sectionRecords = 0
            table.finish(into: &report)
            self.table = nil
        } else {
            self.table = table
        }
        return masked
    }

    /// What every section did, added to `report`.
    func finish(into report: inout MaskReport) {
        report.entities += self.report.entities
        report.columns += self.report.columns
        report.clearLookingPersonal += self.report.clearLookingPersonal
        report.clearColumns += self.report.clearColumns
        report.records["sales", default: 0] += self.report.records["sales", default: 0]
    }

    /// The table of a section's activity parties: no column masked by name, every text column searched.
    private func makePartyTable(for section: String) -> MaskTable {
        MaskTable(
            side: "sales", entity: section + " (activity parties)", replacer: replacer, method: { _ in nil }, maxLength: { _ in nil },
            isText: { !CMTRecordTable.isAttributeColumn($0) }, isKept: { _ in false }, isKnown: { _ in false }, phrases: phrases)
    }

    private func makeTable(for section: String) -> MaskTable {
        let schema = catalog.salesEntity(named: section)
        let policy = policy
        let catalog = catalog
        return MaskTable(
            side: "sales", entity: section, replacer: replacer,
            method: { name in
                CMTRecordTable.isAttributeColumn(name) ? nil : policy.method(side: "sales", entity: section, column: name, catalog: catalog)
            },
            maxLength: { schema?.attribute(named: $0)?.maxLength },
            isText: { name in
                // A column the catalog does not know (a composite address, a custom column) is read as text too.
                (schema?.attribute(named: name).map { $0.type == .string } ?? true)
                    && !policy.isKey(side: "sales", entity: section, column: name, catalog: catalog)
            },
            isKept: { policy.keeps(side: "sales", entity: section, column: $0, catalog: catalog) },
            isKnown: { schema?.attribute(named: $0) != nil }, phrases: phrases)
    }

    /// The display names lookups carry (`lookupentityname="Alpine Ski House"`), masked as the referenced record's
    /// primary name is (an account's name, a contact's full name), so that they say what the masked record says.
    private mutating func maskLookupNames(_ records: inout CMTRecordTable) throws {
        guard let position = records.fieldAttributes.firstIndex(where: { $0.name == CMTRecordTable.lookupEntityNameAttribute }) else {
            return
        }
        let names = records.fieldAttributes[position]
        let entities = records.attributeTable(named: CMTRecordTable.lookupEntityAttribute)
        var columns: [TableColumn] = []
        for (index, field) in names.columnNames.enumerated() {
            var column = TableColumn(name: field)
            column.reserve(rows: names.rowCount)
            let entityColumn = entities?.columnIndex(named: field)
            for row in 0..<names.rowCount {
                var value = names.value(row: row, column: index)
                if let text = value, let entityColumn, let entity = entities?.value(row: row, column: entityColumn),
                    let method = lookupMethod(of: entity)
                {
                    let key = entity + "\u{0}" + text
                    let replacement = lookupNames[key] ?? method.apply(text, with: replacer)
                    lookupNames[key] = replacement
                    value = replacement
                } else if var text = value {
                    // The name of a record no method masks (`Fall 2022 - Gilda Moss`): the masked values in it replaced
                    // (each name searched once: a lookup names the same few records over and over).
                    let key = (entities?.value(row: row, column: entityColumn ?? 0) ?? "") + "\u{0}" + text
                    if let known = lookupNames[key] {
                        value = known
                    } else {
                        let found = text.withUTF8 { phrases.find(in: UnsafeRawBufferPointer($0), scratch: &scratch) }
                        if !found.isEmpty { value = MaskColumn.replacing(found, in: text, with: replacer) { $0 } }
                        lookupNames[key] = value
                    }
                }
                try column.append(value)
            }
            columns.append(column)
        }
        records.fieldAttributes[position] = Table(name: names.name, columns: columns)
    }

    private mutating func lookupMethod(of entity: String) -> MaskMethod? {
        if let known = lookupMethods[entity] { return known }
        let method = policy.nameMethod(ofSales: entity, catalog: catalog)
        lookupMethods[entity] = method
        return method
    }
}
