import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages

/// Builds `to-fo.zip` from the flows that write F&O entities: one CSV file (UTF-8 with BOM) per entity that has
/// records to write, manifest lines in execution order (customers before contact persons, headers before
/// lines), each file's rows in the order its staging table loads them (`FOLoadOrderSort`), and the package header.
enum FOOutputBuilder {
    /// Writes `to-fo.zip` of `outputs` to `path`: the entity files in the order flows first write each entity, records
    /// merged when several flows write one entity (accounts and contacts-to-customers both write Customers V2), each
    /// file's table built when its entry is written and let go after (`file(_:catalog:)`); false (and nothing written)
    /// when no flow writes a record.
    static func write(_ outputs: [FlowOutput], catalog: SchemaCatalog, description: String, to path: String) throws -> Bool {
        let files = layout(outputs, catalog: catalog).filter { file in file.parts.contains { $0.written.contains(true) } }
        let written = try write(files.map { ($0.label, $0.columns) }, catalog: catalog, description: description, to: path) { index in
            try table(of: files[index], catalog: catalog)
        }
        return written != nil
    }

    /// The table of one entity file of `layout`: its flows' written records, in the order its staging table loads them.
    static func table(of file: (label: String, columns: [String], parts: [FlowOutput]), catalog: SchemaCatalog) throws -> Table {
        var table = Table(name: file.label, columnNames: file.columns)
        if file.parts.count == 1, let part = file.parts.first {
            // One flow writes the file: its written records are shown, not copied (the writer reads them in place).
            let accepted = part.accepted
            let columns = file.columns.map { name in
                accepted.columnIndex(named: name).map { accepted.columns[$0] } ?? TableColumn(name: name, nullCount: accepted.rowCount)
            }
            let whole = Table(name: file.label, columns: columns)
            table = part.written.allSatisfy { $0 } ? whole : whole.showing(rows: part.written.indices.filter { part.written[$0] })
        } else {
            for part in file.parts { try appendWritten(part, to: &table) }
        }
        // A row before the rows that name it, as the staging table loads them (a customer before its invoicees).
        return try FOLoadOrderSort.sorted(table, entity: catalog.foEntity(named: file.label))
    }

    /// Each entity file's label, columns and the flows that write it, in the order flows first write each entity,
    /// whether or not they have records to write: the layout every run of the same flows shares (a shard's too).
    static func layout(_ outputs: [FlowOutput], catalog: SchemaCatalog) -> [(label: String, columns: [String], parts: [FlowOutput])] {
        var order: [String] = []
        var grouped: [String: [FlowOutput]] = [:]
        for output in outputs where output.template.target.side == .fo {
            let label = catalog.foLabel(of: output.template.target.entity)
            if grouped[label] == nil { order.append(label) }
            grouped[label, default: []].append(output)
        }
        return order.map { label in
            let parts = grouped[label] ?? []
            var columns: [String] = []
            for part in parts {
                for column in part.layout.columns where !FlowLayout.isBookkeeping(column) && !columns.contains(column) {
                    columns.append(column)
                }
            }
            return (label, columns, parts)
        }
    }

    /// Appends the written records of `part` to `table` (an entity file's columns), as bytes, column by column.
    static func appendWritten(_ part: FlowOutput, to table: inout Table) throws {
        let positions = table.columnNames.map { part.accepted.columnIndex(named: $0) }
        let accepted = part.accepted
        for row in 0..<accepted.rowCount where part.written[row] {
            try table.appendRow { index, append in
                guard let position = positions[index] else { return try append(nil) }
                try accepted.withValue(row: row, column: position) { try append($0) }
            }
        }
    }

    /// Writes the package to `path`; false (and nothing written) when no entity has records.
    static func write(_ files: [(label: String, table: Table)], catalog: SchemaCatalog, description: String, to path: String) throws -> Bool
    {
        let written = try write(files.map { ($0.label, $0.table.columnNames) }, catalog: catalog, description: description, to: path) {
            files[$0].table
        }
        return written != nil
    }

    /// Writes the package of `files` to `path`, each file's table produced by `table` (given the file's index) when
    /// its entry is written and let go after; returns the entity files' member names in the order written, nil (and
    /// nothing written) when there is no file. `form` `.plainMembers` writes the members into the folder `path`.
    @discardableResult
    static func write(
        _ files: [(label: String, columns: [String])], catalog: SchemaCatalog, description: String, to path: String,
        form: PackageForm = .zip, table: (Int) throws -> Table
    ) throws -> [String]? {
        guard !files.isEmpty else { return nil }
        var lines = files.map { file in
            FOManifestLineBuilder.line(
                label: file.label, technicalName: catalog.foEntity(named: file.label)?.technicalName, columns: file.columns,
                sourceFormat: "CSV")
        }
        FOExecutionOrder.assign(&lines)
        let manifest = FOManifest(
            definitionGroupName: "Airlock conversion", description: description, entities: lines, projectCategory: 0, hasRulesData: true)
        return try FOPackageWriter.write(
            header: FOPackageHeader(description: description), manifest: manifest, entities: lines, to: path, form: form
        ) { index, sink in
            try FOPackageWriter.writeCSV(FOEntityFile(entity: lines[index], table: try table(index), encoding: .utf8BOM), to: sink)
        }
    }
}
