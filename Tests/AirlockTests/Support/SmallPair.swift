import AirlockKit
import Foundation
import Testing

/// A small generated pair (`SampleGenerator`, four accounts unless asked) in a scratch folder, for a test that states
/// what one rule or flow writes: its exports edited record by record, the bundled templates exported and edited
/// where the test sets a rule's parameter, and the conversion's outputs read back.
struct SmallPair {
    let folder: String
    let set: TemplateSetName
    /// The F&O and Sales exports, as last edited.
    private(set) var fo: String
    private(set) var sales: String
    private var edits = 0

    init(accounts: Int = 4, seed: UInt64 = 1, set: TemplateSetName = .standard) throws {
        folder = try Fixture.scratchDirectory("airlock-small-pair")
        self.set = set
        _ = try SampleGenerator.write(to: folder, accounts: accounts, seed: seed, templates: set)
        fo = folder + "/" + RunLayout.foExport
        sales = folder + "/" + RunLayout.salesExport
    }

    private mutating func nextPath(_ name: String) -> String {
        edits += 1
        return folder + "/edit-\(edits)-" + name
    }

    /// The records of Sales entity `entity` in the Sales export, as last edited.
    func exportRecords(_ entity: String) throws -> [CMTRecord] {
        let package = try CMTPackageReader(path: sales).read()
        let section = try #require(package.data.entity(named: entity), "the Sales export has no \(entity)")
        return (0..<section.recordCount).map { section.record(at: $0) }
    }

    // MARK: - Editing the exports

    /// Sets `values` (column → value) on the rows of F&O entity `label` that hold every value of `key`; at least one
    /// row must.
    mutating func setFO(_ label: String, where key: [String: String], _ values: [String: String]) throws {
        try editFO(label, where: key) { table, record in
            var record = record
            for (column, value) in values {
                record[try #require(table.columnIndex(named: column), "\(label) has \(column)")] = value
            }
            return [record]
        }
    }

    /// Writes each row of F&O entity `label` that holds every value of `key` `copies` more times, right after itself
    /// (every column the same but those `changing` sets on the copies); at least one row must.
    mutating func repeatFO(_ label: String, where key: [String: String], copies: Int, changing: [String: String] = [:]) throws {
        try editFO(label, where: key) { table, record in
            var copy = record
            for (column, value) in changing { copy[try #require(table.columnIndex(named: column), "\(label) has \(column)")] = value }
            return [record] + Array(repeating: copy, count: copies)
        }
    }

    /// Replaces each row of F&O entity `label` that holds every value of `key` with the rows `edit` makes of it (its
    /// table and values); at least one row must hold them.
    private mutating func editFO(
        _ label: String, where key: [String: String], _ edit: (Table, [String?]) throws -> [[String?]]
    ) throws {
        let reader = try FOPackageReader(source: openPackageSource(path: fo))
        var files: [FOEntityFile] = []
        var matched = 0
        for line in reader.manifest.entities {
            let data = try reader.readEntity(line)
            var table = data.table
            if line.entityName == label {
                var edited = Table(name: table.name, columnNames: table.columnNames)
                for row in 0..<table.rowCount {
                    let record = (0..<table.columnNames.count).map { table.value(row: row, column: $0) }
                    var records = [record]
                    if key.allSatisfy({ table.value(row: row, column: $0.key) == $0.value }) {
                        matched += 1
                        records = try edit(table, record)
                    }
                    for record in records { try edited.appendRow(record) }
                }
                table = edited
            }
            files.append(FOEntityFile(entity: line, table: table, encoding: data.summary.encoding ?? .utf8BOM))
        }
        #expect(matched > 0, "no \(label) row holds \(key)")
        let output = nextPath(RunLayout.foExport)
        try FOPackageWriter.write(header: reader.header, manifest: reader.manifest, files: files, to: output)
        fo = output
    }

    /// Sets `values` (field → value; a field a record lacks is added, a nil value removes the field) on the records of
    /// Sales entity `entity` that hold every value of `key` (a lookup holds its record's name, `lookupentityname`); at
    /// least one record must.
    mutating func setSales(_ entity: String, where key: [String: String], _ values: [String: String?]) throws {
        try editSales(entity, where: key) { record in
            for (field, value) in values.sorted(by: { $0.key < $1.key }) {
                let pattern = #"(<field name="\#(field)" value=")[^"]*(")"#
                if let value, record.range(of: pattern, options: .regularExpression) != nil {
                    record = record.replacingOccurrences(of: pattern, with: "$1\(value)$2", options: .regularExpression)
                } else if let value {
                    let end = try #require(record.range(of: "</record>", options: .backwards))
                    record.replaceSubrange(end, with: "  <field name=\"\(field)\" value=\"\(value)\" />\n      </record>")
                } else {
                    record = record.replacingOccurrences(
                        of: #"\s*<field name="\#(field)" [^>]*/>"#, with: "", options: .regularExpression)
                }
            }
        }
    }

    /// Adds a lookup field `field` pointing to record `id` of `entity`, named `name` (`lookupentityname`), to the records
    /// of Sales entity `entity` that hold every value of `key` (replacing the field where they have it).
    mutating func addSalesLookup(
        _ recordEntity: String, where key: [String: String], field: String, id: String, entity: String, name: String
    ) throws {
        try editSales(recordEntity, where: key) { record in
            record = record.replacingOccurrences(of: #"\s*<field name="\#(field)" [^>]*/>"#, with: "", options: .regularExpression)
            let end = try #require(record.range(of: "</record>", options: .backwards))
            record.replaceSubrange(
                end,
                with:
                    "  <field name=\"\(field)\" value=\"\(id)\" lookupentity=\"\(entity)\" lookupentityname=\"\(name)\" />\n      </record>"
            )
        }
    }

    /// Removes the records of Sales entity `entity` that hold every value of `key`; at least one must.
    mutating func removeSales(_ entity: String, where key: [String: String]) throws {
        try editSales(entity, where: key) { $0 = "" }
    }

    /// Applies `edit` to the text (`<record …>…</record>`) of each record of `entity` that holds every value of `key`.
    private mutating func editSales(_ entity: String, where key: [String: String], _ edit: (inout String) throws -> Void) throws {
        let source = try openPackageSource(path: sales)
        var entries: [String: [UInt8]] = [:]
        for member in source.members { entries[member.name] = try source.open(member.name).readAll() }
        var data = String(decoding: try #require(entries["data.xml"]), as: UTF8.self)
        let start = try #require(data.range(of: "<entity name=\"\(entity)\""), "the Sales export has no \(entity)")
        let end = try #require(data.range(of: "</entity>", range: start.upperBound..<data.endIndex))
        var section = ""
        var rest = data[start.lowerBound..<end.upperBound]
        var matched = 0
        while let open = rest.range(of: "<record id="), let close = rest.range(of: "</record>", range: open.upperBound..<rest.endIndex) {
            section += rest[rest.startIndex..<open.lowerBound]
            var record = String(rest[open.lowerBound..<close.upperBound])
            let holds = key.allSatisfy { field, value in
                record.contains("<field name=\"\(field)\" value=\"\(value)\"")
                    || record.range(of: #"<field name="\#(field)" [^>]*lookupentityname="\#(value)""#, options: .regularExpression) != nil
            }
            if holds {
                matched += 1
                try edit(&record)
            }
            section += record
            rest = rest[close.upperBound...]
        }
        section += rest
        #expect(matched > 0, "no \(entity) record holds \(key)")
        data.replaceSubrange(start.lowerBound..<end.upperBound, with: section)
        entries["data.xml"] = Array(data.utf8)
        sales = try ZipFixture.make(nextPath(RunLayout.salesExport), entries: entries)
    }

    // MARK: - Templates

    /// The set's bundled templates exported into a new folder of the pair, with `edit` applied to the text of flow
    /// `flow`'s template; the folder.
    func templates(editing flow: String, _ edit: (inout String) throws -> Void) throws -> String {
        let directory = try Fixture.scratchDirectory("airlock-small-pair-templates")
        _ = try TemplateExporter.export(to: directory, set: set)
        let path = directory + "/\(flow).yaml"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        try edit(&text)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return directory
    }

    // MARK: - Converting

    /// A conversion of the pair: its output folder and report.
    struct Run {
        var out: String
        var report: ConversionReport

        /// The rows of F&O entity `label` in `to-fo.zip`, by column.
        func foRows(_ label: String) throws -> [[String: String]] {
            let table = try #require(try ConvertFixture.foTables(out + "/" + RunLayout.foPackage)[label], "to-fo.zip has no \(label)")
            return (0..<table.rowCount).map { row in
                var values: [String: String] = [:]
                for (column, name) in table.columnNames.enumerated() { values[name] = table.value(row: row, column: column) }
                return values
            }
        }

        /// The records of Sales entity `entity` in `to-sales.zip` (none when it has no such entity).
        func salesRecords(_ entity: String) throws -> [CMTRecord] {
            let package = try CMTPackageReader(path: out + "/" + RunLayout.salesPackage).read()
            guard let section = package.data.entity(named: entity) else { return [] }
            return (0..<section.recordCount).map { section.record(at: $0) }
        }

        /// The reject lines of flow `flow` (none when it rejected nothing).
        func rejects(_ flow: String) throws -> [[String: String]] {
            let path = out + "/rejects/\(flow).csv"
            guard FileManager.default.fileExists(atPath: path) else { return [] }
            return try ConvertFixture.csvRows(path)
        }
    }

    /// Converts the pair (as it is now) with the set's bundled templates, or those in `templates`, into a new output
    /// folder of the pair; `configure` sets any other option.
    mutating func convert(
        templates: String? = nil, company: String = "USMF", master: String? = nil, configure: (inout ConversionOptions) -> Void = { _ in }
    ) throws -> Run {
        let out = nextPath("out")
        var options = ConversionOptions(
            foPath: fo, salesPath: sales, outputDirectory: out, company: company, templatesDirectory: templates,
            templateSet: templates == nil && set != .standard ? set.rawValue : nil, master: master)
        configure(&options)
        let result = try Converter.run(options, catalog: SchemaCatalogLoader.bundled())
        return Run(out: out, report: result.report)
    }
}
