import AirlockKit
import Foundation

/// Simulates importing a conversion's packages into the targets and exporting them again, as `verify` and `retry`
/// are then given them: `to-fo.zip` upserted into the F&O export and `to-sales.zip` into the Sales export
/// (`ExportMerger`, with every column the packages carry), except that a known set of records did not land (they
/// are removed from the export after the import, as a record the import refused would be absent) and a known set
/// landed with another value in one field (as a target's own logic or a later edit would change it).
enum ImportSimulator {
    /// An F&O record, by entity label and the values of its key columns (`ExportMerger.foKeys`, without the company).
    struct FORecord: Hashable {
        var entity: String
        var key: [String]
    }

    /// A Sales record, by entity and record id.
    struct SalesRecord: Hashable {
        var entity: String
        var id: String
    }

    /// What goes wrong in the import: records that do not land, and records whose field lands with another value.
    struct Tampering {
        var droppedFO: Set<FORecord> = []
        var changedFO: [FORecord: (field: String, value: String)] = [:]
        var droppedSales: Set<SalesRecord> = []
        var changedSales: [SalesRecord: (field: String, value: String)] = [:]
    }

    /// Writes `output`: the F&O export at `export` after importing `imported` (a `to-fo.zip`, which may be absent),
    /// with `tampering` applied.
    static func importFO(export: String, imported: String, output: String, tampering: Tampering = Tampering()) throws {
        let merged = output + ".merged.zip"
        defer { try? FileManager.default.removeItem(atPath: merged) }
        try ExportMerger.mergeFO(export: export, imported: imported, output: merged)
        let reader = try FOPackageReader(source: openPackageSource(path: merged))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            let label = line.entityName
            let dropped = tampering.droppedFO.filter { $0.entity == label }
            let changed = tampering.changedFO.filter { $0.key.entity == label }
            if !dropped.isEmpty || !changed.isEmpty {
                let keys = try ExportMerger.keyColumns(label).map { name -> Int in
                    guard let index = table.columnIndex(named: name) else { throw AirlockError(.usage, "\(label) has no column \(name)") }
                    return index
                }
                var rewritten = Table(name: table.name, columnNames: table.columnNames)
                for row in 0..<table.rowCount {
                    var values = (0..<table.columnNames.count).map { table.value(row: row, column: $0) }
                    let record = FORecord(entity: label, key: keys.map { values[$0] ?? "" })
                    if dropped.contains(record) { continue }
                    if let change = changed[record] {
                        guard let index = table.columnIndex(named: change.field) else {
                            throw AirlockError(.usage, "\(label) has no column \(change.field)")
                        }
                        values[index] = change.value
                    }
                    try rewritten.appendRow(values)
                }
                table = rewritten
            }
            files.append(FOEntityFile(entity: line, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
    }

    /// Writes `output`: the Sales export at `export` after importing `imported` (a `to-sales.zip`, which may be
    /// absent), with `tampering` applied.
    static func importSales(export: String, imported: String, output: String, tampering: Tampering = Tampering()) throws {
        let merged = output + ".merged.zip"
        defer { try? FileManager.default.removeItem(atPath: merged) }
        try ExportMerger.mergeSales(export: export, imported: imported, output: merged)
        var package = try CMTPackageReader(source: openPackageSource(path: merged)).read()
        for (index, section) in package.data.entities.enumerated() {
            let dropped = tampering.droppedSales.filter { $0.entity == section.name }
            let changed = tampering.changedSales.filter { $0.key.entity == section.name }
            guard !dropped.isEmpty || !changed.isEmpty, let schema = package.schema.entity(named: section.name) else { continue }
            var rewritten = CMTEntityData(name: section.name, displayName: section.displayName, fieldNames: schema.fieldNames)
            rewritten.otherAttributes = section.otherAttributes
            for row in 0..<section.recordCount {
                var record = section.record(at: row)
                let key = SalesRecord(entity: section.name, id: record.id.lowercased())
                if dropped.contains(key) { continue }
                if let change = changed[key] {
                    if let at = record.fields.firstIndex(where: { $0.name == change.field }) {
                        record.fields[at].value = change.value
                    } else {
                        record.fields.append(CMTFieldValue(name: change.field, value: change.value))
                    }
                }
                try rewritten.append(record)
            }
            package.data.entities[index] = rewritten
        }
        try CMTPackageWriter.write(package, to: output)
    }
}
