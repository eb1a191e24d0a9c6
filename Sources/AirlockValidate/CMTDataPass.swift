import AirlockCatalog
import AirlockIO
import AirlockModel
import AirlockPackages

/// One streaming pass over `data.xml` that checks every record, field and value against the schema and the
/// catalog, reports each problem as a finding and keeps going; then resolves what could only be judged at
/// the end (lookups to records read later, names shared by several records, undeclared fields).
///
/// Memory: the XML is pulled node by node; per record only the compact id (`CMTGUIDTable`), for entities
/// without `updateCompare` a name hash (`CMTNameTable`), and lookups not resolvable when read
/// (`CMTPendingLookups`) are kept, each up to its `CMTValidationLimits` bound.
///
/// A pass, its entity and field checks run on one thread (the reader's, or a relay's): their state is not checked
/// for exclusive access at run time.
final class CMTDataPass {
    let file: String
    let collector: FindingCollector
    let limits: CMTValidationLimits
    let expectedInTarget: Set<String>
    /// Lookups to an entity the package carries must find their record in it (`cmt.lookup.missing-record` is an error).
    let selfContained: Bool
    /// Which entities must fill their dual-write integration key (`cmt.record.dual-write-key`).
    let dualWrite: CMTDualWriteScope
    /// The integration the package is loaded for: a column it matches records on is required (`cmt.value.required`).
    let integration: SyncIntegration?
    /// The records the target holds, when the package is a delta against it: lookups to them are expected.
    let target: (any CMTTargetRecords)?
    let catalog: SchemaCatalog
    /// Whether `string` values are HTML-encoded, as a file holds them; not when `CMTDataWriter` reports them.
    let stringsAreEncoded: Bool
    /// Schema entities first (in schema order), then entities only `data.xml` has.
    @exclusivity(unchecked) private(set) var entities: [CMTEntityCheck] = []
    @exclusivity(unchecked) var entityIndex: [String: Int] = [:]
    @exclusivity(unchecked) var entityNames = CMTNameMatcher()
    @exclusivity(unchecked) var pending = CMTPendingLookups()
    /// The entities lookups named that the package does not carry, in the order met (`outsideEntity(_:)`).
    @exclusivity(unchecked) var outsideNames = CMTNameMatcher()
    @exclusivity(unchecked) var outsideEntities: [CMTOutsideEntity] = []
    @exclusivity(unchecked) var pendingDropped = 0
    @exclusivity(unchecked) var trackedIDs = 0
    @exclusivity(unchecked) var trackedNames = 0

    // The record being read.
    @exclusivity(unchecked) var stamp = 0
    @exclusivity(unchecked) var recordLine = 0
    @exclusivity(unchecked) var recordText: String?
    @exclusivity(unchecked) var recordID: CMTGUID?
    @exclusivity(unchecked) var primaryName: String?
    @exclusivity(unchecked) var stateValue: Int?
    @exclusivity(unchecked) var statusState: (state: Int, value: Int, line: Int)?

    // Following a writer (`CMTDataObserver`): the line the writer keeps here between its calls, the section being
    // written and, per column, its field once met (-1: the column has no name), the party list field whose
    // members are being written, the many-to-many relationship being written.
    @exclusivity(unchecked) var line = 0
    @exclusivity(unchecked) var writtenSection: CMTEntityCheck?
    /// What a record read from a file counts as in the progress lines.
    let countsAs: RecordTally.Kind
    @exclusivity(unchecked) var writtenColumns: [Int?] = []
    @exclusivity(unchecked) var writtenParty: Int?
    @exclusivity(unchecked) var writtenRelationship = ""

    init(
        schema: CMTSchema, catalog: SchemaCatalog, file: String, collector: FindingCollector, expectedInTarget: Set<String>,
        selfContained: Bool, dualWrite: CMTDualWriteScope = CMTDualWriteScope(isForced: false), integration: SyncIntegration? = nil,
        target: (any CMTTargetRecords)? = nil, limits: CMTValidationLimits, stringsAreEncoded: Bool = true,
        countsAs: RecordTally.Kind = .read
    ) {
        self.countsAs = countsAs
        self.integration = integration
        self.target = target
        self.stringsAreEncoded = stringsAreEncoded
        self.file = file
        self.collector = collector
        self.limits = limits
        self.expectedInTarget = expectedInTarget
        self.selfContained = selfContained
        self.dualWrite = dualWrite
        self.catalog = catalog
        for entity in schema.entities where entityIndex[entity.name] == nil {
            _ = addEntity(entity.name, schema: entity)
        }
    }

    func addEntity(_ name: String, schema: CMTSchemaEntity?) -> CMTEntityCheck {
        let check = CMTEntityCheck(
            name: name, index: entities.count, schema: schema, catalog: catalog.salesEntity(named: name), dualWrite: dualWrite)
        entityIndex[name] = entities.count
        entities.append(check)
        entityNames.add(name)
        return check
    }

    /// The entity called `name`, if the schema declares it or `data.xml` has had a section for it.
    func entity(named name: String) -> CMTEntityCheck? {
        entityIndex[name].map { entities[$0] }
    }

    // MARK: document

    /// Streams `data.xml`, adding findings to the collector.
    /// - Throws: `AirlockError(.malformedXML)` when the XML is not well-formed or its root is not `<entities>`.
    func run(_ stream: ByteStream, location: SourceLocation) throws {
        let xml = try CMTDataReader.openRoot(stream, location: location)
        checkTimestamp(xml)
        try xml.forEachChild {
            if xml.hasName("entity") { try entitySection(xml) } else { try xml.skipElement() }
        }
        // Read to the end so that anything after the root is checked by libxml2 too.
        while try xml.next() != nil {}
    }

    func checkTimestamp(_ xml: XMLStreamReader) {
        checkTimestamp(xml.attribute("timestamp"), line: xml.line)
    }

    /// Checks the root's `timestamp` attribute (nil: none).
    func checkTimestamp(_ text: String?, line: Int) {
        guard let text else { return }
        let timestamp = CMTTimestamp(text: text)
        if timestamp.value == nil {
            collector.add(
                ValidationRules.cmtValueFormat, file: file, line: line, field: "timestamp", value: text,
                "the export timestamp is not a date; CMT reads it for relative date modes and stops with 'Unable to parse timestamp'")
        } else if !Self.isISO(text) {
            collector.add(
                ValidationRules.cmtValueFormat, file: file, line: line, field: "timestamp", value: text,
                "the export timestamp is in the exporting machine's culture format; an importing machine with another date format cannot parse it (write it as ISO 8601, e.g. 2021-01-12T14:27:44.0000000Z)",
                severity: .warning)
        }
    }

    static func isISO(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(5))
        return bytes.count == 5 && bytes[0...3].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && bytes[4] == 0x2D
    }

    func entitySection(_ xml: XMLStreamReader) throws {
        let entity = section(named: xml.attribute("name") ?? "", line: xml.line)
        try xml.forEachChild {
            if xml.hasName("records") {
                try xml.forEachChild {
                    guard xml.hasName("record") else { return try xml.skipElement() }
                    if entity.isDeclared {
                        try record(xml, entity)
                    } else {
                        entity.records += 1
                        try xml.skipElement()
                    }
                }
            } else if entity.isDeclared, xml.hasName("m2mrelationships") {
                try manyToMany(xml, entity)
            } else {
                try xml.skipElement()
            }
        }
    }

    /// The entity of an `<entity>` section starting on `line`, counted.
    func section(named name: String, line: Int) -> CMTEntityCheck {
        let entity = self.entity(named: name) ?? addEntity(name, schema: nil)
        entity.sections += 1
        if entity.firstLine == nil { entity.firstLine = line }
        recordText = nil
        return entity
    }

    // MARK: records

    func record(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        // A record read from a file counts for the progress lines (a package checked as it is written does not: its
        // records were counted when the exports were read).
        RecordProgress.add(1, as: countsAs)
        xml.withAttribute("id") { startRecord(entity, id: $0, line: xml.line) }
        try xml.forEachChild {
            if xml.hasName("field") { try field(xml, entity) } else { try xml.skipElement() }
        }
        finishRecord(entity)
    }

    /// Starts a record of `entity` on `line` with its `id` attribute (nil: none) and checks the id.
    func startRecord(_ entity: CMTEntityCheck, id bytes: UnsafeRawBufferPointer?, line: Int) {
        entity.records += 1
        stamp += 1
        recordLine = line
        recordText = nil
        recordID = nil
        primaryName = nil
        stateValue = nil
        statusState = nil
        if let bytes {
            recordText = String(decoding: bytes, as: UTF8.self)
            recordID = CMTGUID(bytes)
        }
        if recordText == nil {
            add(
                ValidationRules.cmtRecordId, entity, line: recordLine,
                "the <record> has no id attribute; CMT needs the id to create or match the record")
        } else if let id = recordID {
            trackID(id, entity)
        } else {
            add(
                ValidationRules.cmtRecordId, entity, line: recordLine, value: recordText,
                "the record id is not a GUID (expected e.g. 982dff41-9bba-4e46-a1e3-127424034240)")
        }
    }

    func trackID(_ id: CMTGUID, _ entity: CMTEntityCheck) {
        if trackedIDs >= limits.maxRecordIDs {
            // Still catch repeats of the ids already kept.
            if entity.ids.contains(id) {
                add(
                    ValidationRules.cmtRecordDuplicateId, entity, line: recordLine, value: recordText,
                    "the record id is used by an earlier record of the entity; CMT matches records by id, so one would overwrite the other")
            } else {
                entity.idsComplete = false
            }
            return
        }
        if let first = entity.ids.insert(id, line: recordLine) {
            var message =
                "the record id is already used by the record on line \(first); CMT matches records by id, so this record would overwrite that one"
            if id.high == 0 && id.low == 0 { message += " (the all-zero GUID is not a real id: give each record its own)" }
            add(ValidationRules.cmtRecordDuplicateId, entity, line: recordLine, value: recordText, message)
        } else {
            trackedIDs += 1
        }
    }

    func finishRecord(_ entity: CMTEntityCheck) {
        if let key = entity.dualWriteKey { checkDualWriteKey(key, entity) }
        for index in entity.requiredFields where entity.fields[index].seenStamp != stamp {
            let field = entity.fields[index]
            // A dual-write key column the entity is checked for is reported by `cmt.record.dual-write-key`.
            guard let requirement = field.requirement, !field.isDualWriteKey else { continue }
            let missing = CMTMissingValue(requirement: requirement, field: field.name, attribute: field.attribute, integration: integration)
            add(
                ValidationRules.cmtValueRequired, entity, line: recordLine, field: field.name, missing.message, severity: missing.severity,
                basis: missing.basis)
        }
        if let status = statusState, let state = stateValue, status.state != state, let statusIndex = entity.statusField {
            let attribute = entity.fields[statusIndex].attribute
            let basis = attribute?.optionsCertainty ?? .guess
            add(
                ValidationRules.cmtValueOption, entity, line: status.line, field: "statuscode", value: String(status.value),
                "status reason \(status.value) belongs to state \(status.state), but the record's statecode is \(state); CMT's SetState fails on this pair"
                    + basis.findingNote(origin: attribute?.origin, enforcement: attribute?.enforcement),
                severity: .resting(on: basis, enforcement: attribute?.enforcement), basis: basis)
        }
        if entity.nameField != nil, let name = primaryName, let id = recordID {
            notePrimaryName(name, id: id, entity)
        }
    }

    func notePrimaryName(_ name: String, id: CMTGUID, _ entity: CMTEntityCheck) {
        // Dataverse compares names without regard to case (SQL collation) and ignores trailing blanks.
        var key = name.lowercased()
        while key.last == " " { key.removeLast() }
        guard !key.isEmpty else { return }
        guard entity.namesComplete else { return }
        let hash = CMTNameTable.hash(key)
        if trackedNames >= limits.maxPrimaryNames {
            entity.namesComplete = false
            return
        }
        guard let first = entity.nameTable.insert(hash: hash, record: id, line: recordLine) else {
            trackedNames += 1
            return
        }
        if let report = entity.nameReportIndex[hash] {
            entity.nameReports[report].add(recordText ?? id.text)
        } else if entity.nameReports.count < limits.maxNameMatchReports {
            entity.nameReportIndex[hash] = entity.nameReports.count
            var duplicate = CMTNameDuplicate(name: name, firstLine: first.line, records: [first.record.text], count: 1)
            duplicate.add(recordText ?? id.text)
            entity.nameReports.append(duplicate)
        } else {
            entity.nameReportsDropped += 1
        }
    }
}
