import AirlockIO
import AirlockModel
import AirlockPackages

/// The Sales side of a rehearsal (`ImportRehearsal`): the export with `to-sales.zip` upserted into it by record id.
struct RehearsalSalesSide {
    private var package: CMTPackage
    private let sent: CMTPackage

    /// The records of `to-sales.zip`.
    let candidates: [RehearsalCandidate]
    /// Those with a text field someone could change (`driftSlot`).
    let driftable: Set<RehearsalCandidate>
    /// Those the export holds already with the values sent, in the fields its schema has (a retry's parents, which
    /// landed before): losing one would show nothing.
    let held: Set<RehearsalCandidate>

    init(export: String, sent path: String) throws {
        let package = try CMTPackageReader(source: openPackageSource(path: export), countsAs: .checked).read()
        let sent = try CMTPackageReader(source: openPackageSource(path: path), countsAs: .checked).read()
        var candidates: [RehearsalCandidate] = []
        var driftable: Set<RehearsalCandidate> = []
        var held: Set<RehearsalCandidate> = []
        for section in sent.data.entities {
            let schema = package.schema.entity(named: section.name) ?? sent.schema.entity(named: section.name)
            let exported = package.data.entity(named: section.name)
            let known = Set(package.schema.entity(named: section.name)?.fieldNames ?? [])
            let position = exported.map(Self.positionByID) ?? [:]
            for row in 0..<section.recordCount {
                let record = section.record(at: row)
                let candidate = RehearsalCandidate(side: "Sales", entity: section.name, key: record.id)
                candidates.append(candidate)
                if let schema, Self.driftSlot(record, schema: schema) != nil { driftable.insert(candidate) }
                if let exported, let at = position[record.id.lowercased()] {
                    let there = exported.record(at: at)
                    let same = record.fields.allSatisfy { field in
                        !known.contains(field.name) || (there.fields.first { $0.name == field.name }?.value ?? "") == field.value
                    }
                    if same { held.insert(candidate) }
                }
            }
        }
        self.package = package
        self.sent = sent
        self.candidates = candidates
        self.driftable = driftable
        self.held = held
    }

    /// The first record of each id (lowercased) in `section`.
    private static func positionByID(_ section: CMTEntityData) -> [String: Int] {
        var position: [String: Int] = [:]
        for index in 0..<section.recordCount {
            let id = (section.records.values.value(row: index, column: 0) ?? "").lowercased()
            if position[id] == nil { position[id] = index }
        }
        return position
    }

    /// The field of `record` someone could edit after the import: the first text field with a value that looks
    /// nothing up.
    private static func driftSlot(_ record: CMTRecord, schema: CMTSchemaEntity) -> Int? {
        let text = Set(schema.fields.filter { $0.type == .string }.map(\.name))
        return record.fields.firstIndex { text.contains($0.name) && !$0.value.isEmpty && $0.attributes.isEmpty }
    }

    /// Writes the export after the import to `path`, losing and changing the records picked; returns what it did.
    mutating func write(lost: Set<RehearsalCandidate>, drifted: Set<RehearsalCandidate>, to path: String) throws -> [RehearsalChange] {
        var changes: [RehearsalChange] = []
        // An entity the export's schema lacks comes with its schema (a re-export would have needed it).
        for entity in sent.schema.entities where package.schema.entity(named: entity.name) == nil {
            package.schema.entities.append(entity)
            if var order = package.schema.entityImportOrder, !order.contains(entity.name) {
                order.append(entity.name)
                package.schema.entityImportOrder = order
            }
        }
        for section in sent.data.entities {
            guard let schema = package.schema.entity(named: section.name) else { continue }
            let known = Set(schema.fieldNames)
            let existing = package.data.entity(named: section.name)
            var records = existing.map { data in (0..<data.recordCount).map { data.record(at: $0) } } ?? []
            var position = existing.map(Self.positionByID) ?? [:]
            for row in 0..<section.recordCount {
                var record = section.record(at: row)
                let candidate = RehearsalCandidate(side: "Sales", entity: section.name, key: record.id)
                if lost.contains(candidate) {
                    changes.append(RehearsalChange(side: "Sales", entity: section.name, key: record.id, kind: .lost))
                    continue
                }
                // A re-export with the same schema holds only its fields.
                record.fields = record.fields.filter { known.contains($0.name) }
                let at: Int
                if let index = position[record.id.lowercased()] {
                    at = index
                    for field in record.fields {
                        if let slot = records[at].fields.firstIndex(where: { $0.name == field.name }) {
                            records[at].fields[slot] = field
                        } else {
                            records[at].fields.append(field)
                        }
                    }
                } else {
                    at = records.count
                    position[record.id.lowercased()] = at
                    records.append(record)
                }
                guard drifted.contains(candidate) else { continue }
                // The first text field with a value: someone edits it after the import.
                if let slot = Self.driftSlot(records[at], schema: schema) {
                    let from = records[at].fields[slot].value
                    records[at].fields[slot].value = from + " (edited)"
                    changes.append(
                        RehearsalChange(
                            side: "Sales", entity: section.name, key: record.id, kind: .drifted, field: records[at].fields[slot].name,
                            from: from, to: from + " (edited)"))
                }
            }
            var merged = CMTEntityData(
                name: section.name, displayName: existing?.displayName ?? section.displayName, fieldNames: schema.fieldNames)
            if let existing { merged.otherAttributes = existing.otherAttributes }
            for record in records { try merged.append(record) }
            if let index = package.data.entities.firstIndex(where: { $0.name == section.name }) {
                package.data.entities[index] = merged
            } else {
                package.data.entities.append(merged)
            }
        }
        try CMTPackageWriter.write(package, to: path)
        return changes
    }
}
