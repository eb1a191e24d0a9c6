import AirlockIO
import AirlockModel
import AirlockPackages

/// The F&O side of a rehearsal (`ImportRehearsal`): the export's files with `to-fo.zip` upserted into them.
struct RehearsalFOSide {
    private struct File {
        var line: FOManifestEntity
        var table: Table
        var encoding: TextEncoding
    }

    /// The F&O company column.
    private static let company = "DATAAREAID"

    private let reader: FOPackageReader
    private var files: [File]
    private let sent: [(label: String, table: Table)]
    private let catalog: SchemaCatalog

    /// The records of `to-fo.zip`, each once.
    let candidates: [RehearsalCandidate]
    /// Those with a text field someone could change (`driftColumn`).
    let driftable: Set<RehearsalCandidate>
    /// Those the export holds already with the values sent, in the columns it has (a retry's parents, which landed
    /// before): losing one would show nothing.
    let held: Set<RehearsalCandidate>

    init(export: String, sent path: String, codePage: SingleByteCodePage?, catalog: SchemaCatalog) throws {
        self.catalog = catalog
        let reader = try FOPackageReader(source: openPackageSource(path: export), fileEncoding: .option(codePage), countsAs: .checked)
        self.reader = reader
        files = try reader.manifest.entities.map { line in
            let data = try reader.readEntity(line)
            // A file read in a code page is written back as UTF-8 with a BOM (what the manifest's CSV format reads too).
            let encoding = data.summary.codePage == nil ? data.summary.encoding ?? .utf8BOM : .utf8BOM
            return File(line: line, table: data.table, encoding: encoding)
        }
        let sentReader = try FOPackageReader(source: openPackageSource(path: path), countsAs: .checked)
        sent = try sentReader.manifest.entities.map { line in (catalog.foLabel(of: line.entityName), try sentReader.readEntity(line).table)
        }
        var candidates: [RehearsalCandidate] = []
        var driftable: Set<RehearsalCandidate> = []
        var held: Set<RehearsalCandidate> = []
        for (label, table) in sent {
            let key = Self.keyColumns(label, table: table, catalog: catalog)
            let exported = files.first { catalog.isSameFOEntity($0.line.entityName, label) }?.table
            let columns = Self.driftColumns(label, columns: exported?.columnNames ?? table.columnNames, key: key, catalog: catalog)
            let rowByKey = exported.map { Self.rowByKey($0, key: key) } ?? [:]
            let positions = table.columnNames.map { exported?.columnIndex(named: $0) }
            for row in 0..<table.rowCount {
                let candidate = RehearsalCandidate(side: "F&O", entity: label, key: Self.key(table, row: row, columns: key))
                candidates.append(candidate)
                if let exported, let at = rowByKey[candidate.key.lowercased()],
                    Self.holds(exported, row: at, asSent: table, row: row, positions: positions)
                {
                    held.insert(candidate)
                }
                let text = columns.contains { column in
                    !(table.columnIndex(named: column).flatMap { table.value(row: row, column: $0) } ?? "").isEmpty
                }
                if text { driftable.insert(candidate) }
            }
        }
        self.candidates = candidates
        self.driftable = driftable
        self.held = held
    }

    /// The columns of `columns` someone could edit after the import: text fields that are no key part and name no
    /// other record.
    private static func driftColumns(_ label: String, columns: [String], key: [String], catalog: SchemaCatalog) -> [String] {
        let keyNames = Set((key + [company]).map { $0.uppercased() })
        let schema = catalog.foEntity(named: label)
        return columns.filter { name in
            guard !keyNames.contains(name.uppercased()), case .string? = schema?.field(named: name)?.type else { return false }
            return !catalog.foEntities.contains { $0.isReferenced(by: name) }
        }
    }

    /// Writes the export after the import to `path`, losing and changing the records picked; returns what it did.
    mutating func write(lost: Set<RehearsalCandidate>, drifted: Set<RehearsalCandidate>, to path: String) throws -> [RehearsalChange] {
        var changes: [RehearsalChange] = []
        for (label, incoming) in sent {
            let index = files.firstIndex { catalog.isSameFOEntity($0.line.entityName, label) }
            var target = index.map { files[$0].table } ?? Table(name: label, columnNames: incoming.columnNames)
            let key = Self.keyColumns(label, table: incoming, catalog: catalog)
            var rows = (0..<target.rowCount).map { target.row($0) }
            var rowByKey = Self.rowByKey(target, key: key)
            // Incoming column → the export's (a re-export has the data project's columns only).
            let positions = incoming.columnNames.map { target.columnIndex(named: $0) }
            let editable = Set(Self.driftColumns(label, columns: target.columnNames, key: key, catalog: catalog))
            for row in 0..<incoming.rowCount {
                let recordKey = Self.key(incoming, row: row, columns: key)
                let candidate = RehearsalCandidate(side: "F&O", entity: label, key: recordKey)
                if lost.contains(candidate) {
                    changes.append(RehearsalChange(side: "F&O", entity: label, key: recordKey, kind: .lost))
                    continue
                }
                let at: Int
                if let existing = rowByKey[recordKey.lowercased()] {
                    at = existing
                } else {
                    at = rows.count
                    rowByKey[recordKey.lowercased()] = at
                    rows.append([String?](repeating: nil, count: target.columnNames.count))
                }
                for (column, position) in positions.enumerated() {
                    guard let position else { continue }
                    rows[at][position] = incoming.value(row: row, column: column)
                }
                guard drifted.contains(candidate) else { continue }
                // The first text field with a value that is no key part: someone edits it after the import.
                let field = target.columnNames.indices.first { position in
                    editable.contains(target.columnNames[position]) && !(rows[at][position] ?? "").isEmpty
                }
                if let field {
                    let from = rows[at][field] ?? ""
                    rows[at][field] = from + " (edited)"
                    changes.append(
                        RehearsalChange(
                            side: "F&O", entity: label, key: recordKey, kind: .drifted, field: target.columnNames[field], from: from,
                            to: from + " (edited)"))
                }
            }
            var merged = Table(name: target.name, columnNames: target.columnNames)
            for row in rows { try merged.appendRow(row) }
            target = merged
            if let index {
                files[index].table = target
            } else {
                let line = FOManifestLineBuilder.line(label: label, technicalName: nil, columns: target.columnNames, sourceFormat: "CSV")
                files.append(File(line: line, table: target, encoding: .utf8BOM))
            }
        }
        var lines = files.map(\.line)
        FOExecutionOrder.assign(&lines)
        var manifest = reader.manifest
        manifest.entities = lines
        try FOPackageWriter.write(
            header: reader.header, manifest: manifest,
            files: zip(lines, files).map { FOEntityFile(entity: $0, table: $1.table, encoding: $1.encoding) }, to: path)
        return changes
    }

    /// The key columns of entity `label` in `table`: the catalog's, with the company when the table has it.
    private static func keyColumns(_ label: String, table: Table, catalog: SchemaCatalog) -> [String] {
        let key = catalog.foEntity(named: label)?.keyFields ?? [table.columnNames.first ?? ""]
        let company = table.columnIndex(named: Self.company) != nil ? [Self.company] : []
        return company + key.filter { $0.uppercased() != Self.company }
    }

    /// Whether row `at` of `export` holds row `row` of `sent` as sent, in the columns the export has (`positions`: each
    /// column of `sent`'s in `export`).
    private static func holds(_ export: Table, row at: Int, asSent sent: Table, row: Int, positions: [Int?]) -> Bool {
        positions.indices.allSatisfy { column in
            positions[column].map { (export.value(row: at, column: $0) ?? "") == (sent.value(row: row, column: column) ?? "") } ?? true
        }
    }

    /// The first row of each key of `table` (lowercased, as `key(_:row:columns:)` joins its parts).
    private static func rowByKey(_ table: Table, key: [String]) -> [String: Int] {
        var rowByKey: [String: Int] = [:]
        for row in 0..<table.rowCount {
            let value = Self.key(table, row: row, columns: key).lowercased()
            if rowByKey[value] == nil { rowByKey[value] = row }
        }
        return rowByKey
    }

    private static func key(_ table: Table, row: Int, columns: [String]) -> String {
        columns.map { column in table.columnIndex(named: column).flatMap { table.value(row: row, column: $0) } ?? "" }
            .joined(separator: "/")
    }
}
