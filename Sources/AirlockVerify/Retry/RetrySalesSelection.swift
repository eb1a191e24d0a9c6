import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockReport

/// The records of a conversion's `to-sales.zip` that `retry` sends again: those the inputs name by id and,
/// transitively, every record of the package a lookup of theirs names (an order line's order, a contact's
/// account, a price list item's product), which the target needs before them.
struct RetrySalesSelection {
    private(set) var package: CMTPackage
    /// Entity and row by lower-cased record id.
    private let place: [String: (entity: Int, row: Int)]
    /// Per entity, per row: 0 not sent again, 1 named as failed, 2 added as a parent.
    private var marks: [[UInt8]]
    private var requested: [Int]

    /// Reads the run's `to-sales.zip`.
    init(run: RunFolder) throws {
        package = try CMTPackageReader(source: openPackageSource(path: run.file(RunLayout.salesPackage))).read()
        var place: [String: (entity: Int, row: Int)] = [:]
        for (entity, section) in package.data.entities.enumerated() {
            let table = section.records.values
            guard let column = table.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            for row in 0..<table.rowCount {
                if let id = table.value(row: row, column: column)?.lowercased(), place[id] == nil { place[id] = (entity, row) }
            }
        }
        self.place = place
        marks = package.data.entities.map { Array(repeating: 0, count: $0.recordCount) }
        requested = Array(repeating: 0, count: package.data.entities.count)
    }

    /// Marks the records `requests` name; returns the requests whose id the package does not hold.
    mutating func select(_ requests: [RetryRequest]) -> [RetryRequest] {
        var unmatched: [RetryRequest] = []
        var seen: Set<String> = []
        for request in requests {
            guard let id = request.id, seen.insert(id).inserted else { continue }
            guard let found = place[id] else {
                unmatched.append(request)
                continue
            }
            requested[found.entity] += 1
            marks[found.entity][found.row] = 1
        }
        return unmatched
    }

    /// Adds, until none is missing, each record of the package that a lookup of a record sent again names.
    mutating func addParents() {
        var queue: [(entity: Int, row: Int)] = []
        for (entity, rows) in marks.enumerated() {
            for (row, mark) in rows.enumerated() where mark != 0 { queue.append((entity, row)) }
        }
        while let next = queue.popLast() {
            let record = package.data.entities[next.entity].record(at: next.row)
            for field in record.fields where field.lookupEntity != nil {
                guard let target = place[field.value.lowercased()], marks[target.entity][target.row] == 0 else { continue }
                marks[target.entity][target.row] = 2
                queue.append(target)
            }
        }
    }

    /// The records written.
    var written: Int { marks.reduce(0) { $0 + $1.filter { $0 != 0 }.count } }

    /// Per entity with something asked for or written, in package order; `notFound` requests (from lists) are
    /// counted under the entity they name.
    func entityReports(notFound: [RetryRequest]) -> [RetryReport.Entity] {
        var missing: [String: Int] = [:]
        for request in notFound where request.side == .sales { missing[request.entity ?? "?", default: 0] += 1 }
        var reports: [RetryReport.Entity] = []
        for (index, section) in package.data.entities.enumerated() {
            let found = marks[index].filter { $0 == 1 }.count
            let parents = marks[index].filter { $0 == 2 }.count
            let absent = missing.removeValue(forKey: section.name) ?? 0
            guard found > 0 || parents > 0 || absent > 0 else { continue }
            reports.append(
                RetryReport.Entity(
                    side: "sales", entity: section.name, requested: requested[index] + absent, found: found, notFound: absent,
                    parents: parents, written: found + parents))
        }
        for (name, count) in missing.sorted(by: { $0.key < $1.key }) {
            reports.append(
                RetryReport.Entity(side: "sales", entity: name, requested: count, found: 0, notFound: count, parents: 0, written: 0))
        }
        return reports
    }

    /// Refuses a selected record whose key attribute holds another key than the migration's key register gives it: sent
    /// again, it would write a key the migration no longer stands by (the run kept none of the register: it was made
    /// without the ledger, or before another run registered the record).
    /// - Throws: `AirlockError(.invalidValue)` naming the register's line, and the record.
    func check(against register: KeyRegister) throws {
        for (index, section) in package.data.entities.enumerated() {
            let identities = register.identities(of: section.name)
            guard let attribute = identities.first?.attribute,
                let column = section.records.values.columnIndex(named: attribute),
                let ids = section.records.values.columnIndex(named: CMTRecordTable.idColumn)
            else { continue }
            for row in 0..<section.recordCount where marks[index][row] != 0 {
                guard let id = section.records.values.value(row: row, column: ids),
                    let value = section.records.values.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty,
                    let identity = register.identity(of: section.name, id: id), identity.key != value
                else { continue }
                throw AirlockError(
                    .invalidValue,
                    "the run's \(RunLayout.salesPackage) gives Sales \(section.name) \(id) the key \(value) in \(attribute), and the migration's key register gives it \(identity.key) (\(identity.run)): sending it again would undo that; convert again in the migration instead",
                    at: SourceLocation(file: register.path, line: identity.line, entity: section.name, record: id, field: attribute))
            }
        }
    }

    /// Writes the selected records as a Configuration Migration package at `path`: the conversion's schema (of the
    /// entities written), its sections with records in package order, and the many-to-many associations of the records
    /// written.
    func write(to path: String) throws {
        var data = CMTData(timestamp: package.data.timestamp, otherAttributes: package.data.otherAttributes)
        for (index, section) in package.data.entities.enumerated() where marks[index].contains(where: { $0 != 0 }) {
            var written = CMTEntityData(
                name: section.name, displayName: section.displayName, fieldNames: section.records.fieldNames,
                otherAttributes: section.otherAttributes)
            var ids: Set<String> = []
            for row in 0..<section.recordCount where marks[index][row] != 0 {
                let record = section.record(at: row)
                ids.insert(record.id.lowercased())
                try written.append(record)
            }
            written.manyToMany = section.manyToMany.filter { association in
                association.sourceID.map { ids.contains($0.lowercased()) } ?? false
            }
            data.entities.append(written)
        }
        // The schema declares the entities the package holds, as CMT's export does: an entity declared without a
        // section is what `inspect` warns of.
        let held = Set(data.entities.map(\.name))
        var schema = package.schema
        schema.entities = schema.entities.filter { held.contains($0.name) }
        schema.entityImportOrder = schema.entityImportOrder?.filter { held.contains($0) }
        try CMTPackageWriter.write(CMTPackage(schema: schema, data: data), to: path)
    }
}
