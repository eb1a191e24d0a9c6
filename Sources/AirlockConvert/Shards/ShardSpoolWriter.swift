import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile
import AirlockValidate

/// Writes what a shard converted as spool files for `airlock merge`: the parts of `to-sales.zip` and the entity
/// files of `to-fo.zip` as the single run would lay them out, the rejected records and the unresolved lookups, each
/// row with its ordering key (`ShardManifest`).
struct ShardSpoolWriter {
    let context: ConversionContext
    /// The spool folder (inside the shard's staging folder).
    let folder: String
    /// Whether this shard writes a flow's records (a tree flow's own; reference data in shard 0 only).
    let owns: (FlowOutput) -> Bool
    /// Whether this shard writes the ids of a Sales entity's records (a tree entity's; every other's in shard 0 only).
    let holdsIDs: (String) -> Bool
    /// Whether this shard writes the keys of an F&O entity's records (by label: a tree entity's; every other's in shard
    /// 0 only).
    let holdsKeys: (String) -> Bool

    /// What the spool files hold, for `shard.json`.
    struct Written {
        var salesParts: [ShardManifest.SalesPart] = []
        var foFiles: [ShardManifest.FOFile] = []
        var rejects: [ShardManifest.Rejects] = []
        var unresolvedLookups: String?
        /// Per Sales entity, the spool of the ids of the export's records this shard holds (`ShardTargetRecords`).
        var salesIDs: [String: String] = [:]
        /// Per F&O entity a package may refer to (by lower-cased AOT name), the spool of the key columns of the
        /// export's records this shard holds (`ShardTargetRecords`).
        var foKeys: [String: String] = [:]
        /// The spool files, relative to the shard folder.
        var files: [String] = []
    }

    /// Writes the spools of `outputs` (every flow run, in run order, second pass done).
    /// - Throws: `AirlockError(.unsupported)` when records cannot be put back in export order (a rule that does not
    ///   say where its records came from, or a flow whose records are not in export order); the writers' errors.
    func write(_ outputs: [FlowOutput]) throws -> Written {
        var written = Written()
        let runOrder = context.templates.runOrder().map(\.name)
        try spoolSalesParts(of: outputs, runOrder: runOrder, into: &written)
        try spoolFOFiles(of: outputs, runOrder: runOrder, into: &written)
        try spoolRejects(of: outputs, runOrder: runOrder, into: &written)
        try spoolUnresolvedLookups(of: outputs, runOrder: runOrder, into: &written)
        try spoolSalesIDs(into: &written)
        try spoolFOKeys(into: &written)
        return written
    }

    /// A flow's place in the run order (after every flow when it has none), which numbers its parts.
    private func flowIndex(_ output: FlowOutput, in runOrder: [String]) -> Int {
        runOrder.firstIndex(of: output.template.name) ?? runOrder.count
    }

    /// to-sales.zip's parts: a flow's records, then those its rules generated, as SalesOutputBuilder takes them.
    private func spoolSalesParts(of outputs: [FlowOutput], runOrder: [String], into written: inout Written) throws {
        for output in outputs where owns(output) {
            let base = flowIndex(output, in: runOrder) * 64
            if output.template.target.side == .sales {
                let rows = output.acceptedSourceRows.map(context.exportRows(output.template.source))
                if let part = try spool(
                    output.accepted, written: output.written, exportRows: rows, part: base, name: "sales-\(base)",
                    flow: output.template.name)
                {
                    let entity = output.template.target.entity
                    written.salesParts.append(
                        ShardManifest.SalesPart(
                            part: base, entity: entity, keyFields: output.template.target.key.map(\.field), file: part.file,
                            columns: output.accepted.columnNames, records: part.records,
                            references: SalesImportOrder.referencedEntities(output.accepted, written: output.written, entity: entity)
                                .sorted()))
                    written.files.append(part.file)
                }
            }
            for generated in output.generated {
                try spoolGenerated(generated, of: output, part: base + 1 + generated.ruleIndex, into: &written)
            }
        }
    }

    /// The part of the records a flow's rule generated, numbered `id`.
    /// - Throws: `AirlockError(.unsupported)` when the rule writes records without saying which source record each
    ///   came from.
    private func spoolGenerated(_ generated: GeneratedRecords, of output: FlowOutput, part id: Int, into written: inout Written) throws {
        guard let rows = generated.exportRows else {
            guard generated.written.contains(true) else { return }
            throw AirlockError(
                .unsupported,
                "flow \(output.template.name): the rule that generates its \(generated.kind) does not say which source record each came from, so a shard cannot put them back in order; convert without --shard"
            )
        }
        if let part = try spool(
            generated.table, written: generated.written, exportRows: rows, part: id, name: "sales-\(id)", flow: output.template.name
        ) {
            written.salesParts.append(
                ShardManifest.SalesPart(
                    part: id, entity: generated.entity, keyFields: generated.keyFields, file: part.file,
                    columns: generated.table.columnNames,
                    records: part.records,
                    references: SalesImportOrder.referencedEntities(generated.table, written: generated.written, entity: generated.entity)
                        .sorted()))
            written.files.append(part.file)
        }
    }

    /// to-fo.zip's entity files as every shard lays them out; this shard's rows in part order, before the load-order
    /// sort (which merge applies to the whole file). Each row goes from its flow's records to the spool in the file's
    /// columns, with no table of the file built first.
    private func spoolFOFiles(of outputs: [FlowOutput], runOrder: [String], into written: inout Written) throws {
        for (number, file) in FOOutputBuilder.layout(outputs, catalog: context.catalog).enumerated() {
            // Every part's rows and keys first: a part out of export order is refused before anything is written.
            var parts: [(output: FlowOutput, rows: [Int], keys: [UInt64])] = []
            for part in file.parts where owns(part) {
                let base = flowIndex(part, in: runOrder) * 64
                let exportRow = context.exportRows(part.template.source)
                let rows = (0..<part.accepted.rowCount).filter { part.written[$0] }
                let keys = rows.map { ShardManifest.key(part: base, exportRow: exportRow(part.acceptedSourceRows[$0])) }
                try checkOrder(keys[...], flow: part.template.name)
                parts.append((part, rows, keys))
            }
            let records = parts.reduce(0) { $0 + $1.rows.count }
            var spooled: String?
            if records > 0 {
                let name = RunLayout.shardSpoolFolder + "/fo-\(number + 1).spool"
                let spool = try TableSpoolWriter(path: folder + "/" + name, name: file.label, columns: file.columns)
                for part in parts {
                    let columns = file.columns.map { part.output.accepted.columnIndex(named: $0) }
                    for (row, key) in zip(part.rows, part.keys) {
                        try spool.append(row: row, of: part.output.accepted, columns: columns, key: key)
                    }
                }
                try spool.close()
                spooled = name
                written.files.append(name)
            }
            written.foFiles.append(ShardManifest.FOFile(label: file.label, columns: file.columns, file: spooled, records: records))
        }
    }

    /// Rejected records, each with its source record's export row.
    private func spoolRejects(of outputs: [FlowOutput], runOrder: [String], into written: inout Written) throws {
        for output in outputs where owns(output) && !output.rejects.isEmpty {
            let source = output.source
            let columns = RejectFileWriter.sourceColumns(of: source)
            var table = Table(name: output.template.name, columnNames: RejectFileWriter.header(of: source))
            var keys: [UInt64] = []
            let exportRow = context.exportRows(output.template.source)
            for reject in output.rejects {
                try table.appendRow(RejectFileWriter.fields(of: reject, source: source, columns: columns))
                keys.append(UInt64(exportRow(reject.sourceRow)))
            }
            let name = RunLayout.shardSpoolFolder + "/rejects-\(flowIndex(output, in: runOrder)).spool"
            try spoolTable(table, keys: keys, to: name)
            written.rejects.append(ShardManifest.Rejects(flow: output.template.name, file: name, records: table.rowCount))
            written.files.append(name)
        }
    }

    /// Second-pass lookups that found nothing, in run order and then export order.
    private func spoolUnresolvedLookups(of outputs: [FlowOutput], runOrder: [String], into written: inout Written) throws {
        var unresolved = Table(name: "unresolved", columnNames: RejectFileWriter.unresolvedHeader)
        var unresolvedKeys: [UInt64] = []
        for output in outputs where owns(output) {
            let exportRow = context.exportRows(output.template.source)
            for entry in output.unresolved {
                try unresolved.appendRow(RejectFileWriter.fields(of: entry, output: output))
                unresolvedKeys.append(ShardManifest.key(part: flowIndex(output, in: runOrder), exportRow: exportRow(entry.sourceRow)))
            }
        }
        if unresolved.rowCount > 0 {
            let name = RunLayout.shardSpoolFolder + "/unresolved-lookups.spool"
            try spoolTable(unresolved, keys: unresolvedKeys, to: name)
            written.unresolvedLookups = name
            written.files.append(name)
        }
    }

    /// The ids of the Sales export's records the shard holds: a tree entity's it owns, every other entity's in shard
    /// 0; together, over the shards, the whole export, which merge validates to-sales.zip against.
    private func spoolSalesIDs(into written: inout Written) throws {
        for (number, entity) in context.sales.entityNames.enumerated() where holdsIDs(entity) {
            guard let table = context.sales.table(entity), let column = table.columnIndex(named: CMTRecordTable.idColumn) else {
                continue
            }
            let name = RunLayout.shardSpoolFolder + "/sales-ids-\(number).spool"
            try spoolTable(Table(name: entity, columns: [table.columns[column]]), keys: (0..<table.rowCount).map { UInt64($0) }, to: name)
            written.salesIDs[entity] = name
            written.files.append(name)
        }
    }

    /// The key columns of the F&O export's records a package line may refer to (its header, its customer), likewise:
    /// a tree entity's the shard owns, every other entity's in shard 0.
    private func spoolFOKeys(into written: inout Written) throws {
        var referenced: [String: [String]] = [:]
        for reference in FOEntityReference.known {
            for parent in reference.parents {
                for field in reference.fields.map(\.parent) where !referenced[parent.lowercased(), default: []].contains(field) {
                    referenced[parent.lowercased(), default: []].append(field)
                }
            }
        }
        for (number, stored) in context.fo.storedTables.enumerated() where holdsKeys(stored.key) {
            let technical = context.catalog.foTechnicalName(of: stored.key).lowercased()
            guard let fields = referenced[technical], written.foKeys[technical] == nil else { continue }
            let columns = stored.table.columns.filter { fields.contains($0.name) }
            let name = RunLayout.shardSpoolFolder + "/fo-keys-\(number).spool"
            try spoolTable(
                Table(name: technical, columns: columns), keys: (0..<stored.table.rowCount).map { UInt64($0) }, to: name)
            written.foKeys[technical] = name
            written.files.append(name)
        }
    }

    /// Spools the written rows of `table` with their keys; nil when none is written.
    private func spool(_ table: Table, written: [Bool], exportRows: [Int], part: Int, name: String, flow: String) throws -> (
        file: String, records: Int
    )? {
        let rows = (0..<table.rowCount).filter { written[$0] }
        guard !rows.isEmpty else { return nil }
        let keys = rows.map { ShardManifest.key(part: part, exportRow: exportRows[$0]) }
        try checkOrder(keys[...], flow: flow)
        let file = RunLayout.shardSpoolFolder + "/" + name + ".spool"
        let spool = try TableSpoolWriter(path: folder + "/" + file, name: table.name, columns: table.columnNames)
        for (row, key) in zip(rows, keys) { try spool.append(row: row, of: table, key: key) }
        try spool.close()
        return (file, rows.count)
    }

    private func spoolTable(_ table: Table, keys: [UInt64], to name: String) throws {
        let spool = try TableSpoolWriter(path: folder + "/" + name, name: table.name, columns: table.columnNames)
        for row in 0..<table.rowCount { try spool.append(row: row, of: table, key: keys[row]) }
        try spool.close()
    }

    /// A part's records must stand in export order: merge puts the shards' records together by it.
    private func checkOrder(_ keys: ArraySlice<UInt64>, flow: String) throws {
        var previous: UInt64?
        for key in keys {
            if let previous, key <= previous {
                throw AirlockError(
                    .unsupported,
                    "flow \(flow) writes its records in another order than the export's, so shards cannot be merged into the single run's packages; convert without --shard"
                )
            }
            previous = key
        }
    }
}
