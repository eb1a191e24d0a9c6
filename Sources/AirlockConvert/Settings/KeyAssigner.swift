import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Gives every Sales account and contact without a key one (`convert --assign-keys`), before the flows run, as the
/// Prospect to cash solution's upgrade script numbers the existing records when the solution is installed: the
/// records then convert with that key (and the party numbers the maps derive from it), and `AssignedKeyRule` writes
/// each key back to its Sales record in `to-sales.zip`, so that both apps hold the same key before any sync.
///
/// Order: per entity (accounts, then contacts), by `createdon` (records without one after those with one), then by
/// GUID: the oldest record takes the lowest number, and a later export, which adds newer records, numbers its
/// earlier records alike. A pattern's numbers start at its first number, or after the highest number a key of its
/// form already holds in either export, whichever is higher. Every key is checked against the keys both exports
/// hold (every F&O column the keys go to, and the key attributes of the Sales entities) and against the others
/// assigned.
enum KeyAssigner {
    /// Numbers the unkeyed records of `sales`.
    /// - Throws: `AirlockError(.usage)` when a pattern cannot hold the records' count, makes a key longer than a field
    ///   it goes to, or would give a key that an export holds or another record takes (nothing is written then).
    static func assign(
        _ spec: KeyAssignmentSpec, to sales: CMTPackage, foTables: [(String, Table)], register: KeyRegister?, templates: TemplateSet,
        catalog: SchemaCatalog
    ) throws -> (sales: CMTPackage, keys: AssignedKeys) {
        let all = KeyedEntity.of(templates)
        let keyed = all.filter { spec.patterns[$0.entity] != nil }
        let held = heldKeys(all, sales: sales, foTables: foTables, register: register, catalog: catalog)
        var package = sales
        var result = AssignedKeys()
        var nextNumber: [KeyPattern: Int] = [:]
        var taken: [String: String] = [:]
        for entity in keyed {
            guard let pattern = spec.patterns[entity.entity],
                let index = package.data.entities.firstIndex(where: { $0.name == entity.entity })
            else { continue }
            var table = package.data.entities[index].records.values
            // A record whose id another record of the entity shares (or that has none) is not numbered: neither Sales,
            // which matches records by id, nor the key register could tell it apart in a later wave.
            let shared = sharedIDs(in: table)
            let unkeyed = entity.unkeyedRows(in: table).count
            let rows = ordered(
                entity.unkeyedRows(in: table).filter { row in
                    shared[table.value(row: row, column: CMTRecordTable.idColumn)?.trimmingASCIIWhitespace().lowercased() ?? ""] == nil
                }, in: table)
            var highest: (number: Int, key: String)?
            for key in held.all.keys.sorted() {
                if let number = pattern.number(in: key), number > (highest?.number ?? Int.min) { highest = (number, key) }
            }
            var number = nextNumber[pattern] ?? max(pattern.firstNumber, (highest?.number ?? pattern.firstNumber - 1) + 1)
            if let last = pattern.lastNumber, number + rows.count - 1 > last {
                let room = max(0, last - number + 1)
                throw AirlockError(
                    .usage,
                    "--assign-keys pattern '\(pattern)' runs out: \(rows.count) Sales \(entity.entity) records need a key and it has room for \(room) more (numbers up to \(last)\(highest.map { ", after \($0.key), which an export holds" } ?? "")); widen its placeholder"
                )
            }
            var assignments: [AssignedKeys.Assignment] = []
            guard let idColumn = table.columnIndex(named: CMTRecordTable.idColumn) else { continue }
            for row in rows {
                let id = table.value(row: row, column: idColumn)?.trimmingASCIIWhitespace() ?? ""
                let key = pattern.key(number: number, recordID: id)
                number += 1
                let folded = key.uppercased()
                if let place = held.all[folded]?.description(catalog) {
                    throw AirlockError(
                        .usage,
                        "--assign-keys would give Sales \(entity.entity) \(id) the key \(key), which \(place) already holds; choose another pattern",
                        at: SourceLocation(entity: entity.entity, record: id, field: entity.attribute))
                }
                if let other = taken[folded] {
                    throw AirlockError(
                        .usage,
                        "--assign-keys would give the key \(key) to Sales \(entity.entity) \(id) and to \(other); give the entities patterns that differ",
                        at: SourceLocation(entity: entity.entity, record: id, field: entity.attribute))
                }
                taken[folded] = "\(entity.entity) \(id)"
                assignments.append(AssignedKeys.Assignment(row: row, id: id, key: key))
            }
            nextNumber[pattern] = number
            try checkLengths(assignments, of: entity, pattern: pattern, catalog: catalog)
            let column = table.columnIndex(named: entity.attribute) ?? table.addColumn(entity.attribute)
            var replacements: [Int: String?] = [:]
            for assignment in assignments { replacements[assignment.row] = assignment.key }
            try table.replaceValues(in: column, replacements)
            package.data.entities[index].records.values = table
            let foOnly = held.foOnly.keys.filter { pattern.number(in: $0) != nil }.sorted().map { held.foOnly[$0] ?? $0 }
            let unnumbered = unkeyed - rows.count
            result.entities.append(
                AssignedKeys.EntityKeys(
                    keyed: entity, pattern: pattern, assignments: assignments, highestHeld: highest, heldByFOOnly: foOnly,
                    sharedIDs: unnumbered == 0 ? nil : (unnumbered, shared.sorted { $0.key < $1.key }.first?.key ?? "")))
        }
        return (package, result)
    }

    /// The keys the exports and the key register hold, upper-cased, each with where it is held (`the F&O export's
    /// Customers V2 CUSTOMERACCOUNT`): `all`, and `foOnly`, the F&O keys no Sales record holds (nor the register for
    /// one), each with the key as written.
    static func heldKeys(
        _ keyed: [KeyedEntity], sales: CMTPackage, foTables: [(String, Table)], register: KeyRegister?, catalog: SchemaCatalog
    ) -> (all: [String: HeldKey], foOnly: [String: String]) {
        var all: [String: HeldKey] = [:]
        var salesKeys: Set<String> = []
        for entity in keyed {
            for identity in register?.identities(of: entity.entity) ?? [] {
                let folded = identity.key.uppercased()
                salesKeys.insert(folded)
                if all[folded] == nil { all[folded] = .register(identity) }
            }
        }
        for entity in keyed {
            guard let table = sales.data.entities.first(where: { $0.name == entity.entity })?.records.values,
                let column = table.columnIndex(named: entity.attribute)
            else { continue }
            for row in 0..<table.rowCount {
                guard let value = table.value(row: row, column: column)?.trimmingASCIIWhitespace(), !value.isEmpty else { continue }
                let folded = value.uppercased()
                salesKeys.insert(folded)
                if all[folded] == nil { all[folded] = .sales(entity: entity.entity, attribute: entity.attribute) }
            }
        }
        var foOnly: [String: String] = [:]
        KeyedEntity.forEachFOKey(of: keyed, in: foTables) { value, label, column in
            let folded = value.uppercased()
            if all[folded] == nil { all[folded] = .fo(label: label, column: column) }
            if !salesKeys.contains(folded) && foOnly[folded] == nil { foOnly[folded] = value }
        }
        return (all, foOnly)
    }

    /// The record ids of `table` that more than one record has, or that are empty, with how many records have each.
    static func sharedIDs(in table: Table) -> [String: Int] {
        guard let column = table.columnIndex(named: CMTRecordTable.idColumn) else { return [:] }
        var counts: [String: Int] = [:]
        for row in 0..<table.rowCount {
            counts[table.value(row: row, column: column)?.trimmingASCIIWhitespace().lowercased() ?? "", default: 0] += 1
        }
        return counts.filter { $0.key.isEmpty || $0.value > 1 }
    }

    /// `rows` in numbering order: by `createdon` (rows without a readable one after the others), then by GUID.
    static func ordered(_ rows: [Int], in table: Table) -> [Int] {
        let created = table.columnIndex(named: "createdon")
        let ids = table.columnIndex(named: CMTRecordTable.idColumn)
        let keys = rows.map { row -> (row: Int, date: [Int]?, id: String) in
            let date = created.flatMap { table.value(row: row, column: $0) }.flatMap { try? CMTDateTime(parsing: $0) }.map {
                [$0.year, $0.month, $0.day, $0.hour, $0.minute, $0.second, $0.ticks]
            }
            return (row, date, ids.flatMap { table.value(row: row, column: $0)?.lowercased() } ?? "")
        }
        return keys.sorted { left, right in
            switch (left.date, right.date) {
            case (let a?, let b?) where a != b: return a.lexicographicallyPrecedes(b)
            case (.some, nil): return true
            case (nil, .some): return false
            default: return left.id != right.id ? left.id < right.id : left.row < right.row
            }
        }.map(\.row)
    }

    /// Refuses keys longer than a field they go to: the F&O fields the flows write the key to, and the Sales
    /// attribute that holds it.
    static func checkLengths(_ assignments: [AssignedKeys.Assignment], of entity: KeyedEntity, pattern: KeyPattern, catalog: SchemaCatalog)
        throws
    {
        guard let longest = assignments.max(by: { $0.key.count < $1.key.count }) else { return }
        var limits: [(place: String, length: Int)] = []
        if let length = catalog.salesEntity(named: entity.entity)?.attribute(named: entity.attribute)?.maxLength {
            limits.append(("Sales \(entity.entity).\(entity.attribute)", length))
        }
        for target in entity.targets {
            if let length = catalog.foEntity(named: target.entity)?.field(named: target.field)?.maxLength {
                limits.append(("F&O \(catalog.foLabel(of: target.entity)) \(target.field)", length))
            }
        }
        if let limit = limits.filter({ $0.length < longest.key.count }).min(by: { $0.length < $1.length }) {
            throw AirlockError(
                .usage,
                "--assign-keys pattern '\(pattern)' makes keys of \(longest.key.count) characters (\(longest.key)); \(limit.place) holds \(limit.length): shorten the pattern"
            )
        }
    }

    /// Where a key the exports or the register hold is held, said only when a key would collide with it.
    enum HeldKey {
        case sales(entity: String, attribute: String)
        case fo(label: String, column: String)
        case register(KeyRegisterEntry)

        func description(_ catalog: SchemaCatalog) -> String {
            switch self {
            case .sales(let entity, let attribute): "the Sales export's \(entity).\(attribute)"
            case .fo(let label, let column): "the F&O export's \(catalog.foLabel(of: label)) \(column)"
            case .register(let entry): "the key register's line \(entry.line) (Sales \(entry.entity) \(entry.id), \(entry.run))"
            }
        }
    }
}
