import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReport
import AirlockValidate
import Foundation

/// The records of a conversion's `to-fo.zip` that `retry` sends again: those the inputs name (by `verify`'s key
/// text or the key columns of an importer's error file) and the parents they need (`FOEntityReference`).
struct RetryFOSelection {
    /// One entity file of the package and what of it is selected.
    struct Entity {
        let line: FOManifestEntity
        let label: String
        let technicalName: String
        let table: Table
        let encoding: TextEncoding
        let key: FOSentKey
        /// Row by lower-cased key text.
        let rowByKey: [String: Int]
        /// Per row: 0 not sent again, 1 named as failed, 2 added as a parent.
        var marks: [UInt8]
        var requested = 0
        var notFound = 0
    }

    let header: FOPackageHeader
    let manifest: FOManifest
    let catalog: SchemaCatalog
    let company: String
    private(set) var entities: [Entity] = []
    /// Requests naming an entity the package does not hold: entity as named → count.
    private(set) var unknownEntities: [String: Int] = [:]
    /// Entity resolved per input file without `ENTITY=` (by its path).
    private var entityOfFile: [String: Int] = [:]

    /// Reads the run's `to-fo.zip`.
    init(run: RunFolder, catalog: SchemaCatalog) throws {
        let path = run.file(RunLayout.foPackage)
        let reader = try FOPackageReader(source: openPackageSource(path: path))
        header = reader.header
        manifest = reader.manifest
        self.catalog = catalog
        company = run.report.company
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            let label = catalog.foLabel(of: line.entityName)
            let writers = SentPackages.writers(run, side: .fo, entity: line.entityName, catalog: catalog)
            let key = try FOSentKey(
                run: run, label: line.entityName, columnNames: data.table.columnNames, flow: writers.first?.flow, catalog: catalog,
                location: SourceLocation(file: path, entity: line.entityName))
            var rowByKey: [String: Int] = [:]
            for row in 0..<data.table.rowCount {
                let text = key.text(row: row, of: data.table).lowercased()
                if rowByKey[text] == nil { rowByKey[text] = row }
            }
            entities.append(
                Entity(
                    line: line, label: label, technicalName: catalog.foTechnicalName(of: line.entityName),
                    table: data.table, encoding: data.summary.encoding ?? .utf8BOM, key: key, rowByKey: rowByKey,
                    marks: Array(repeating: 0, count: data.table.rowCount)))
        }
    }

    /// Marks the records `requests` name; returns the requests no record answers.
    /// - Throws: `AirlockError(.usage)` for an error file whose entity cannot be told or that lacks a key column.
    mutating func select(_ requests: [RetryRequest]) throws -> [RetryRequest] {
        var unmatched: [RetryRequest] = []
        var seen: Set<String> = []
        for request in requests {
            guard let index = try entityIndex(of: request) else {
                let named = request.entity ?? "?"
                if seen.insert("?\u{0}" + named + "\u{0}" + (request.keyText ?? "")).inserted {
                    unknownEntities[named, default: 0] += 1
                    unmatched.append(request)
                }
                continue
            }
            let text = try keyText(of: request, in: entities[index])
            guard seen.insert("\(index)\u{0}\(text)").inserted else { continue }
            entities[index].requested += 1
            if let row = entities[index].rowByKey[text] {
                entities[index].marks[row] = 1
            } else {
                entities[index].notFound += 1
                var named = request
                named.entity = entities[index].label
                if named.keyText == nil { named.keyText = text }
                unmatched.append(named)
            }
        }
        return unmatched
    }

    /// Adds the parents of every record sent again, until none is missing: a line's header, a contact person's
    /// customer or vendor (`FOEntityReference.known`), when the package holds them.
    mutating func addParents() {
        var changed = true
        while changed {
            changed = false
            for reference in FOEntityReference.known {
                guard let child = entities.firstIndex(where: { $0.technicalName.lowercased() == reference.child.lowercased() }) else {
                    continue
                }
                let parents = reference.parents.map { $0.lowercased() }
                guard let parent = entities.firstIndex(where: { parents.contains($0.technicalName.lowercased()) }) else { continue }
                let parentTable = entities[parent].table
                var parentRows: [[String]: [Int]] = [:]
                for row in 0..<parentTable.rowCount {
                    let values = reference.fields.map { (parentTable.value(row: row, column: $0.parent) ?? "").lowercased() }
                    parentRows[[companyValue(of: entities[parent], row: row)] + values, default: []].append(row)
                }
                let childTable = entities[child].table
                for row in 0..<childTable.rowCount where entities[child].marks[row] != 0 {
                    let values = reference.fields.map { (childTable.value(row: row, column: $0.child) ?? "").lowercased() }
                    for parentRow in parentRows[[companyValue(of: entities[child], row: row)] + values] ?? []
                    where entities[parent].marks[parentRow] == 0 {
                        entities[parent].marks[parentRow] = 2
                        changed = true
                    }
                }
            }
        }
    }

    /// The records written.
    var written: Int { entities.reduce(0) { $0 + $1.marks.filter { $0 != 0 }.count } }

    /// Per entity of the package with something asked for or written, in package order, then the entities the
    /// inputs name that it does not hold.
    var entityReports: [RetryReport.Entity] {
        var reports: [RetryReport.Entity] = []
        for entity in entities {
            let found = entity.marks.filter { $0 == 1 }.count
            let parents = entity.marks.filter { $0 == 2 }.count
            guard entity.requested > 0 || parents > 0 else { continue }
            reports.append(
                RetryReport.Entity(
                    side: "fo", entity: entity.label, requested: entity.requested, found: found, notFound: entity.notFound,
                    parents: parents,
                    written: found + parents))
        }
        for (name, count) in unknownEntities.sorted(by: { $0.key < $1.key }) {
            reports.append(
                RetryReport.Entity(side: "fo", entity: name, requested: count, found: 0, notFound: count, parents: 0, written: 0))
        }
        return reports
    }

    /// Writes the selected records as an F&O data package at `path`: the conversion's header and manifest lines
    /// (only the entities with records), each file in its encoding, records in package order.
    func write(to path: String) throws {
        var files: [FOEntityFile] = []
        for entity in entities where entity.marks.contains(where: { $0 != 0 }) {
            var table = Table(name: entity.table.name, columnNames: entity.table.columnNames)
            for row in 0..<entity.table.rowCount where entity.marks[row] != 0 { try table.appendRow(entity.table.row(row)) }
            files.append(FOEntityFile(entity: entity.line, table: table, encoding: entity.encoding))
        }
        var written = manifest
        written.entities = files.map(\.entity)
        try FOPackageWriter.write(header: header, manifest: written, files: files, to: path)
    }

    /// The company of record `row` (lower-cased) as its key has it: its column, the run's company, or none.
    private func companyValue(of entity: Entity, row: Int) -> String {
        switch entity.key.company {
        case .column(let name): (entity.table.value(row: row, column: name) ?? "").lowercased()
        case .fixed(let value): value.lowercased()
        case .none: ""
        }
    }

    /// The lower-cased key text of `request` in `entity`: `verify`'s as written, or built from an error file's
    /// columns (its `DATAAREAID`, else the run's company).
    private func keyText(of request: RetryRequest, in entity: Entity) throws -> String {
        if let text = request.keyText { return text.lowercased() }
        var parts: [String] = []
        for column in entity.key.columns {
            guard let value = request.keyValues[column.uppercased()] else {
                let columns = request.keyValues.keys.sorted().joined(separator: ", ")
                throw AirlockError(
                    .usage, "the error file has no column \(column), part of the key of \(entity.label) (its columns: \(columns))",
                    at: request.location)
            }
            parts.append(value)
        }
        let companyPart: String?
        switch entity.key.company {
        case .column, .fixed: companyPart = request.keyValues[FOSentKey.companyColumn].flatMap { $0.isEmpty ? nil : $0 } ?? company
        case .none: companyPart = nil
        }
        return FOSentKey.text(company: companyPart, parts: parts).lowercased()
    }

    /// The entity `request` is about: the one it names (any catalog name of it); for an error file that names none,
    /// the entity whose name its file name holds, else the only entity whose key columns it has.
    /// - Throws: `AirlockError(.usage)` when an error file's entity cannot be told.
    private mutating func entityIndex(of request: RetryRequest) throws -> Int? {
        if let named = request.entity, !named.isEmpty {
            let label = catalog.foKey(of: named)
            return entities.firstIndex { $0.label.lowercased() == label || $0.line.entityName.lowercased() == named.lowercased() }
        }
        let file = request.location.file ?? ""
        if let known = entityOfFile[file] { return known }
        func squeezed(_ text: String) -> String { String(text.lowercased().filter { $0.isLetter || $0.isNumber }) }
        let base = squeezed(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent)
        var best: (index: Int, length: Int)?
        for (index, entity) in entities.enumerated() {
            let schema = catalog.foEntity(named: entity.label)
            for name in [entity.label, entity.technicalName, schema?.publicName].compactMap({ $0 }).map(squeezed)
            where !name.isEmpty && base.contains(name) && name.count > (best?.length ?? 0) {
                best = (index, name.count)
            }
        }
        if best == nil {
            let fitting = entities.indices.filter { index in
                entities[index].key.columns.allSatisfy { request.keyValues[$0.uppercased()] != nil }
            }
            if fitting.count == 1 { best = (fitting[0], 0) }
        }
        guard let found = best?.index else {
            throw AirlockError(
                .usage,
                "cannot tell which entity of \(RunLayout.foPackage) the error file holds (its name and its columns fit none or several): give it as --fo-errors ENTITY=FILE",
                at: SourceLocation(file: file))
        }
        entityOfFile[file] = found
        return found
    }
}
