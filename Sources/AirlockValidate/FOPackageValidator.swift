import AirlockIO
import AirlockModel
import AirlockPackages

/// Checks an F&O data management package against what F&O's import demands: header and manifest, files and
/// their encodings, columns against the field map and the catalog, and every record's values, keys and
/// references. Entity files are streamed; memory grows only by 16 bytes per key kept for duplicate and
/// reference checks.
public struct FOPackageValidator: Sendable {
    public let catalog: SchemaCatalog
    /// Every parent (header, customer) of a record must be in the package when its entity is: `fo.reference.missing`
    /// becomes an error. Off for delta packages such as `convert` writes, whose parents may be in the target already.
    public let selfContained: Bool
    /// The data project's locale, when given; else each date column's is learnt from its values.
    public let locale: FOLocale?
    /// How CSV files without a byte-order mark are read (`--fo-encoding`).
    public let fileEncoding: FOFileEncoding
    /// What the package's records count as in the progress lines (`.checked` for a command's own output).
    public let countsAs: RecordTally.Kind
    /// The records the target holds, when the package is a delta against them (`convert`'s `to-fo.zip` against the
    /// F&O export it read): a parent the package lacks and the target holds is expected, no `fo.reference.missing`.
    public let target: (any FOTargetRecords)?

    public init(
        catalog: SchemaCatalog, selfContained: Bool = false, locale: FOLocale? = nil, target: (any FOTargetRecords)? = nil,
        fileEncoding: FOFileEncoding = .utf8, countsAs: RecordTally.Kind = .read
    ) {
        self.countsAs = countsAs
        self.fileEncoding = fileEncoding
        self.locale = locale
        self.catalog = catalog
        self.selfContained = selfContained
        self.target = target
    }

    /// Validates the package in `source`, adding findings to `collector`.
    /// - Throws: `AirlockError` only when the package cannot be read at all (no header or manifest, malformed XML).
    public func validate(_ source: PackageSource, into collector: FindingCollector) throws {
        let reader = try FOPackageReader(source: source, fileEncoding: fileEncoding, countsAs: countsAs)
        checkHeader(reader, collector)
        try checkMemberOrder(reader, collector)
        checkManifest(reader, collector)
        for member in reader.unlistedMembers {
            collector.add(ValidationRules.foFileUnlisted, file: member.name, "no manifest line names this file; F&O ignores it")
        }
        try validateEntities(reader, collector)
    }

    private func checkHeader(_ reader: FOPackageReader, _ collector: FindingCollector) {
        let header = reader.header
        if header.packageVersion != 2 {
            collector.add(
                ValidationRules.foHeaderVersion, file: reader.headerMember, value: header.packageVersion.map(String.init),
                "PackageVersion is \(header.packageVersion.map(String.init) ?? "missing"); current F&O writes 2")
        }
        if header.manifestType != FOPackageHeader.manifestTypeName {
            collector.add(
                ValidationRules.foHeaderManifestType, file: reader.headerMember, value: header.manifestType,
                "ManifestType must be \(FOPackageHeader.manifestTypeName)")
        }
        if header.packageType != "DefinitionGroup" {
            collector.add(
                ValidationRules.foHeaderPackageType, file: reader.headerMember, value: header.packageType,
                "PackageType is \(header.packageType ?? "missing"); data-project packages have DefinitionGroup")
        }
    }

    private func checkMemberOrder(_ reader: FOPackageReader, _ collector: FindingCollector) throws {
        for member in [reader.headerMember, reader.manifestMember] {
            let location = reader.source.location(of: member)
            for problem in try FOManifestReader.memberOrderProblems(reader.source.open(member), location: location) {
                collector.add(ValidationRules.foManifestOrder, file: member, line: problem.line, problem.message)
            }
        }
    }

    private func checkManifest(_ reader: FOPackageReader, _ collector: FindingCollector) {
        var seen: [String: Int] = [:]
        for entity in reader.manifest.entities {
            let label = entity.entityName
            seen[label.lowercased(), default: 0] += 1
            if seen[label.lowercased()] == 2 {
                collector.add(
                    ValidationRules.foManifestDuplicateLabel, entity: label, file: reader.manifestMember,
                    "more than one manifest line has this EntityName")
            }
            if entity.entityMap?.isEmpty ?? true {
                collector.add(
                    ValidationRules.foManifestNoEntityMap, entity: label, file: reader.manifestMember,
                    "the line has no EntityMapList: F&O would import zero rows without an error")
            }
            if let problem = Self.missingInputFile(entity, in: reader) {
                collector.add(ValidationRules.foManifestNoInputFile, entity: label, file: reader.manifestMember, problem)
            }
            guard let schema = catalog.foEntity(named: label) else {
                let near = NearMatch.oneEditAway(from: label, among: catalog.foEntities.map(\.label))
                let hint = near.isEmpty ? "" : "; did you mean \(near.map { "'\($0)'" }.joined(separator: " or "))?"
                collector.add(
                    ValidationRules.foManifestUnknownEntity, entity: label, file: reader.manifestMember, value: label,
                    "Airlock does not know this entity label\(hint) (checks of its fields are skipped)",
                    severity: near.isEmpty ? nil : .error)
                continue
            }
            if schema.label.lowercased() != label.lowercased() {
                collector.add(
                    ValidationRules.foManifestUnknownEntity, entity: label, file: reader.manifestMember, value: label,
                    "EntityName must be the DMF label \(schema.label), not the technical or public name", severity: .error)
            }
            if let target = entity.targetEntity, !target.isEmpty, target.lowercased() != schema.technicalName.lowercased() {
                collector.add(
                    ValidationRules.foManifestTargetEntity, entity: label, file: reader.manifestMember, value: target,
                    "TargetEntity of \(schema.label) is \(schema.technicalName)")
            }
        }
        checkExecutionOrder(reader, collector)
    }

    /// Why no one can tell which file holds `entity`'s data: its manifest line has no `InputFilePath`, where F&O looks
    /// (Airlock would fall back to a file named after the entity); nil when the line has one. `validate` reports it as
    /// fo.manifest.no-input-file, and `convert` refuses an export with it in the same words.
    public static func missingInputFile(_ entity: FOManifestEntity, in reader: FOPackageReader) -> String? {
        guard (entity.inputFilePath ?? "").isEmpty else { return nil }
        let fallback =
            reader.dataMember(for: entity).map { "; Airlock finds \($0.name) by the entity's name, but F&O looks only at InputFilePath" }
            ?? ""
        return "the line has no InputFilePath, so F&O cannot tell which file holds the entity's data\(fallback)"
    }

    /// Referenced entities must import on an earlier level of the same execution unit (units run in parallel,
    /// and so do entities on one level).
    private func checkExecutionOrder(_ reader: FOPackageReader, _ collector: FindingCollector) {
        let entities = reader.manifest.entities
        var byName: [String: FOManifestEntity] = [:]
        for entity in entities { byName[technicalName(entity).lowercased()] = entity }
        for entity in entities {
            let name = technicalName(entity)
            for dependency in FOExecutionOrder.references[name] ?? [] {
                guard let parent = byName[dependency.lowercased()] else { continue }
                let sameUnit = (entity.executionUnit ?? 1) == (parent.executionUnit ?? 1)
                let later = (entity.levelInExecutionUnit ?? 1) > (parent.levelInExecutionUnit ?? 1)
                if !sameUnit || !later {
                    collector.add(
                        ValidationRules.foManifestExecutionOrder, entity: entity.entityName, file: reader.manifestMember,
                        "\(entity.entityName) (unit \(entity.executionUnit ?? 1), level \(entity.levelInExecutionUnit ?? 1)) references \(parent.entityName) (unit \(parent.executionUnit ?? 1), level \(parent.levelInExecutionUnit ?? 1)); it must be on a later level of the same unit"
                    )
                }
            }
        }
    }

    private func technicalName(_ entity: FOManifestEntity) -> String {
        if let target = entity.targetEntity, !target.isEmpty { return target }
        return catalog.foTechnicalName(of: entity.entityName)
    }

    /// Streams every entity file, parents before children so references can be checked.
    private func validateEntities(_ reader: FOPackageReader, _ collector: FindingCollector) throws {
        var ordered = reader.manifest.entities
        FOExecutionOrder.assign(&ordered)
        let levels = ordered.map { $0.levelInExecutionUnit ?? 1 }
        let sequence = reader.manifest.entities.indices.sorted { (levels[$0], $0) < (levels[$1], $1) }
        let names = reader.manifest.entities.map(technicalName)
        // Which keys each entity must collect for its children in the package.
        var requested: [String: [FOEntityReference]] = [:]
        for reference in FOEntityReference.known where names.contains(where: { $0.lowercased() == reference.child.lowercased() }) {
            for parent in reference.parents where names.contains(where: { $0.lowercased() == parent.lowercased() }) {
                requested[parent.lowercased(), default: []].append(reference)
            }
        }
        var collected: [String: [(reference: FOEntityReference, keys: Set<FOKeyHash>, parentName: String)]] = [:]
        // Entities on one level do not depend on each other: validate them on all cores, each into its own
        // collector, and merge in sequence order so the report does not depend on timing.
        var position = 0
        while position < sequence.count {
            let level = levels[sequence[position]]
            var batch: [Int] = []
            while position < sequence.count, levels[sequence[position]] == level {
                batch.append(sequence[position])
                position += 1
            }
            let parents = collected
            let entities = batch
            let wanted = requested
            let maxFindings = collector.maxFindings
            let outcomes = try ParallelMap.map(entities.count) { item -> EntityOutcome in
                let index = entities[item]
                let name = names[index].lowercased()
                return validateEntity(
                    reader.manifest.entities[index], reader: reader, parentKeys: parents[name] ?? [], references: wanted[name] ?? [],
                    maxFindings: maxFindings)
            }
            for outcome in outcomes {
                collector.merge(outcome.findings)
                for (offset, reference) in outcome.references.enumerated() {
                    // A child may have several candidate parents in one package (Customers V2 and V3): its key must
                    // be in one of them, so their key sets are united.
                    var entries = collected[reference.child.lowercased(), default: []]
                    if let existing = entries.firstIndex(where: { $0.reference.fields.map(\.child) == reference.fields.map(\.child) }) {
                        entries[existing].keys.formUnion(outcome.childKeySets[offset])
                        entries[existing].parentName += " or \(outcome.label)"
                    } else {
                        entries.append((reference, outcome.childKeySets[offset], outcome.label))
                    }
                    collected[reference.child.lowercased()] = entries
                }
            }
        }
    }

    /// What validating one entity file produced: its findings and the keys its children are checked against.
    private struct EntityOutcome: Sendable {
        var label: String
        var findings: FindingCollector
        var references: [FOEntityReference]
        var childKeySets: [Set<FOKeyHash>]
    }

    private func validateEntity(
        _ entity: FOManifestEntity, reader: FOPackageReader,
        parentKeys: [(reference: FOEntityReference, keys: Set<FOKeyHash>, parentName: String)],
        references: [FOEntityReference], maxFindings: Int
    ) -> EntityOutcome {
        let collector = FindingCollector(maxFindings: maxFindings)
        let label = entity.entityName
        guard let member = reader.dataMember(for: entity) else {
            collector.add(
                ValidationRules.foFileMissing, entity: label, file: entity.inputFilePath ?? reader.manifestMember,
                "the manifest line names \(entity.inputFilePath.map { "'\($0)'" } ?? "no file"), which is not in the package")
            return EntityOutcome(label: label, findings: collector, references: [], childKeySets: [])
        }
        let map = FOColumnMap(entity.entityMap ?? [])
        var consumer = FOValidationConsumer(
            entityName: label, file: member.name, schema: catalog.foEntity(named: label), catalog: catalog, collector: collector,
            entityField: { map.entityField(for: $0) ?? $0 },
            parentKeys: parentKeys,
            keyFieldsForChildren: references.map { $0.fields.map(\.parent) })
        consumer.selfContained = selfContained
        consumer.locale = locale
        consumer.target = target
        do {
            let summary = try reader.scan(entity, into: &consumer)
            consumer.finishRecords()
            checkFile(entity, summary: summary, map: map, consumer: consumer, collector: collector)
        } catch let error as AirlockError {
            collector.add(
                ValidationRules.foFileUnreadable, entity: label, file: member.name, line: error.location.line,
                "\(error.message)\(error.location.column.map { " (column \($0))" } ?? "")")
            return EntityOutcome(label: label, findings: collector, references: [], childKeySets: [])
        } catch {
            collector.add(ValidationRules.foFileUnreadable, entity: label, file: member.name, "\(error)")
            return EntityOutcome(label: label, findings: collector, references: [], childKeySets: [])
        }
        return EntityOutcome(label: label, findings: collector, references: references, childKeySets: consumer.childKeySets)
    }

    private func checkFile(
        _ entity: FOManifestEntity, summary: FOEntityFileSummary, map: FOColumnMap, consumer: FOValidationConsumer,
        collector: FindingCollector
    ) {
        let label = entity.entityName
        if let mismatch = FOSourceFormatEncoding.mismatch(summary, sourceFormat: entity.sourceFormat) {
            collector.add(
                ValidationRules.foFileEncoding, entity: label, file: summary.member,
                value: summary.codePage?.rawValue ?? summary.encoding?.rawValue, mismatch)
        }
        if case .delimited(_, let unicode) = summary.format, summary.lineFeedEndings > 0 {
            collector.add(
                ValidationRules.foFileLineEndings, entity: label, file: summary.member, line: summary.firstLineFeedEnding,
                "\(summary.lineFeedEndings) record\(summary.lineFeedEndings == 1 ? " ends" : "s end") with a bare LF; F&O expects CR LF"
                    + (unicode ? " (CSV-Unicode files with LF fail with 'the mapping is incorrect')" : ""),
                severity: unicode ? .error : .warning)
        }
        for warning in summary.warnings where warning.contains("laid out as") {
            collector.add(ValidationRules.foFileFormat, entity: label, file: summary.member, warning)
        }
        if let mappings = entity.entityMap, !mappings.isEmpty {
            let unmapped = summary.columns.filter { map.entityField(for: $0) == nil }
            if !unmapped.isEmpty {
                let names = unmapped.joined(separator: ", ")
                collector.add(
                    ValidationRules.foFileColumnNotMapped, entity: label, file: summary.member, field: names,
                    "\(unmapped.count == 1 ? "the column \(names) is" : "\(unmapped.count) columns are") not \(unmapped.count == 1 ? "an XMLField" : "XMLFields") of the manifest's EntityMapList, so F&O does not import \(unmapped.count == 1 ? "its" : "their") values; Microsoft's own demo data packages carry such columns and import, but if a job stops with DMF2022 (a mismatch between the mapped fields and the file's columns), map or remove \(unmapped.count == 1 ? "it" : "them")"
                )
            }
            let present = Set(summary.columns.map { $0.uppercased() })
            for mapping in mappings
            where !present.contains(mapping.xmlField.uppercased()) && !mapping.isAutoDefault && !mapping.isAutoGenerated {
                collector.add(
                    ValidationRules.foFileMappedColumnMissing, entity: label, file: summary.member, field: mapping.xmlField,
                    "the EntityMapList maps \(mapping.xmlField), which the file does not have")
            }
        }
        consumer.reportColumns()
    }
}
