import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Both sides' records of the entities a match run links, in the forms it compares (`MatchRecord`), with their
/// texts and the words of their names (`MatchRecordStore`).
public struct MatchInputs: Sendable {
    /// F&O records per entity (contacts: contact persons, then person customers), in export order.
    public var fo: [LinkedEntity: [MatchRecord]] = [:]
    /// Sales records per entity, in export order.
    public var sales: [LinkedEntity: [MatchRecord]] = [:]
    public var store = MatchRecordStore()
    /// The F&O entity each entity's records were read from (labels), for the report.
    public var foEntities: [LinkedEntity: [String]] = [:]
    /// Rows left out, with why (`entity: n rows without CUSTOMERACCOUNT`), for the report.
    public var skipped: [String] = []
    /// The legal entity the F&O records are of ("" when the export names none).
    public var company = ""

    /// Reads `entities` of both exports.
    /// - Parameters:
    ///   - company: the F&O legal entity to match (`DATAAREAID`); nil takes the one the export holds.
    /// - Throws: `AirlockError(.usage)` when a package is of the other kind, when neither side holds an entity
    ///   asked for, or when the F&O export holds several legal entities and `company` is nil; the readers' errors.
    public static func read(
        foPath: String, salesPath: String, entities: [LinkedEntity], company: String?, catalog: SchemaCatalog,
        foFileEncoding: FOFileEncoding = .utf8
    ) throws -> MatchInputs {
        let (foSource, salesSource) = try PackageDetector.locateExports(fo: foPath, sales: salesPath)
        var inputs = MatchInputs()
        var builder = MatchRecordBuilder()
        // The Sales export is parsed on a thread of its own while the F&O files are read here.
        let salesRead = BackgroundTask { try readSales(CMTPackageReader(source: salesSource), entities: entities) }
        var foTables: [(source: (entity: LinkedEntity, source: MatchSource), label: String, table: Table)]
        do {
            let reader = try FOPackageReader(source: foSource, fileEncoding: foFileEncoding)
            foTables = try readFO(reader, entities: entities, catalog: catalog, path: foPath)
            inputs.skipped += unread(reader, besides: foTables.map(\.label), entities: entities, catalog: catalog)
            inputs.company = try chooseCompany(foTables, company: company, path: foPath)
        } catch {
            _ = try? salesRead.result()
            throw error
        }
        for entity in entities.sorted() {
            var records: [MatchRecord] = []
            var labels: [String] = []
            for (source, label, table) in foTables where source.entity == entity {
                labels.append(label)
                let skipped = try builder.append(
                    table: table, label: label, isSales: false, source: source.source, entity: entity, company: inputs.company,
                    into: &records)
                if skipped > 0 {
                    inputs.skipped.append("\(label): \(skipped) rows without \(source.source.columns[.key]?.first ?? "a key")")
                }
            }
            inputs.fo[entity] = records
            inputs.foEntities[entity] = labels
        }
        // Each table is let go once its records are built.
        foTables = []
        var sales = try salesRead.result()
        let salesEntities = Set(sales.tables.keys)
        for entity in entities.sorted() {
            var records: [MatchRecord] = []
            let source = MatchSource.sales(entity)
            if let table = sales.tables.removeValue(forKey: entity.salesEntity) {
                let skipped = try builder.append(
                    table: table, label: entity.salesEntity, isSales: true, source: source, entity: entity, company: nil, into: &records,
                    lookupNames: sales.lookupNames[entity.salesEntity] ?? [:])
                if skipped > 0 { inputs.skipped.append("\(entity.salesEntity): \(skipped) records without an id") }
            }
            inputs.sales[entity] = records
        }
        for entity in entities.sorted() {
            // A side without the entity links nothing of it: say which entities were looked for.
            if inputs.foEntities[entity]?.isEmpty != false {
                let labels = MatchSource.fo(entity).flatMap(\.entities)
                var seen: Set<String> = []
                inputs.skipped.append(
                    "\(entity.rawValue): the F&O export holds none of \(labels.filter { seen.insert($0).inserted }.joined(separator: ", "))"
                )
            }
            if !salesEntities.contains(entity.salesEntity) {
                inputs.skipped.append("\(entity.rawValue): the Sales export holds no \(entity.salesEntity) records")
            }
        }
        builder.store.finish()
        inputs.store = builder.store
        inputs.resolveContactParents()
        return inputs
    }

    /// F&O contact persons name their customer by party number: to the customer account where the accounts read
    /// hold that party (else the number stays as it is).
    mutating func resolveContactParents() {
        guard var contacts = fo[.contacts], let accounts = fo[.accounts] else { return }
        var accountOfParty: [UInt64: UInt64] = [:]
        for account in accounts where !account.lacks(.party) {
            accountOfParty[MatchRecord.hash(store.text(.party, of: account))] = MatchRecord.hash(store.key(account))
        }
        for index in contacts.indices where contacts[index].parent != 0 {
            if let account = accountOfParty[contacts[index].parent] { contacts[index].parent = account }
        }
        fo[.contacts] = contacts
    }

    /// The F&O tables of the sources of `entities`, the first entity version each source finds.
    static func readFO(_ reader: FOPackageReader, entities: [LinkedEntity], catalog: SchemaCatalog, path: String) throws
        -> [(source: (entity: LinkedEntity, source: MatchSource), label: String, table: Table)]
    {
        var tables: [(source: (entity: LinkedEntity, source: MatchSource), label: String, table: Table)] = []
        var read: [String: Table] = [:]
        // Only the columns matching reads are held (and the legal entity's).
        let columns = Set(entities.flatMap { MatchSource.fo($0) }.flatMap { $0.columns.values.joined() } + ["DATAAREAID"])
        for entity in entities.sorted() {
            for source in MatchSource.fo(entity) {
                for label in source.entities {
                    let wanted = catalog.foKey(of: label)
                    guard let line = reader.manifest.entities.first(where: { $0.catalogLabel(in: catalog).lowercased() == wanted }) else {
                        continue
                    }
                    if read[label] == nil { read[label] = try reader.readEntity(line, columns: columns).table }
                    if let table = read[label] { tables.append(((entity, source), label, table)) }
                    break
                }
            }
        }
        return tables
    }

    /// What the export holds of a kind asked for and the run does not read: a later version of a source's entities
    /// (`Contacts V2` beside `CDS Contacts`), each with its rows, so that the summary names what was left unread.
    static func unread(_ reader: FOPackageReader, besides read: [String], entities: [LinkedEntity], catalog: SchemaCatalog) -> [String] {
        let readLabels = Set(read.map { catalog.foKey(of: $0) })
        var notes: [String] = []
        for entity in entities.sorted() {
            for source in MatchSource.fo(entity) {
                guard let used = source.entities.first(where: { readLabels.contains(catalog.foKey(of: $0)) }) else {
                    continue
                }
                for label in source.entities where !readLabels.contains(catalog.foKey(of: label)) {
                    let wanted = catalog.foKey(of: label)
                    guard let line = reader.manifest.entities.first(where: { $0.catalogLabel(in: catalog).lowercased() == wanted }) else {
                        continue
                    }
                    notes.append(
                        "\(entity.rawValue): the F&O export's \(line.entityName) is not read: \(used) holds the same records and is read instead"
                    )
                }
            }
        }
        return notes
    }

    /// The legal entity to match, chosen as `convert` chooses it (`CompanyResolver`): `company` when given (it must be
    /// in the export), else the only one the tables hold; none when the tables name no legal entity and none was
    /// asked for (every row is matched then).
    static func chooseCompany(
        _ tables: [(source: (entity: LinkedEntity, source: MatchSource), label: String, table: Table)], company: String?, path: String
    ) throws -> String {
        let tables = tables.map(\.table)
        guard company != nil || !CompanyResolver.companies(in: tables).isEmpty else { return "" }
        do {
            return try CompanyResolver.resolve(requested: company, tables: tables)
        } catch var error as AirlockError {
            error.location = SourceLocation(file: path)
            throw error
        }
    }

    /// The Sales sections of `entities` (and `uom`, for product units), and per section and lookup column the
    /// names of the records its lookups point to.
    static func readSales(_ reader: CMTPackageReader, entities: [LinkedEntity]) throws
        -> (tables: [String: Table], lookupNames: [String: [String: [String: String]]])
    {
        var columns: [String: Set<String>] = ["uom": [CMTRecordTable.idColumn, "name"]]
        for entity in entities { columns[entity.salesEntity] = Set(MatchSource.sales(entity).columns.values.joined()) }
        var tables: [String: Table] = [:]
        // A product's unit by the name its lookup carries, per unit id; the `uom` records' own names win below.
        var unitLookupNames: [String: String] = [:]
        var readsProductUnits = false
        _ = try reader.readEntities(valueProblems: .collect) { section in
            guard let kept = columns[section.name], tables[section.name] == nil else { return }
            let table = section.records.values
            if section.name == "product", let column = table.columnIndex(named: "defaultuomid") {
                readsProductUnits = true
                for row in 0..<table.rowCount {
                    guard let id = table.value(row: row, column: column)?.lowercased(), unitLookupNames[id] == nil else { continue }
                    unitLookupNames[id] = section.records.lookupEntityName(row: row, field: "defaultuomid")
                }
            }
            // Only the columns matching reads are held.
            tables[section.name] = table.keeping(columns: kept)
        }
        var lookupNames: [String: [String: [String: String]]] = [:]
        if readsProductUnits {
            var names = unitLookupNames
            if let uom = tables["uom"], let id = uom.columnIndex(named: CMTRecordTable.idColumn), let name = uom.columnIndex(named: "name")
            {
                for row in 0..<uom.rowCount {
                    if let key = uom.value(row: row, column: id)?.lowercased(), let value = uom.value(row: row, column: name) {
                        names[key] = value
                    }
                }
            }
            lookupNames["product"] = ["defaultuomid": names]
        }
        return (tables, lookupNames)
    }
}
