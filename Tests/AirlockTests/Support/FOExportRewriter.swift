import AirlockKit
import Foundation

/// Writes a copy of an F&O export with one column's values rewritten, as another data project (another locale,
/// a spreadsheet re-save) would have exported the same records.
enum FOExportRewriter {
    /// Copies `export` to `output`, with `rewrite` applied to every value of column `column` of entity `label`.
    static func rewrite(export: String, output: String, label: String, column: String, _ rewrite: (String) -> String) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            if line.entityName == label, let index = table.columnIndex(named: column) {
                var rewritten = Table(name: table.name, columnNames: table.columnNames)
                for row in 0..<table.rowCount {
                    var values = (0..<table.columnNames.count).map { table.value(row: row, column: $0) }
                    values[index] = values[index].map(rewrite)
                    try rewritten.appendRow(values)
                }
                table = rewritten
            }
            files.append(FOEntityFile(entity: line, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
    }

    /// Copies `export` to `output` without entity `label`, manifest line and file: an export whose data project left
    /// the entity out.
    static func dropping(_ label: String, export: String, output: String) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        var manifest = reader.manifest
        manifest.entities.removeAll { $0.entityName == label }
        let files = try manifest.entities.map { line in
            let data = try reader.readEntity(line)
            return FOEntityFile(entity: line, table: data.table, encoding: data.summary.encoding ?? .utf8BOM)
        }
        try FOPackageWriter.write(header: reader.header, manifest: manifest, files: files, to: output)
    }

    /// Copies `export` to `output` with entity `label`'s file lacking column `column`: an export whose data project's
    /// field mapping left the field out.
    static func droppingColumn(_ column: String, of label: String, export: String, output: String) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: export))
        var files: [FOEntityFile] = []
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            if line.entityName == label, let dropped = table.columnIndex(named: column) {
                let kept = table.columnNames.indices.filter { $0 != dropped }
                var rewritten = Table(name: table.name, columnNames: kept.map { table.columnNames[$0] })
                for row in 0..<table.rowCount { try rewritten.appendRow(kept.map { table.value(row: row, column: $0) }) }
                table = rewritten
            }
            files.append(FOEntityFile(entity: line, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
    }

    /// `M/d/yyyy h:mm:ss AM` (an en-US export's date-time) as `locale` or ISO 8601 (`nil`) writes it.
    static func date(_ enUS: String, as locale: FOLocale?, seconds: Bool = true) -> String {
        guard case .date(let date) = FODateGrammar.read(enUS, locale: .enUS) else { return enUS }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let time = "\(pad(date.hour)):\(pad(date.minute))" + (seconds ? ":\(pad(date.second))" : "")
        switch locale {
        case nil: return "\(date.year)-\(pad(date.month))-\(pad(date.day))T\(time)"
        case .enUS?: return enUS
        case .enGB?: return "\(pad(date.day))/\(pad(date.month))/\(date.year) \(time)"
        case .deDE?: return "\(pad(date.day)).\(pad(date.month)).\(date.year) \(time)"
        }
    }
}
