import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// `diff` of two F&O data packages: per entity, the old file into a key index, then the new file streamed
/// against it, created and changed records spooled to the delta's file as they come; keys the new file lacks are
/// the deletes.
enum FODiffer {
    static func run(
        old: FOPackageReader, new: FOPackageReader, catalog: SchemaCatalog, keys: [String: [String]], deltaPath: String,
        workFolder: String
    ) throws -> DiffOutcome {
        // Entities are independent: they are diffed on all cores in two steps each (its old file, then its new one,
        // the costliest step that can start first, so that the cores finish together), each into its own spool
        // file. A writer on a thread of its own puts the delta together in manifest order as they finish (an
        // entity's spool is deflated while the later ones are still diffed), so the outputs are a sequential run's.
        let pairs = pairs(old: old.manifest.entities, new: new.manifest.entities)
        let oldSizes = pairs.map { pair in Int(clamping: pair.0.flatMap { old.dataMember(for: $0)?.size } ?? 0) }
        let newSizes = pairs.map { pair in Int(clamping: pair.1.flatMap { new.dataMember(for: $0)?.size } ?? 0) }
        let finished = OrderedResults<EntityResult?>(count: pairs.count)
        let writer = BackgroundTask { [header = new.header, manifest = new.manifest] in
            try writeDelta(finished, header: header, manifest: manifest, to: deltaPath)
        }
        let diffed = Result {
            try TwoStepParallelMap.map(
                pairs.count, firstCosts: oldSizes, secondCosts: newSizes,
                first: { number in
                    try oldSide(
                        old: pairs[number].0, new: pairs[number].1, oldReader: old, newReader: new, catalog: catalog, keys: keys)
                },
                second: { number, side in
                    try side.map { try newSide($0, oldReader: old, newReader: new, spoolPath: workFolder + "/\(number).csv") }
                },
                finished: { number, result in finished.fill(number, with: result) })
        }
        // The writer stops at the first entity that failed, which is the one the map reports.
        let written = Result { try writer.result() }
        let results = try diffed.get()
        try written.get()
        var outcome = DiffOutcome()
        for result in results {
            guard let result else { continue }
            outcome.entities.append(result.report)
            outcome.deleted += result.deleted
            outcome.warnings += result.warnings
        }
        return outcome
    }

    /// Writes the delta package: each entity's spooled file, in manifest order, as soon as its diff has finished.
    private static func writeDelta(
        _ finished: OrderedResults<EntityResult?>, header: FOPackageHeader, manifest: FOManifest, to path: String
    ) throws {
        // The header says what the package is, so that a delta is not taken for a full export (`convert` refuses one).
        var header = header
        header.description = PackageDiffer.deltaDescription
        try FOPackageWriter.write(header: header, to: path) { add in
            var lines: [FOManifestEntity] = []
            for number in 0..<finished.count {
                guard let delta = try finished.value(at: number)?.delta else { continue }
                lines.append(delta.line)
                try add(delta.line) { sink in try FileCopy.copy(delta.spool, to: sink) }
            }
            var manifest = manifest
            manifest.entities = lines
            return manifest
        }
    }

    /// What diffing one entity gave.
    struct EntityResult: Sendable {
        var report: DiffEntityReport
        var deleted: [DeletedRecord] = []
        var warnings: [String] = []
        /// The delta's manifest line and spooled file, when the entity has created or changed records.
        var delta: (line: FOManifestEntity, spool: String)?
    }

    /// An entity's first step: its columns planned from both files, and its old file into a key index (nil when
    /// neither export lists it).
    static func oldSide(
        old oldLine: FOManifestEntity?, new newLine: FOManifestEntity?, oldReader old: FOPackageReader, newReader new: FOPackageReader,
        catalog: SchemaCatalog, keys: [String: [String]]
    ) throws -> FOEntityOldSide? {
        guard let line = newLine ?? oldLine else { return nil }
        let label = line.entityName
        let oldProbe = try oldLine.map { try FOColumnProbe.probe(old, $0) }
        let newProbe = try newLine.map { try FOColumnProbe.probe(new, $0) }
        let oldFields = oldLine.map { entityLine in fields(oldProbe?.columns ?? [], entityLine) }
        let newFields = newLine.map { entityLine in fields(newProbe?.columns ?? [], entityLine) }
        let (wanted, source) = wantedKey(
            label: label, technical: new.technicalName(of: line) ?? old.technicalName(of: line), catalog: catalog, keys: keys,
            fields: [oldFields, newFields].compactMap { $0 })
        var warnings: [String] = []
        var columns = FODiffColumns.plan(
            entity: label, oldFields: oldFields, newFields: newFields, wanted: wanted, source: source, warnings: &warnings)
        if case .delimited? = oldProbe?.format, case .delimited? = newProbe?.format, let oldFields, oldFields == newFields {
            columns.wholeRecordColumns = oldFields.count
        }
        var result = EntityResult(report: DiffEntityReport(entity: label, key: columns.keyFields, keySource: columns.keySource))
        result.report.fieldsOnlyInOld = columns.onlyInOld
        result.report.fieldsOnlyInNew = columns.onlyInNew
        let side = FOEntityOldSide(
            label: label, oldLine: oldLine, newLine: newLine, columns: columns, result: result, warnings: warnings,
            newColumns: newProbe?.columns ?? [], newFormat: newProbe?.format, newEncoding: newProbe?.encoding)
        if let oldLine {
            var indexer = FODiffIndexer(columns: columns, fileSize: old.dataMember(for: oldLine)?.size.map { Int(clamping: $0) })
            _ = try old.scan(oldLine, into: &indexer)
            indexer.finish()
            // Swapped, not copied: a second reference would make the next change copy the whole index.
            swap(&side.index, &indexer.index)
            side.oldRepeats = indexer.repeats
            side.result.report.old = indexer.records
        }
        return side
    }

    /// An entity's second step: its new file streamed against the old one's key index, created and changed
    /// records spooled to `spoolPath` as they come (written again in a second pass over the file when a repeated
    /// key calls for it, see `DiffNewSideMatcher`); keys the new file lacks are the deletes.
    static func newSide(
        _ side: FOEntityOldSide, oldReader: FOPackageReader, newReader new: FOPackageReader, spoolPath: String
    ) throws -> EntityResult {
        let label = side.label
        var result = side.result
        var warnings = side.warnings
        var matcher = DiffNewSideMatcher(index: DiffKeyIndex(fieldCount: 0), oldRepeats: side.oldRepeats)
        // Swapped, not copied (see `oldSide`).
        swap(&matcher.index, &side.index)
        var deltaRecords = 0
        if let newLine = side.newLine {
            deltaRecords = try streamNewFile(
                newLine, of: side, reader: new, spoolPath: spoolPath, matcher: &matcher, result: &result, warnings: &warnings)
        } else {
            matcher.finish()
        }
        addDeletes(unseenIn: matcher.index, columns: side.columns, label: label, to: &result)
        let places = DiffRepeatReport.Places(
            old: side.oldLine.map { place(oldReader, $0) } ?? "", new: side.newLine.map { place(new, $0) } ?? "", byLine: true)
        DiffRepeatReport.add(to: &result.report, warnings: &warnings, matcher: matcher, places: places)
        guard deltaRecords == result.report.created + result.report.changed else {
            throw AirlockError(
                .accountingIdentity,
                "\(label): the delta holds \(deltaRecords) records, not the \(result.report.created) created and \(result.report.changed) changed counted"
            )
        }
        if side.newLine == nil {
            warnings.append(
                "\(label): the new export has no such entity; its \(result.report.old) records are listed in deleted.csv (if the entity was only left out of the export, they were not deleted)"
            )
        } else if side.oldLine == nil {
            warnings.append("\(label): the old export has no such entity; its \(result.report.new) records are all created")
        }
        result.warnings = warnings
        return result
    }

    /// Streams the new file `newLine` against `matcher`'s index into a delta spool (`deltaSpool`), again when a record
    /// left out turns out to belong in the delta, and counts the outcome into `result`; returns the records the delta
    /// holds.
    private static func streamNewFile(
        _ newLine: FOManifestEntity, of side: FOEntityOldSide, reader new: FOPackageReader, spoolPath: String,
        matcher: inout DiffNewSideMatcher, result: inout EntityResult, warnings: inout [String]
    ) throws -> Int {
        let columns = side.columns
        let (spool, deltaLine) = deltaSpool(for: newLine, of: side, reader: new, spoolPath: spoolPath, warnings: &warnings)
        var consumer = FODeltaConsumer(columns: columns, matcher: DiffNewSideMatcher(index: DiffKeyIndex(fieldCount: 0)), spool: spool)
        swap(&consumer.matcher, &matcher)
        _ = try new.scan(newLine, into: &consumer)
        try spool.close()
        swap(&matcher, &consumer.matcher)
        matcher.finish()
        var written = spool
        if matcher.needsRewrite {
            // A record left out as the file streamed goes to the delta after all: the file again, with every
            // record's fate known, so that the delta keeps the new file's order.
            written = FODeltaSpool(path: spoolPath, header: spool.header, encoding: spool.encoding, dialect: spool.dialect)
            var rewriter = FODeltaRewriter(columns: columns, matcher: matcher, spool: written)
            _ = try new.scan(newLine, into: &rewriter)
            try written.close()
        }
        result.report.new = consumer.records
        result.report.created = matcher.created
        result.report.changed = matcher.changed
        result.report.unchanged = matcher.unchanged
        for (field, count) in zip(columns.compared, consumer.changedFields) where count > 0 {
            result.report.changedFields[field] = count
        }
        if written.records > 0 {
            result.delta = (deltaLine, spoolPath)
            result.report.deltaFile = deltaLine.inputFilePath
        }
        return written.records
    }

    /// The spool of an entity's delta and its manifest line: delimited text as the new file is, else CSV in UTF-8
    /// (with a warning that the data project needs a CSV source format for it).
    private static func deltaSpool(
        for newLine: FOManifestEntity, of side: FOEntityOldSide, reader new: FOPackageReader, spoolPath: String,
        warnings: inout [String]
    ) -> (spool: FODeltaSpool, line: FOManifestEntity) {
        let spool: FODeltaSpool
        var deltaLine = newLine
        let member = new.dataMember(for: newLine)?.name ?? "\(side.label).csv"
        if case .delimited(let delimiter, _)? = side.newFormat {
            spool = FODeltaSpool(
                path: spoolPath, header: side.newColumns, encoding: side.newEncoding ?? .utf8BOM, dialect: CSVDialect(delimiter: delimiter))
            deltaLine.inputFilePath = member
        } else {
            spool = FODeltaSpool(path: spoolPath, header: side.newColumns, encoding: .utf8BOM, dialect: .standard)
            deltaLine.inputFilePath = csvName(member)
            deltaLine.sourceFormat = "CSV"
            warnings.append(
                "\(side.label): the new export's file \(member) is not delimited text; its delta is written as \(csvName(member)) (CSV, UTF-8), so the data project needs a CSV source format for it"
            )
        }
        return (spool, deltaLine)
    }

    /// Adds to `result` the records of the old file whose keys the new one lacks (`unseenIn`'s unseen keys), by company
    /// and key.
    private static func addDeletes(unseenIn index: DiffKeyIndex, columns: FODiffColumns, label: String, to result: inout EntityResult) {
        let unseen = index.unseenOld
        result.report.deleted = unseen.count
        let keyFields = columns.hasCompany ? Array(columns.keyFields.dropFirst()) : columns.keyFields
        for entry in unseen {
            let parts = index.keyParts(of: entry)
            result.deleted.append(
                DeletedRecord(
                    entity: label, company: columns.hasCompany ? parts.first : nil, keyFields: keyFields,
                    keyValues: columns.hasCompany ? Array(parts.dropFirst()) : parts))
        }
    }

    /// The new export's lines in order, each with the old export's line of the same entity (matched by name,
    /// case-insensitively, the n-th with the n-th), then the old lines the new export lacks.
    static func pairs(old: [FOManifestEntity], new: [FOManifestEntity]) -> [(FOManifestEntity?, FOManifestEntity?)] {
        var oldByName: [String: [Int]] = [:]
        for (index, line) in old.enumerated() { oldByName[line.entityName.lowercased(), default: []].append(index) }
        var used = Set<Int>()
        var result: [(FOManifestEntity?, FOManifestEntity?)] = []
        for line in new {
            let name = line.entityName.lowercased()
            if var candidates = oldByName[name], !candidates.isEmpty {
                let index = candidates.removeFirst()
                oldByName[name] = candidates
                used.insert(index)
                result.append((old[index], line))
            } else {
                result.append((nil, line))
            }
        }
        for (index, line) in old.enumerated() where !used.contains(index) { result.append((line, nil)) }
        return result
    }

    /// The upper-cased entity field of each file column (the manifest's field map, else the column's own name).
    private static func fields(_ columns: [String], _ line: FOManifestEntity) -> [String] {
        let map = FOColumnMap(line.entityMap ?? [])
        return columns.map { (map.entityField(for: $0) ?? $0).uppercased() }
    }

    /// The key asked for: `--key` (by entity name or AOT name), else the catalog's key fields with `DATAAREAID`
    /// when the entity is company-specific and every file has the column; nil when neither knows one.
    private static func wantedKey(
        label: String, technical: String?, catalog: SchemaCatalog, keys: [String: [String]], fields: [[String]]
    ) -> ([String]?, DiffKeySource) {
        if let option = keys[label.lowercased()] ?? technical.flatMap({ keys[$0.lowercased()] }) {
            return (option.map { $0.uppercased() }, .option)
        }
        guard let schema = catalog.foEntity(named: label) ?? technical.flatMap({ catalog.foEntity(named: $0) }), !schema.keyFields.isEmpty
        else { return (nil, .wholeRow) }
        var key = schema.keyFields.map { $0.uppercased() }
        if schema.isCompanySpecific, !key.contains("DATAAREAID"), fields.allSatisfy({ $0.contains("DATAAREAID") }) {
            key.insert("DATAAREAID", at: 0)
        }
        return (key, .catalog)
    }

    /// The export's path and the entity's file in it, for a warning.
    private static func place(_ reader: FOPackageReader, _ line: FOManifestEntity) -> String {
        reader.dataMember(for: line).map { "\(reader.source.path), \($0.name)" } ?? reader.source.path
    }

    /// `name` with its extension replaced by `.csv`.
    private static func csvName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return name + ".csv" }
        return String(name[..<dot]) + ".csv"
    }
}
