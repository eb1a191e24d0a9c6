import AirlockIO
import AirlockMapping
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Reads the exports for one shard without holding them whole: a first pass streams the link values of every tree
/// record (`ShardOwnership`), a second reads each table keeping only the tree records this shard owns (reference
/// tables whole). Memory holds the link values during the first pass, then what the shard keeps and, while a Sales
/// section is read, that section.
enum ShardInputReader {
    /// The shard's inputs, where its rows stood in the exports, and what it kept.
    /// A record the key register holds links by its registered key too (the key an F&O record of its tree has), so that
    /// a record whose export does not hold the key joins its F&O records' tree as it does in the whole run.
    static func read(
        _ options: ConversionOptions, templates: TemplateSet, catalog: SchemaCatalog, trees: ShardTrees, selection: ShardSelection,
        register: KeyRegister?, progress: @Sendable (String) -> Void
    ) throws -> (inputs: ConversionInputs, rows: ShardRowMap, summary: ShardOwnership.Summary) {
        let sources = try ConversionInputs.sources(options)
        let foReader = try ConversionInputs.openFO(sources.fo, fileEncoding: options.foFileEncoding)
        let lines = ConversionInputs.usedEntities(foReader, templates: templates, catalog: catalog)
        let probe = FOExport(reader: nil, catalog: catalog)
        let locale = options.foLocale.flatMap(FOLocale.init(name:))

        // Pass 1: the link values of every tree record, both exports (a first look: the progress lines count the
        // records as read in pass 2).
        progress("shard \(selection): reading the exports' links")
        let linkReader = try FOPackageReader(source: sources.fo, fileEncoding: options.foFileEncoding, countsAs: .checked)
        var ownership = ShardOwnership()
        var salesTables: [Int: Int] = [:]  // section number → table number
        var section = 0
        _ = try CMTPackageReader(source: sources.sales, countsAs: .checked).readChunks(chunkRecords: 4096, valueProblems: .collect) {
            chunk, isLast in
            defer { if isLast { section += 1 } }
            guard let keys = trees.salesEntities[chunk.name] else { return }
            if salesTables[section] == nil { salesTables[section] = ownership.beginTable("sales:\(chunk.name):\(section)") }
            try addSalesLinks(
                chunk.records.values, entity: chunk.name, keys: keys, trees: trees, catalog: catalog, register: register, to: &ownership)
        }
        var foTables: [Int: Int] = [:]  // manifest line → table number
        for (index, line) in lines.enumerated() {
            guard let links = trees.foLinks(label: probe.label(of: line), catalog: catalog) else { continue }
            foTables[index] = ownership.beginTable("fo:\(probe.label(of: line))")
            var consumer = LinkConsumer(map: FOColumnMap(line.entityMap ?? []), links: Set(links), ownership: ownership)
            ownership = ShardOwnership()
            _ = try linkReader.scan(line, into: &consumer)
            ownership = consumer.ownership
        }
        let (owned, summary) = ownership.ownedRows(selection)
        ownership = ShardOwnership()

        // Pass 2: each table, keeping the owned tree records.
        progress("shard \(selection): reading the records it owns")
        var map: [String: [Int]] = [:]
        var entities: [CMTEntityData] = []
        section = 0
        let salesReader = try CMTPackageReader(source: sources.sales)
        var data = try salesReader.readEntities(valueProblems: .collect) { entity in
            defer { section += 1 }
            guard let table = salesTables[section] else { return entities.append(entity) }
            let rows = owned[table]
            entities.append(try ShardOwnership.selecting(rows, of: entity))
            let key = ShardRowMap.key(side: .sales, entity: entity.name, catalog: catalog)
            if map[key] == nil { map[key] = rows }
        }
        data.entities = entities
        var tables: [(String, Table)] = []
        for (index, line) in lines.enumerated() {
            let label = probe.label(of: line)
            guard let table = foTables[index] else {
                let read = try foReader.readEntity(line).table
                tables.append((label, try FODecimalNormalizer.normalized(read, label: label, catalog: catalog, locale: locale)))
                continue
            }
            let rows = owned[table]
            var consumer = KeptRecordsConsumer(
                name: line.entityName, map: FOColumnMap(line.entityMap ?? []), kept: rows, entity: catalog.foEntity(named: label))
            _ = try foReader.scan(line, into: &consumer)
            let separator = locale?.decimalSeparator ?? consumer.learner?.decide()
            tables.append(
                (
                    label,
                    try FODecimalNormalizer.normalized(consumer.table, label: label, catalog: catalog, locale: locale, separator: separator)
                ))
            map[ShardRowMap.key(side: .fo, entity: label, catalog: catalog)] = rows
        }
        let inputs = ConversionInputs(foReader: foReader, foTables: tables, sales: CMTPackage(schema: salesReader.schema, data: data))
        return (inputs, ShardRowMap(rows: map), summary)
    }

    /// Adds each record of `records` (of Sales tree entity `entity`, business keys `keys`) to the current table of
    /// `ownership` with its link values: its id, business keys and lookups to tree entities, and the key `register`
    /// holds for it.
    /// - Throws: `ShardOwnership.addRow`'s error.
    static func addSalesLinks(
        _ records: Table, entity: String, keys: [String], trees: ShardTrees, catalog: SchemaCatalog, register: KeyRegister?,
        to ownership: inout ShardOwnership
    ) throws {
        let positions = salesLinkColumns(records, entity: entity, keys: keys, trees: trees, catalog: catalog)
        let registered = register.flatMap { $0.holdsRecords(of: entity) ? $0 : nil }
        let ids = records.columnIndex(named: CMTRecordTable.idColumn)
        for row in 0..<records.rowCount {
            let key = registered.flatMap { register in
                ids.flatMap { records.value(row: row, column: $0) }.flatMap { register.identity(of: entity, id: $0)?.key }
            }
            try ownership.addRow { add in
                for position in positions { records.withValue(row: row, column: position) { add($0) } }
                if let key { Array(key.utf8).withUnsafeBytes { add($0) } }
            }
        }
    }

    /// Adds each row of F&O table `table` to the current table of `ownership` with the values of its columns `links`.
    /// - Throws: `ShardOwnership.addRow`'s error.
    static func addFOLinks(_ table: Table, links: [String], to ownership: inout ShardOwnership) throws {
        let wanted = Set(links)
        let positions = table.columns.indices.filter { wanted.contains(table.columns[$0].name) }
        for row in 0..<table.rowCount {
            try ownership.addRow { add in
                for position in positions { table.withValue(row: row, column: position) { add($0) } }
            }
        }
    }

    /// The columns that link a Sales record of `entity`: its id, its business keys, and its lookups to tree entities.
    private static func salesLinkColumns(_ records: Table, entity: String, keys: [String], trees: ShardTrees, catalog: SchemaCatalog)
        -> [Int]
    {
        let schema = catalog.salesEntity(named: entity)
        var names = [CMTRecordTable.idColumn] + keys
        for name in records.columnNames where !names.contains(name) {
            let targets = schema?.attribute(named: name)?.lookupTargets ?? []
            if targets.contains(where: { trees.salesEntities[$0] != nil }) { names.append(name) }
        }
        return names.compactMap { records.columnIndex(named: $0) }
    }

    /// Streams an F&O file's link columns into the ownership.
    private struct LinkConsumer: FORecordConsumer {
        let map: FOColumnMap
        let links: Set<String>
        var ownership: ShardOwnership
        var positions: [Int] = []

        mutating func addColumn(_ name: String, at index: Int) throws {
            if links.contains(map.entityField(for: name) ?? name) { positions.append(index) }
        }

        mutating func consume(_ record: some FORecordView, line: Int) throws {
            let positions = positions
            try ownership.addRow { add in
                for position in positions where position < record.count { record.withValue(position) { add($0) } }
            }
        }
    }

    /// Reads an F&O file into a table of the records `kept` names (ascending), learning the file's decimal separator
    /// from all of its records as `convert` does on a whole file.
    private struct KeptRecordsConsumer: FORecordConsumer {
        let map: FOColumnMap
        let kept: [Int]
        let entity: FOEntitySchema?
        var table: Table
        var learner: FODecimalSeparatorLearner?
        private var types: [FOFieldType?] = []
        private var record = 0
        private var next = 0

        init(name: String, map: FOColumnMap, kept: [Int], entity: FOEntitySchema?) {
            self.map = map
            self.kept = kept
            self.entity = entity
            table = Table(name: name)
        }

        mutating func addColumn(_ name: String, at index: Int) throws {
            let column = map.entityField(for: name) ?? name
            table.addColumn(column)
            types.append(entity?.field(named: column)?.type)
        }

        mutating func consume(_ view: some FORecordView, line: Int) throws {
            defer { record += 1 }
            if learner == nil { learner = FODecimalSeparatorLearner(types: types) }
            if learner?.isDecided == false { learner?.read { column, body in view.withValue(column, body) } }
            guard next < kept.count, kept[next] == record else { return }
            next += 1
            try table.appendRow { index, append in try view.withValue(index) { try append($0) } }
        }
    }
}
