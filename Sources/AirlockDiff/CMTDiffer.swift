import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// `diff` of two Configuration Migration packages: the old `data.xml` streamed in pieces into one key index per
/// entity (record id → digest of the compared fields) on a thread of its own (`CMTOldPass`), while the new one
/// streams against it, each section once the old export's section of its entity has ended; created and changed
/// records are written to the delta's `data.xml` piece by piece; ids the new export lacks are the deletes.
enum CMTDiffer {
    /// Records per piece: enough to keep the writer busy, small enough that a piece's tables stay a few MiB.
    static let chunkRecords = 4096

    static func run(old: CMTPackageReader, new: CMTPackageReader, deltaPath: String, workFolder: String) throws -> DiffOutcome {
        do {
            return try run(old: old, new: new, deltaPath: deltaPath, workFolder: workFolder, wholeExportFirst: false)
        } catch is CMTOldPass.Conflict {
            // The old export has two sections of an entity the new pass had taken over: read it whole first.
            return try run(old: old, new: new, deltaPath: deltaPath, workFolder: workFolder, wholeExportFirst: true)
        }
    }

    private static func run(
        old: CMTPackageReader, new: CMTPackageReader, deltaPath: String, workFolder: String, wholeExportFirst: Bool
    ) throws -> DiffOutcome {
        let oldPass = CMTOldPass(reader: old, newSchema: new.schema, chunkRecords: chunkRecords, wholeExportFirst: wholeExportFirst)
        oldPass.start()
        do {
            return try diffNew(against: oldPass, old: old, new: new, deltaPath: deltaPath, workFolder: workFolder)
        } catch {
            // The old export's error comes first, as in a diff that reads it whole before the new one.
            _ = try oldPass.finish()
            throw error
        }
    }

    /// Streams the new export against the old pass's indexes (each piece's records to the delta, `deltaRows`), streams
    /// it again when a record left out turns out to belong in the delta (`rewrittenSections`), then puts the outcome
    /// together entity by entity (`entityReport`) and writes the delta (`writeDelta`).
    private static func diffNew(
        against oldPass: CMTOldPass, old: CMTPackageReader, new: CMTPackageReader, deltaPath: String, workFolder: String
    ) throws -> DiffOutcome {
        var entities = EntitiesMet(oldPass: oldPass, old: old.schema, new: new.schema)
        var digester = RecordDigester()
        var key = DiffKeyBuilder()

        // The new export against it: the delta's sections, spooled without the document's start and end.
        let newLocation = new.source.location(of: new.dataMember)
        var sections = try CMTDeltaSections(path: workFolder + "/sections.xml", schema: new.schema, location: newLocation)
        let newData = try new.readChunks(chunkRecords: chunkRecords) { chunk, isLast in
            let state = try entities.entity(chunk.name)
            state.inNew = true
            let rows = try deltaRows(of: chunk, state: state, key: &key, digester: &digester)
            let associations = isLast ? lastPieceAssociations(chunk, state, &digester) : []
            try sections.add(chunk, rows: rows, isLast: isLast, associations: associations)
        }
        try sections.close()

        // Every entity in the sequential diff's order: the old export's, then those only the new one has.
        let (oldOrder, oldStates) = try oldPass.finish()
        for (name, state) in oldStates where entities.byName[name] == nil { entities.byName[name] = state }
        let order = oldOrder + entities.newOnly
        var rewrite = false
        for name in order {
            guard let state = entities.byName[name] else { continue }
            state.matcher.finish()
            rewrite = rewrite || state.matcher.needsRewrite
        }
        if rewrite {
            sections = try rewrittenSections(
                of: new, location: newLocation, entities: entities.byName, key: &key, digester: &digester, workFolder: workFolder)
        }

        var outcome = DiffOutcome()
        outcome.warnings = order.flatMap { entities.byName[$0]?.schemaWarnings ?? [] }
        let places = DiffRepeatReport.Places(
            old: "\(old.source.path), \(old.dataMember)", new: "\(new.source.path), \(new.dataMember)", byLine: false)
        for name in order {
            guard let state = entities.byName[name] else { continue }
            let report = try entityReport(name, state: state, written: sections.records[name] ?? 0, places: places, outcome: &outcome)
            outcome.entities.append(report)
        }
        try writeDelta(of: new, newData: newData, sections: sections, to: deltaPath)
        return outcome
    }

    /// The entities the new pass has taken over from the old pass, and those only the new export has, in the order met.
    private struct EntitiesMet {
        let oldPass: CMTOldPass
        let old: CMTSchema
        let new: CMTSchema
        var byName: [String: CMTEntityDiff] = [:]
        var newOnly: [String] = []

        /// The diff of entity `name`: claimed from the old pass, or made for an entity only the new export has.
        mutating func entity(_ name: String) throws -> CMTEntityDiff {
            if let known = byName[name] { return known }
            let made: CMTEntityDiff
            if let claimed = try oldPass.claim(name) {
                made = claimed
            } else {
                made = CMTEntityDiff(name: name, old: old.entity(named: name), new: new.entity(named: name))
                newOnly.append(name)
            }
            byName[name] = made
            return made
        }
    }

    /// The rows of a piece of the new export that go to the delta (created or changed; a record whose fate is not
    /// known yet is left out), each matched against the old export's index, its changed fields counted.
    private static func deltaRows(
        of chunk: CMTEntityData, state: CMTEntityDiff, key: inout DiffKeyBuilder, digester: inout RecordDigester
    ) throws -> [Int] {
        let columns = CMTChunkColumns(chunk, compared: state.compared, nameField: nil)
        var rows: [Int] = []
        for row in 0..<columns.count {
            state.report.new += 1
            columns.key(row: row, into: &key)
            columns.digest(row: row, into: &digester)
            let digest = digester.digest()
            // A record's "line" is its number among the entity's records.
            switch try key.withBytes({ try state.matcher.match(key: $0, line: state.report.new, digest: digest) }) {
            case .unchanged, .copy, .deferred:
                continue
            case .created:
                break
            case .changed(let entry):
                for (field, print) in zip(state.compared, zip(digester.prints, state.matcher.index.prints(of: entry)))
                where print.0 != print.1 {
                    state.report.changedFields[field, default: 0] += 1
                }
            }
            rows.append(row)
        }
        return rows
    }

    /// The associations of a section's last piece the old export lacks, counted as created; every association the
    /// piece holds is noted as seen (what the old export has and the new one not is counted as removed).
    private static func lastPieceAssociations(_ chunk: CMTEntityData, _ state: CMTEntityDiff, _ digester: inout RecordDigester)
        -> [CMTManyToManyAssociation]
    {
        let associations = newAssociations(chunk, state, &digester)
        state.report.associationsCreated += associations.reduce(0) { $0 + $1.targetIDs.count }
        for association in chunk.manyToMany {
            for target in association.targetIDs { state.seenAssociations.insert(associationDigest(association, target, &digester)) }
        }
        return associations
    }

    /// The delta's sections written again: a record left out as the export streamed goes to the delta after all, so
    /// the export is read again, with every record's fate known, so that the delta keeps the new export's order.
    private static func rewrittenSections(
        of new: CMTPackageReader, location: SourceLocation, entities: [String: CMTEntityDiff], key: inout DiffKeyBuilder,
        digester: inout RecordDigester, workFolder: String
    ) throws -> CMTDeltaSections {
        let sections = try CMTDeltaSections(path: workFolder + "/sections.xml", schema: new.schema, location: location)
        var numbers: [String: Int] = [:]
        _ = try new.readChunks(chunkRecords: chunkRecords) { chunk, isLast in
            guard let state = entities[chunk.name] else { return }
            let columns = CMTChunkColumns(chunk, compared: state.compared, nameField: nil)
            var rows: [Int] = []
            for row in 0..<columns.count {
                let number = numbers[chunk.name, default: 0] + 1
                numbers[chunk.name] = number
                columns.key(row: row, into: &key)
                columns.digest(row: row, into: &digester)
                let digest = digester.digest()
                if key.withBytes({ state.matcher.carries(key: $0, line: number, digest: digest) }) { rows.append(row) }
            }
            let associations = isLast ? newAssociations(chunk, state, &digester) : []
            try sections.add(chunk, rows: rows, isLast: isLast, associations: associations)
        }
        try sections.close()
        return sections
    }

    /// The report of entity `name`, its deleted records added to `outcome` with the warnings of repeats, removed
    /// associations and a side without the entity; refuses a delta that does not hold exactly its created and changed
    /// records (`written`).
    private static func entityReport(
        _ name: String, state: CMTEntityDiff, written: Int, places: DiffRepeatReport.Places, outcome: inout DiffOutcome
    ) throws -> DiffEntityReport {
        var report = state.report
        let index = state.matcher.index
        report.created = state.matcher.created
        report.changed = state.matcher.changed
        report.unchanged = state.matcher.unchanged
        let unseen = index.unseenOld
        report.deleted = unseen.count
        for entry in unseen {
            outcome.deleted.append(
                DeletedRecord(
                    entity: name, recordID: index.keyParts(of: entry).first, name: index.extraParts(of: entry).first,
                    keyFields: [], keyValues: []))
        }
        DiffRepeatReport.add(to: &report, warnings: &outcome.warnings, matcher: state.matcher, places: places)
        guard written == report.created + report.changed else {
            throw AirlockError(
                .accountingIdentity,
                "\(name): the delta holds \(written) records, not the \(report.created) created and \(report.changed) changed counted")
        }
        report.associationsRemoved = state.oldAssociations.subtracting(state.seenAssociations).count
        if report.associationsRemoved > 0 {
            outcome.warnings.append(
                "\(name): \(report.associationsRemoved) many-to-many associations of the old export are gone from the new one; CMT never removes an association, so remove them in Sales if they should go"
            )
        }
        if state.inOld, !state.inNew {
            outcome.warnings.append(
                "\(name): the new export has no records of this entity; its \(report.old) records are listed in deleted.csv (if the entity was only left out of the export, they were not deleted)"
            )
        } else if state.inNew, !state.inOld {
            outcome.warnings.append("\(name): the old export has no records of this entity; its \(report.new) records are all created")
        }
        return report
    }

    /// Writes the delta package: the new export's schema with only the entities the delta holds, and its `data.xml`,
    /// the new export's document start and end around the spooled sections.
    private static func writeDelta(of new: CMTPackageReader, newData: CMTData, sections: CMTDeltaSections, to deltaPath: String) throws {
        var schema = new.schema
        schema.entities = schema.entities.filter { sections.entities.contains($0.name) }
        schema.entityImportOrder = schema.entityImportOrder?.filter { sections.entities.contains($0) }
        let dataWriter = sections.dataWriter
        try CMTPackageWriter.write(schema: schema, to: deltaPath) { sink in
            let start = BufferedByteWriter(sink: sink)
            try dataWriter.writeStart(timestamp: newData.timestamp, otherAttributes: newData.otherAttributes, to: start)
            try start.flush()
            try FileCopy.copy(sections.path, to: sink)
            try dataWriter.writeEnd(to: start)
            try start.flush()
        }
    }

    /// The many-to-many associations of a section's last piece that the old export lacks.
    private static func newAssociations(_ chunk: CMTEntityData, _ state: CMTEntityDiff, _ digester: inout RecordDigester)
        -> [CMTManyToManyAssociation]
    {
        var associations: [CMTManyToManyAssociation] = []
        for association in chunk.manyToMany {
            var fresh = association
            fresh.targetIDs = association.targetIDs.filter { target in
                !state.oldAssociations.contains(associationDigest(association, target, &digester))
            }
            if !fresh.targetIDs.isEmpty { associations.append(fresh) }
        }
        return associations
    }

    static func associationDigest(_ association: CMTManyToManyAssociation, _ target: String, _ digester: inout RecordDigester)
        -> RecordDigest
    {
        digester.reset()
        for text in [association.relationshipName ?? "", association.sourceID ?? "", target] {
            var text = text
            text.withUTF8 { digester.add(UnsafeRawBufferPointer($0)) }
        }
        return digester.digest()
    }
}
