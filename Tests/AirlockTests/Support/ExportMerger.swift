import AirlockKit
import Foundation

/// Simulates importing `airlock convert`'s outputs into the systems and exporting them again, so that a second
/// conversion can be run against the "after import" state (the idempotence tests).
///
/// - F&O: every entity of `to-fo.zip` is upserted into the export's table of the same entity label: a row
///   whose key columns (`foKeys`) match an export row case-insensitively replaces that row's values in the
///   columns the import file has (other columns keep the export's value); other rows are appended. Columns the
///   export lacks are added (empty on the export's other rows); an entity the export lacks is added as a new file.
///   With `sameColumns`, columns the export lacks are dropped instead (a re-export with the same data project).
/// - Sales: every entity of `to-sales.zip` is upserted into the export by record id: the given fields replace
///   the export record's fields of the same name, its other fields are kept; new ids are appended; schema
///   fields the export lacks are added; new entities are added with their schema. With `sameColumns`, fields the
///   export's schema lacks are dropped instead (a re-export with the same schema file).
enum ExportMerger {
    /// The natural key of each F&O entity the converter writes (without the company: the tests use one company).
    static let foKeys: [String: [String]] = [
        "Customers V2": ["CUSTOMERACCOUNT"],
        // The dual-write pair holds two companies' customers.
        "Customers V3": ["DATAAREAID", "CUSTOMERACCOUNT"],
        "CDS Contacts": ["CONTACTPERSONPARTYNUMBER", "ASSOCIATEDPARTYNUMBER"],
        "CDS Contacts V2": ["DATAAREAID", "CONTACTPERSONPARTYNUMBER", "ASSOCIATEDCONTACTTYPE", "ASSOCIATEDCONTACTNUMBER"],
        "CDS sales quotation header": ["SALESQUOTATIONNUMBER"],
        "CDS sales quotation lines": ["SALESQUOTATIONNUMBER", "LINECREATIONSEQUENCENUMBER"],
        "CDS sales order headers": ["SALESORDERNUMBER"],
        "CDS sales order lines": ["SALESORDERNUMBER", "LINECREATIONSEQUENCENUMBER"],
    ]

    /// What a merge did, for diagnostics.
    struct Summary: CustomStringConvertible {
        /// Entity → (rows/records replaced, appended).
        var replaced: [String: Int] = [:]
        var appended: [String: Int] = [:]
        /// Entities added as new files / sections.
        var addedEntities: [String] = []
        /// "entity key column: 'old' → ''": export values an import file overwrote with an empty value.
        var clearedValues: [String] = []

        var description: String {
            let entities = Set(replaced.keys).union(appended.keys).sorted()
            let counts = entities.map { "\($0): replaced \(replaced[$0] ?? 0), appended \(appended[$0] ?? 0)" }
            return (counts + ["added entities: \(addedEntities)"]).joined(separator: "; ")
        }
    }

    // MARK: F&O

    /// Writes to `output` the F&O export at `export` with the package at `imported` (a `to-fo.zip`) upserted into it.
    @discardableResult
    static func mergeFO(export: String, imported: String, output: String, sameColumns: Bool = false) throws -> Summary {
        var summary = Summary()
        let exportReader = try FOPackageReader(source: openPackageSource(path: export))
        var lines: [FOManifestEntity] = []
        var tables: [Table] = []
        var encodings: [TextEncoding] = []
        for line in exportReader.manifest.entities {
            let data = try exportReader.readEntity(line)
            lines.append(line)
            tables.append(data.table)
            encodings.append(data.summary.encoding ?? .utf8BOM)
        }

        if FileManager.default.fileExists(atPath: imported) {
            let importReader = try FOPackageReader(source: openPackageSource(path: imported))
            for line in importReader.manifest.entities {
                let incoming = try importReader.readEntity(line).table
                let label = line.entityName
                if let index = lines.firstIndex(where: { $0.entityName.lowercased() == label.lowercased() }) {
                    let keys = try keyColumns(label)
                    tables[index] = try upsert(
                        incoming, into: tables[index], keys: keys, label: label, sameColumns: sameColumns, summary: &summary)
                } else {
                    lines.append(line)
                    tables.append(incoming)
                    encodings.append(.utf8BOM)
                    summary.addedEntities.append(label)
                    summary.appended[label, default: 0] += incoming.rowCount
                }
            }
        }

        var newLines = zip(lines, encodings).map { line, encoding in
            FOManifestLineBuilder.line(
                label: line.entityName, technicalName: line.targetEntity, columns: [],
                sourceFormat: encoding.isUTF16 ? "CSV-Unicode" : "CSV")
        }
        for index in newLines.indices {
            newLines[index].entityMap = tables[index].columnNames.map { FOEntityMapping(field: $0) }
            if let path = lines[index].inputFilePath, !path.isEmpty { newLines[index].inputFilePath = path }
        }
        FOExecutionOrder.assign(&newLines)
        var manifest = exportReader.manifest
        manifest.entities = newLines
        let files = newLines.indices.map { FOEntityFile(entity: newLines[$0], table: tables[$0], encoding: encodings[$0]) }
        try FOPackageWriter.write(header: exportReader.header, manifest: manifest, files: files, to: output)
        return summary
    }

    static func keyColumns(_ label: String) throws -> [String] {
        if let keys = foKeys.first(where: { $0.key.lowercased() == label.lowercased() })?.value { return keys }
        throw AirlockError(.usage, "ExportMerger knows no key for F&O entity \(label)")
    }

    /// `target` with the rows of `incoming` upserted on `keys`.
    static func upsert(
        _ incoming: Table, into target: Table, keys: [String], label: String, sameColumns: Bool = false, summary: inout Summary
    ) throws -> Table {
        var columns = target.columnNames
        func index(_ name: String) -> Int? { columns.firstIndex { $0.uppercased() == name.uppercased() } }
        if !sameColumns {
            for name in incoming.columnNames where index(name) == nil { columns.append(name) }
        }
        var rows = (0..<target.rowCount).map { target.row($0) + [String?](repeating: nil, count: columns.count - target.columnNames.count) }
        let keyPositions = try keys.map { key -> Int in
            guard let position = index(key) else { throw AirlockError(.usage, "\(label) has no key column \(key)") }
            return position
        }
        func key(_ row: [String?]) -> [String] { keyPositions.map { (row[$0] ?? "").lowercased() } }
        var rowByKey: [[String]: Int] = [:]
        for (position, row) in rows.enumerated() where rowByKey[key(row)] == nil { rowByKey[key(row)] = position }
        // Incoming column → merged column (nil: dropped, `sameColumns` only).
        let incomingPositions = incoming.columnNames.map { index($0) }
        for row in 0..<incoming.rowCount {
            var values = [String?](repeating: nil, count: columns.count)
            for (column, position) in incomingPositions.enumerated() {
                if let position { values[position] = incoming.value(row: row, column: column) }
            }
            if let existing = rowByKey[key(values)] {
                for (column, position) in incomingPositions.enumerated() {
                    guard let position else { continue }
                    let new = incoming.value(row: row, column: column) ?? ""
                    let old = rows[existing][position] ?? ""
                    if new.isEmpty, !old.isEmpty {
                        summary.clearedValues.append("\(label) \(key(values).joined(separator: "/")) \(columns[position]): '\(old)' → ''")
                    }
                    rows[existing][position] = incoming.value(row: row, column: column)
                }
                summary.replaced[label, default: 0] += 1
            } else {
                rowByKey[key(values)] = rows.count
                rows.append(values)
                summary.appended[label, default: 0] += 1
            }
        }
        var table = Table(name: target.name, columnNames: columns)
        for row in rows { try table.appendRow(row) }
        return table
    }

    // MARK: Sales

    /// Writes to `output` the Sales export at `export` with the package at `imported` (a `to-sales.zip`) upserted into it.
    @discardableResult
    static func mergeSales(export: String, imported: String, output: String, sameColumns: Bool = false) throws -> Summary {
        var summary = Summary()
        var package = try CMTPackageReader(source: openPackageSource(path: export)).read()
        guard FileManager.default.fileExists(atPath: imported) else {
            try CMTPackageWriter.write(package, to: output)
            return summary
        }
        let incoming = try CMTPackageReader(source: openPackageSource(path: imported)).read()

        // Schema: add missing fields, and entities the export lacks.
        for entity in incoming.schema.entities {
            if let index = package.schema.entities.firstIndex(where: { $0.name == entity.name }) {
                for field in entity.fields where !sameColumns && package.schema.entities[index].field(named: field.name) == nil {
                    var added = field
                    added.updateCompare = nil
                    package.schema.entities[index].fields.append(added)
                }
            } else {
                package.schema.entities.append(entity)
                summary.addedEntities.append(entity.name)
            }
        }
        if var order = package.schema.entityImportOrder {
            for name in incoming.schema.entityImportOrder ?? incoming.schema.entities.map(\.name) where !order.contains(name) {
                order.append(name)
            }
            package.schema.entityImportOrder = order
        }

        // Data: upsert by record id.
        for section in incoming.data.entities {
            let existing = package.data.entity(named: section.name)
            var records = existing.map { data in (0..<data.recordCount).map { data.record(at: $0) } } ?? []
            var position: [String: Int] = [:]
            for (index, record) in records.enumerated() where position[record.id.lowercased()] == nil {
                position[record.id.lowercased()] = index
            }
            let known = Set(package.schema.entity(named: section.name)?.fieldNames ?? [])
            for row in 0..<section.recordCount {
                var record = section.record(at: row)
                record.fields = record.fields.filter { known.contains($0.name) }
                if let index = position[record.id.lowercased()] {
                    for field in record.fields {
                        if let at = records[index].fields.firstIndex(where: { $0.name == field.name }) {
                            records[index].fields[at] = field
                        } else {
                            records[index].fields.append(field)
                        }
                    }
                    summary.replaced[section.name, default: 0] += 1
                } else {
                    position[record.id.lowercased()] = records.count
                    records.append(record)
                    summary.appended[section.name, default: 0] += 1
                }
            }
            guard let schemaEntity = package.schema.entity(named: section.name) else {
                throw AirlockError(.usage, "the merged schema has no entity \(section.name)")
            }
            var merged = CMTEntityData(
                name: section.name, displayName: existing?.displayName ?? section.displayName, fieldNames: schemaEntity.fieldNames)
            if let existing { merged.otherAttributes = existing.otherAttributes }
            for record in records { try merged.append(record) }
            if let index = package.data.entities.firstIndex(where: { $0.name == section.name }) {
                package.data.entities[index] = merged
            } else {
                package.data.entities.append(merged)
            }
        }
        try CMTPackageWriter.write(package, to: output)
        return summary
    }
}
