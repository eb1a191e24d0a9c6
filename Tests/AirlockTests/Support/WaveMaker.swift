import AirlockKit
import Foundation

/// Makes a second wave of an export: some records of one entity changed, some removed, some added, or every
/// entity's records in reverse order (the same records).
enum WaveMaker {
    /// What changed between the waves, by key (F&O: the entity's key column; CMT: the record id).
    struct Changes {
        var changed: [String] = []
        var created: [String] = []
        var removed: [String] = []
    }

    /// Copies the F&O export `export` to `output`: in entity `label`, rows `change` get `column` set to a new value
    /// (`value(row, old value)`, by default `changed ROW`), rows `remove` are dropped and `add` copies of row 0 are
    /// appended under new keys (`keyColumn`).
    static func foWave(
        export: String, output: String, label: String, keyColumn: String, column: String, change: [Int], remove: [Int], add: Int,
        reversed: Bool = false, value: (Int, String?) -> String? = { row, _ in "changed \(row)" }
    ) throws -> Changes {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        var files: [FOEntityFile] = []
        var changes = Changes()
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            let table = data.table
            var rows = (0..<table.rowCount).map { table.row($0) }
            if line.entityName == label, let key = table.columnIndex(named: keyColumn), let target = table.columnIndex(named: column) {
                for row in change {
                    rows[row][target] = value(row, rows[row][target])
                    changes.changed.append(rows[row][key] ?? "")
                }
                for number in 0..<add {
                    var copy = rows[0]
                    copy[key] = "NEW-\(number)"
                    rows.append(copy)
                    changes.created.append("NEW-\(number)")
                }
                for row in remove.sorted(by: >) {
                    changes.removed.append(rows[row][key] ?? "")
                    rows.remove(at: row)
                }
            }
            if reversed { rows.reverse() }
            var rewritten = Table(name: table.name, columnNames: table.columnNames)
            for row in rows { try rewritten.appendRow(row) }
            files.append(FOEntityFile(entity: line, table: rewritten, encoding: data.summary.encoding ?? .utf8BOM))
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
        return changes
    }

    /// Copies the CMT export `export` to `output`: in entity `entity`, records `change` get `field` set to a new
    /// value (`value(row, old value)`, by default `changed ROW`), records `remove` are dropped and `add` copies of
    /// record 0 are appended under new ids.
    static func cmtWave(
        export: String, output: String, entity: String, field: String, change: [Int], remove: [Int], add: Int, reversed: Bool = false,
        value: (Int, String?) -> String = { row, _ in "changed \(row)" }
    ) throws -> Changes {
        let package = try CMTPackageReader(path: export).read()
        var changes = Changes()
        var data = package.data
        data.entities = try package.data.entities.map { section in
            var records = (0..<section.recordCount).map { section.record(at: $0) }
            if section.name == entity {
                for row in change {
                    if let index = records[row].fields.firstIndex(where: { $0.name == field }) {
                        records[row].fields[index].value = value(row, records[row].fields[index].value)
                    } else {
                        records[row].fields.append(CMTFieldValue(name: field, value: value(row, nil)))
                    }
                    changes.changed.append(records[row].id)
                }
                for number in 0..<add {
                    var copy = records[0]
                    copy.id = String(format: "00000000-0000-4000-8000-%012d", number + 1)
                    let primary = package.schema.entity(named: entity)?.primaryIDField ?? ""
                    for index in copy.fields.indices where copy.fields[index].name == primary { copy.fields[index].value = copy.id }
                    records.append(copy)
                    changes.created.append(copy.id)
                }
                for row in remove.sorted(by: >) {
                    changes.removed.append(records[row].id)
                    records.remove(at: row)
                }
            }
            if reversed { records.reverse() }
            var rebuilt = CMTEntityData(
                name: section.name, displayName: section.displayName, fieldNames: [], otherAttributes: section.otherAttributes)
            rebuilt.records = CMTRecordTable(name: section.name, columnNames: section.records.values.columnNames)
            for record in records { try rebuilt.append(record) }
            rebuilt.manyToMany = section.manyToMany
            return rebuilt
        }
        try CMTPackageWriter.write(CMTPackage(schema: package.schema, data: data), to: output)
        return changes
    }

    /// Copies the F&O export `export` to `output` with the rows of each entity `edits` names rewritten: line breaks in
    /// its values become spaces first (so that row `r` is on line `r + 2` of its file), then its edit applies
    /// (`table`, the entity's table as read, gives the column indexes).
    static func foRows(export: String, output: String, edits: [String: (inout [[String?]], Table) -> Void]) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            if let edit = edits[line.entityName] {
                var rows = (0..<table.rowCount).map { row in
                    table.row(row).map { value in
                        value.map { $0.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ") }
                    }
                }
                edit(&rows, table)
                var rewritten = Table(name: table.name, columnNames: table.columnNames)
                for row in rows { try rewritten.appendRow(row) }
                table = rewritten
            }
            files.append(FOEntityFile(entity: line, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
    }

    /// Copies the CMT export `export` to `output` with the records of each entity `edits` names rewritten by its edit.
    static func cmtRecords(export: String, output: String, edits: [String: (inout [CMTRecord]) -> Void]) throws {
        let package = try CMTPackageReader(path: export).read()
        var data = package.data
        data.entities = try package.data.entities.map { section in
            guard let edit = edits[section.name] else { return section }
            var records = (0..<section.recordCount).map { section.record(at: $0) }
            edit(&records)
            var rebuilt = CMTEntityData(
                name: section.name, displayName: section.displayName, fieldNames: [], otherAttributes: section.otherAttributes)
            rebuilt.records = CMTRecordTable(name: section.name, columnNames: section.records.values.columnNames)
            for record in records { try rebuilt.append(record) }
            rebuilt.manyToMany = section.manyToMany
            return rebuilt
        }
        try CMTPackageWriter.write(CMTPackage(schema: package.schema, data: data), to: output)
    }
}
