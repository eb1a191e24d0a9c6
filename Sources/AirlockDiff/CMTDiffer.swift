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
        let sectionsPath = workFolder + "/sections.xml"
        let file = try FileByteSink(path: sectionsPath)
        let writer = BufferedByteWriter(sink: file)
        let dataWriter = CMTDataWriter(schema: new.schema)
        let newLocation = new.source.location(of: new.dataMember)
        var openSection = false
        var deltaEntities = Set<String>()
        let newData = try new.readChunks(chunkRecords: chunkRecords) { chunk, isLast in
            let state = try entity(chunk.name)
            state.inNew = true
            let columns = CMTChunkColumns(chunk, compared: state.compared, nameField: nil)
            var rows: [Int] = []
            for row in 0..<columns.count {
                state.report.new += 1
                columns.key(row: row, into: &key)
                switch try key.withBytes({ try state.index.matchNew(key: $0, line: 0) }) {
                case .created:
                    state.report.created += 1
                case .repeated:
                    throw repeatedID(columns.id(row: row), entity: chunk.name, at: newLocation, export: "new")
                case .existing(let entry):
                    columns.digest(row: row, into: &digester)
                    guard digester.digest() != state.index.digest(of: entry) else {
                        state.report.unchanged += 1
                        continue
                    }
                    state.report.changed += 1
                    for (field, print) in zip(state.compared, zip(digester.prints, state.index.prints(of: entry))) where print.0 != print.1
                    {
                        state.report.changedFields[field, default: 0] += 1
                    }
                }
                rows.append(row)
            }
            if !rows.isEmpty {
                if !openSection { try dataWriter.writeEntityStart(chunk, hasRecords: true, to: writer, location: newLocation) }
                openSection = true
                try dataWriter.writeRecords(chunk, rows: rows, to: writer, location: newLocation)
            }
            guard isLast else { return }
            var associations: [CMTManyToManyAssociation] = []
            for association in chunk.manyToMany {
                var fresh = association
                fresh.targetIDs = association.targetIDs.filter { target in
                    let digest = associationDigest(association, target, &digester)
                    state.seenAssociations.insert(digest)
                    return !state.oldAssociations.contains(digest)
                }
                state.report.associationsCreated += fresh.targetIDs.count
                if !fresh.targetIDs.isEmpty { associations.append(fresh) }
            }
            if openSection || !associations.isEmpty {
                if !openSection { try dataWriter.writeEntityStart(chunk, hasRecords: false, to: writer, location: newLocation) }
                try dataWriter.writeEntityEnd(
                    chunk.name, hasRecords: openSection, associations: associations, to: writer, location: newLocation)
                deltaEntities.insert(chunk.name)
            }
            openSection = false
        }
        try writer.flush()
        try file.close()

        // Every entity in the sequential diff's order: the old export's, then those only the new one has.
        let (oldOrder, oldStates) = try oldPass.finish()
        for (name, state) in oldStates where entities[name] == nil { entities[name] = state }
        let order = oldOrder + newOnly
        outcome.warnings = order.flatMap { entities[$0]?.schemaWarnings ?? [] }
        for name in order {
            guard let state = entities[name] else { continue }
            var report = state.report
            let unseen = state.index.unseenOld
            report.deleted = unseen.count
            for entry in unseen {
                outcome.deleted.append(
                    DeletedRecord(
                        entity: name, recordID: state.index.keyParts(of: entry).first, name: state.index.extraParts(of: entry).first,
                        keyFields: [], keyValues: []))
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
        schema.entities = schema.entities.filter { deltaEntities.contains($0.name) }
        schema.entityImportOrder = schema.entityImportOrder?.filter { deltaEntities.contains($0) }
        try CMTPackageWriter.write(schema: schema, to: deltaPath) { sink in
            let start = BufferedByteWriter(sink: sink)
            try dataWriter.writeStart(timestamp: newData.timestamp, otherAttributes: newData.otherAttributes, to: start)
            try start.flush()
            try FileCopy.copy(sectionsPath, to: sink)
            try dataWriter.writeEnd(to: start)
            try start.flush()
        }
        return outcome
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

    static func repeatedID(_ id: String, entity: String, at location: SourceLocation, export: String) -> AirlockError {
        var place = location
        place.entity = entity
        place.record = id
        return AirlockError(
            .invalidValue,
            "the \(export) export has two records with the id \(id); diff matches records by id, so ids must be unique within an entity: de-duplicate the export (CMT would import the last one over the first)",
            at: place)
    }
}
