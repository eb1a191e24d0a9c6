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

    /// Streams the new export against the old pass's indexes, then puts the outcome together.
    private static func diffNew(
        against oldPass: CMTOldPass, old: CMTPackageReader, new: CMTPackageReader, deltaPath: String, workFolder: String
    ) throws -> DiffOutcome {
        var outcome = DiffOutcome()
        /// Entities the new pass has taken over, and those only the new export has, in the order met.
        var entities: [String: CMTEntityDiff] = [:]
        var newOnly: [String] = []
        func entity(_ name: String) throws -> CMTEntityDiff {
            if let known = entities[name] { return known }
            let made: CMTEntityDiff
            if let claimed = try oldPass.claim(name) {
                made = claimed
            } else {
                made = CMTEntityDiff(name: name, old: old.schema.entity(named: name), new: new.schema.entity(named: name))
                newOnly.append(name)
            }
            entities[name] = made
            return made
        }
        var digester = RecordDigester()
        var key = DiffKeyBuilder()

        // The new export against it: the delta's sections, spooled without the document's start and end.
        let newLocation = new.source.location(of: new.dataMember)
        var sections = try CMTDeltaSections(path: workFolder + "/sections.xml", schema: new.schema, location: newLocation)
        let newData = try new.readChunks(chunkRecords: chunkRecords) { chunk, isLast in
            let state = try entity(chunk.name)
            state.inNew = true
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
            var associations: [CMTManyToManyAssociation] = []
            if isLast {
                associations = newAssociations(chunk, state, &digester)
                state.report.associationsCreated += associations.reduce(0) { $0 + $1.targetIDs.count }
                for association in chunk.manyToMany {
                    for target in association.targetIDs { state.seenAssociations.insert(associationDigest(association, target, &digester)) }
                }
            }
            try sections.add(chunk, rows: rows, isLast: isLast, associations: associations)
        }
        try sections.close()

        // Every entity in the sequential diff's order: the old export's, then those only the new one has.
        let (oldOrder, oldStates) = try oldPass.finish()
        for (name, state) in oldStates where entities[name] == nil { entities[name] = state }
        let order = oldOrder + newOnly
        var rewrite = false
        for name in order {
            guard let state = entities[name] else { continue }
            state.matcher.finish()
            rewrite = rewrite || state.matcher.needsRewrite
        }
        if rewrite {
            // A record left out as the export streamed goes to the delta after all: the export again, with every
            // record's fate known, so that the delta keeps the new export's order.
            sections = try CMTDeltaSections(path: workFolder + "/sections.xml", schema: new.schema, location: newLocation)
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
        }

        outcome.warnings = order.flatMap { entities[$0]?.schemaWarnings ?? [] }
        let oldPlace = "\(old.source.path), \(old.dataMember)"
        let newPlace = "\(new.source.path), \(new.dataMember)"
        for name in order {
            guard let state = entities[name] else { continue }
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
            DiffRepeatReport.add(
                to: &report, warnings: &outcome.warnings, matcher: state.matcher,
                places: DiffRepeatReport.Places(old: oldPlace, new: newPlace, byLine: false))
            let written = sections.records[name] ?? 0
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
            outcome.entities.append(report)
        }
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
        return outcome
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
