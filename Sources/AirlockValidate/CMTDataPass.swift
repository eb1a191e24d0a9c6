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
final class CMTDataPass {
    private let file: String
    private let collector: FindingCollector
    private let limits: CMTValidationLimits
    private let expectedInTarget: Set<String>
    private let catalog: SchemaCatalog
    /// Schema entities first (in schema order), then entities only `data.xml` has.
    private(set) var entities: [CMTEntityCheck] = []
    private var entityIndex: [String: Int] = [:]
    private var entityNames = CMTNameMatcher()
    private var pending = CMTPendingLookups()
    private var pendingDropped = 0
    private var trackedIDs = 0
    private var trackedNames = 0

    // The record being read.
    private var stamp = 0
    private var recordLine = 0
    private var recordText: String?
    private var recordID: CMTGUID?
    private var primaryName: String?
    private var stateValue: Int?
    private var statusState: (state: Int, value: Int, line: Int)?

    init(
        schema: CMTSchema, catalog: SchemaCatalog, file: String, collector: FindingCollector, expectedInTarget: Set<String>,
        limits: CMTValidationLimits
    ) {
        self.file = file
        self.collector = collector
        self.limits = limits
        self.expectedInTarget = expectedInTarget
        self.catalog = catalog
        for entity in schema.entities where entityIndex[entity.name] == nil {
            _ = addEntity(entity.name, schema: entity)
        }
    }

    private func addEntity(_ name: String, schema: CMTSchemaEntity?) -> CMTEntityCheck {
        let check = CMTEntityCheck(name: name, index: entities.count, schema: schema, catalog: catalog.salesEntity(named: name))
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
        let xml = try XMLStreamReader(stream, location: location)
        var kind = try xml.next()
        while kind == .text { kind = try xml.next() }
        guard kind == .startElement else {
            throw AirlockError(.malformedXML, "the document has no root element; a CMT data.xml starts with <entities>", at: location)
        }
        guard xml.hasName("entities") else {
            throw xml.error("the root element is <\(xml.name)>; a CMT data.xml starts with <entities>")
        }
        checkTimestamp(xml)
        try xml.forEachChild {
            if xml.hasName("entity") { try entitySection(xml) } else { try xml.skipElement() }
        }
        // Read to the end so that anything after the root is checked by libxml2 too.
        while try xml.next() != nil {}
    }

    private func checkTimestamp(_ xml: XMLStreamReader) {
        guard let text = xml.attribute("timestamp") else { return }
        let timestamp = CMTTimestamp(text: text)
        if timestamp.value == nil {
            collector.add(
                ValidationRules.cmtValueFormat, file: file, line: xml.line, field: "timestamp", value: text,
                "the export timestamp is not a date; CMT reads it for relative date modes and stops with 'Unable to parse timestamp'")
        } else if !Self.isISO(text) {
            collector.add(
                ValidationRules.cmtValueFormat, file: file, line: xml.line, field: "timestamp", value: text,
                "the export timestamp is in the exporting machine's culture format; an importing machine with another date format cannot parse it (write it as ISO 8601, e.g. 2021-01-12T14:27:44.0000000Z)",
                severity: .warning)
        }
    }

    private static func isISO(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(5))
        return bytes.count == 5 && bytes[0...3].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && bytes[4] == 0x2D
    }

    private func entitySection(_ xml: XMLStreamReader) throws {
        let line = xml.line
        let name = xml.attribute("name") ?? ""
        let entity = self.entity(named: name) ?? addEntity(name, schema: nil)
        entity.sections += 1
        if entity.firstLine == nil { entity.firstLine = line }
        recordText = nil
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

    // MARK: records

    private func record(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        entity.records += 1
        stamp += 1
        recordLine = xml.line
        recordText = nil
        recordID = nil
        primaryName = nil
        stateValue = nil
        statusState = nil
        xml.withAttribute("id") { bytes in
            guard let bytes else { return }
            recordText = String(decoding: bytes, as: UTF8.self)
            recordID = CMTGUID(bytes)
        }
        if recordText == nil {
            add(ValidationRules.cmtRecordId, entity, line: recordLine, "the <record> has no id attribute; CMT needs the id to create or match the record")
        } else if let id = recordID {
            trackID(id, entity)
        } else {
            add(
                ValidationRules.cmtRecordId, entity, line: recordLine, value: recordText,
                "the record id is not a GUID (expected e.g. 982dff41-9bba-4e46-a1e3-127424034240)")
        }
        try xml.forEachChild {
            if xml.hasName("field") { try field(xml, entity) } else { try xml.skipElement() }
        }
        finishRecord(entity)
    }

    private func trackID(_ id: CMTGUID, _ entity: CMTEntityCheck) {
        if trackedIDs >= limits.maxRecordIDs {
            // Still catch repeats of the ids already kept.
            if entity.ids.contains(id) {
                add(ValidationRules.cmtRecordDuplicateId, entity, line: recordLine, value: recordText, "the record id is used by an earlier record of the entity; CMT matches records by id, so one would overwrite the other")
            } else {
                entity.idsComplete = false
            }
            return
        }
        if let first = entity.ids.insert(id, line: recordLine) {
            var message = "the record id is already used by the record on line \(first); CMT matches records by id, so this record would overwrite that one"
            if id.high == 0 && id.low == 0 { message += " (the all-zero GUID is not a real id: give each record its own)" }
            add(ValidationRules.cmtRecordDuplicateId, entity, line: recordLine, value: recordText, message)
        } else {
            trackedIDs += 1
        }
    }

    private func finishRecord(_ entity: CMTEntityCheck) {
        for index in entity.requiredFields where entity.fields[index].seenStamp != stamp {
            let field = entity.fields[index]
            add(
                ValidationRules.cmtValueRequired, entity, line: recordLine, field: field.name,
                "the record has no value for '\(field.name)', which is required in Sales; the importer refuses to create it")
        }
        if let status = statusState, let state = stateValue, status.state != state, let statusIndex = entity.statusField {
            let attribute = entity.fields[statusIndex].attribute
            let lenient = attribute?.isOptionSetOpen == true || attribute?.isUnverified == true
            add(
                ValidationRules.cmtValueOption, entity, line: status.line, field: "statuscode", value: String(status.value),
                "status reason \(status.value) belongs to state \(status.state), but the record's statecode is \(state); CMT's SetState fails on this pair",
                severity: lenient ? .warning : nil)
        }
        if entity.nameField != nil, let name = primaryName, let id = recordID {
            notePrimaryName(name, id: id, entity)
        }
    }

    private func notePrimaryName(_ name: String, id: CMTGUID, _ entity: CMTEntityCheck) {
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

    // MARK: fields

    private func field(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        let found: Int? = xml.withAttribute("name") { bytes in
            guard let bytes, bytes.count > 0 else { return nil }
            return entity.field(named: bytes)
        }
        guard let index = found else {
            add(ValidationRules.cmtDataUndeclaredField, entity, line: xml.line, "a <field> has no name attribute; CMT cannot tell which attribute it sets")
            return try xml.skipElement()
        }
        let field = entity.fields[index]
        guard let type = field.type else {
            field.undeclared.note(line: xml.line, record: recordText, value: xml.attribute("value"))
            return try xml.skipElement()
        }
        if case .partyList = type {
            if try partyList(xml, entity, parent: index) { field.seenStamp = stamp }
            return
        }
        var lookup: CMTGUID?
        let hasValue: Bool = xml.withAttribute("value") { bytes in
            guard let bytes else { return false }
            return checkValue(bytes, type, field, entity, xml, lookup: &lookup)
        }
        if hasValue { field.seenStamp = stamp }
        if let lookup { resolveLookup(lookup, field, index, entity, xml) }
        try xml.skipElement()
    }

    /// Checks one value; returns whether the field counts as having a value (for the required check).
    private func checkValue(
        _ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader,
        lookup: inout CMTGUID?
    ) -> Bool {
        switch type {
        case .string:
            guard bytes.count > 0 else { return false }
            if let limit = field.maxLength, bytes.count > limit {
                // HTML decoding only shortens a text, and a UTF-16 count never exceeds the UTF-8 one: only
                // texts with more bytes than the limit can be too long.
                let text = CMTValueCodec.htmlDecode(String(decoding: bytes, as: UTF8.self))
                let length = text.utf16.count
                if length > limit {
                    let assumed = field.isLengthAssumed
                    add(
                        ValidationRules.cmtValueLength, entity, line: xml.line, field: field.name, value: Self.clip(text),
                        "the text has \(length) characters; '\(field.name)' takes at most \(limit)\(assumed ? " (the standard Dataverse length, assumed: check it in the target environment)" : "")",
                        severity: assumed ? .warning : nil)
                }
            }
            if let nameField = entity.nameField, entity.fields[nameField] === field {
                primaryName = CMTValueCodec.htmlDecode(String(decoding: bytes, as: UTF8.self))
            }
            return true
        case .guid:
            if CMTGUID(bytes) == nil { _ = decoded(bytes, type, field, entity, xml) }
            return true
        case .entityReference, .owner, .lookup, .customer:
            if let id = CMTGUID(bytes) {
                lookup = id
            } else if let canonical = decoded(bytes, type, field, entity, xml) {
                lookup = CMTGUID(canonical)
            }
            return true
        case .number, .optionSetValue, .state, .status:
            guard let value = Self.int32(bytes) ?? decoded(bytes, type, field, entity, xml).flatMap({ Int($0) }) else { return true }
            if type.isOptionValue { checkOption(value, type, field, entity, xml) }
            return true
        case .bool:
            if !Self.isTrueOrFalse(bytes) { _ = decoded(bytes, type, field, entity, xml) }
            return true
        case .datetime:
            if decoded(bytes, type, field, entity, xml) != nil, !Self.isISO(bytes) {
                field.cultureDates.note(line: xml.line, record: recordText, value: String(decoding: bytes, as: UTF8.self))
            }
            return true
        case .optionSetValueCollection:
            guard let canonical = decoded(bytes, type, field, entity, xml) else { return true }
            // "[-1,a,b,-1]": the sentinels are not options.
            let values = canonical.dropFirst().dropLast().split(separator: ",").compactMap { Int($0) }
            for value in values.dropFirst().dropLast() { checkOption(value, type, field, entity, xml) }
            return true
        case .bigint, .decimal, .money, .float:
            _ = decoded(bytes, type, field, entity, xml)
            return true
        case .partyList, .imageData, .fileData, .unknown, .other:
            return bytes.count > 0
        }
    }

    /// Decodes with `CMTValueCodec` (the rules the converter reads by); a value it refuses becomes a finding.
    private func decoded(
        _ bytes: UnsafeRawBufferPointer, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader
    ) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try CMTValueCodec.decode(text, as: type)
        } catch {
            let reason = (error as? AirlockError)?.message ?? "\(error)"
            add(
                ValidationRules.cmtValueFormat, entity, line: xml.line, field: field.name, value: Self.clip(text),
                text.isEmpty ? "the value is empty; a \(type.rawValue) field without a value must be left out of the record" : reason)
            return nil
        }
    }

    private func checkOption(_ value: Int, _ type: CMTFieldType, _ field: CMTFieldCheck, _ entity: CMTEntityCheck, _ xml: XMLStreamReader) {
        if case .state = type, entity.stateField.map({ entity.fields[$0] === field }) == true { stateValue = value }
        guard let attribute = field.attribute, !attribute.options.isEmpty else { return }
        if let option = attribute.option(value) {
            if case .status = type, let state = option.state, entity.statusField.map({ entity.fields[$0] === field }) == true {
                statusState = (state, value, xml.line)
            }
            return
        }
        let known = attribute.options.prefix(12).map { "\($0.value) \($0.label)" }.joined(separator: ", ")
            + (attribute.options.count > 12 ? ", …" : "")
        var message = "\(value) is not an option of '\(field.name)' (known: \(known))"
        var severity: ValidationSeverity?
        if value == -1 {
            message += "; some exports write -1 for 'no value', which the importer may refuse: leave the field out instead"
            severity = .warning
        } else if attribute.isOptionSetOpen || attribute.isUnverified {
            message += "; the catalog's list is incomplete, so check it in the target environment or add it with a catalog extension"
            severity = .warning
        } else {
            message += "; the importer refuses the record (add the value with a catalog extension if the target environment has it)"
        }
        add(ValidationRules.cmtValueOption, entity, line: xml.line, field: field.name, value: String(value), message, severity: severity)
    }

    // MARK: lookups

    private func resolveLookup(_ id: CMTGUID, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck, _ xml: XMLStreamReader) {
        var targetIndex: Int?
        var targetName: String?
        xml.withAttribute("lookupentity") { bytes in
            guard let bytes, bytes.count > 0 else { return }
            if let index = entityNames.index(of: bytes) {
                targetIndex = index
            } else {
                targetName = String(decoding: bytes, as: UTF8.self)
            }
        }
        if targetIndex == nil && targetName == nil {
            guard let fallback = field.defaultTarget else { return }
            if let index = entityIndex[fallback] { targetIndex = index } else { targetName = fallback }
        } else if let allowed = field.allowedTargets {
            let named = targetName ?? targetIndex.map { entities[$0].name } ?? ""
            if !allowed.contains(named) {
                field.noteWrongTarget(named, line: xml.line, record: recordText, value: id.text)
                return
            }
        }
        lookup(id, targetIndex: targetIndex, targetName: targetName, field, fieldIndex, entity, line: xml.line)
    }

    private func lookup(
        _ id: CMTGUID, targetIndex: Int?, targetName: String?, _ field: CMTFieldCheck, _ fieldIndex: Int, _ entity: CMTEntityCheck, line: Int
    ) {
        if let targetIndex, entities[targetIndex].isDeclared {
            field.targetsInPackage.insert(targetIndex)
            if entities[targetIndex].ids.contains(id) { return }
            if pending.count < limits.maxPendingLookups {
                pending.append(.init(target: id, targetEntity: targetIndex, sourceEntity: entity.index, field: fieldIndex, line: line, record: recordID))
            } else {
                pendingDropped += 1
            }
            return
        }
        guard let name = targetName ?? targetIndex.map({ entities[$0].name }) else { return }
        if expectedInTarget.contains(name) { return }
        field.noteOutside(name, line: line, record: recordText, value: id.text)
    }

    // MARK: party lists and many-to-many

    /// Reads the `<activitypointerrecords>` of a party list field; returns whether it had any.
    private func partyList(_ xml: XMLStreamReader, _ entity: CMTEntityCheck, parent: Int) throws -> Bool {
        var members = 0
        let parentName = entity.fields[parent].name
        try xml.forEachChild {
            guard xml.hasName("activitypointerrecords") else { return try xml.skipElement() }
            members += 1
            let line = xml.line
            let id = xml.attribute("id")
            let isGUID = id.map { CMTGUID($0) != nil } ?? false
            if !isGUID {
                add(
                    ValidationRules.cmtRecordId, entity, line: line, field: parentName, value: id,
                    id == nil ? "a party list member has no id attribute" : "a party list member's id is not a GUID")
            }
            try xml.forEachChild {
                guard xml.hasName("field"), let name = xml.attribute("name") else { return try xml.skipElement() }
                try partyMemberField(xml, name: name, entity, parent: parent)
            }
        }
        return members > 0
    }

    private func partyMemberField(_ xml: XMLStreamReader, name: String, _ entity: CMTEntityCheck, parent: Int) throws {
        let type: CMTFieldType
        switch name {
        case "partyid", "activityid", "ownerid": type = .entityReference
        case "activitypartyid": type = .guid
        case "participationtypemask", "instancetypecode": type = .number
        case "donotemail", "donotfax", "donotpostalmail", "donotphone", "ispartydeleted": type = .bool
        default: return try xml.skipElement()
        }
        let fieldIndex = name == "partyid" ? entity.partyField(of: parent) : nil
        let field = fieldIndex.map { entity.fields[$0] } ?? CMTFieldCheck(partyMember: entity.fields[parent].name + "/" + name)
        var lookup: CMTGUID?
        _ = xml.withAttribute("value") { bytes in
            guard let bytes else { return false }
            return checkValue(bytes, type, field, entity, xml, lookup: &lookup)
        }
        // Only the party itself is a reference the import resolves; activityid and ownerid repeat the activity's own.
        if let lookup, let fieldIndex { resolveLookup(lookup, field, fieldIndex, entity, xml) }
        try xml.skipElement()
    }

    private func manyToMany(_ xml: XMLStreamReader, _ entity: CMTEntityCheck) throws {
        try xml.forEachChild {
            guard xml.hasName("m2mrelationship") else { return try xml.skipElement() }
            let relationship = xml.attribute("m2mrelationshipname") ?? "m2mrelationship"
            let source = xml.attribute("sourceid")
            recordText = source
            if let source, CMTGUID(source) == nil {
                add(
                    ValidationRules.cmtValueFormat, entity, line: xml.line, field: relationship + "/sourceid", value: Self.clip(source),
                    "the many-to-many source id is not a GUID")
            }
            try xml.forEachChild {
                guard xml.hasName("targetids") else { return try xml.skipElement() }
                try xml.forEachChild {
                    guard xml.hasName("targetid") else { return try xml.skipElement() }
                    let line = xml.line
                    let text = try xml.readElementText()
                    if CMTGUID(text) == nil {
                        add(
                            ValidationRules.cmtValueFormat, entity, line: line, field: relationship + "/targetid", value: Self.clip(text),
                            "the many-to-many target id is not a GUID")
                    }
                }
            }
        }
    }

    // MARK: end of the document

    /// Reports what could only be judged once every record was read.
    func finish() {
        for entity in entities where !entity.isDeclared && entity.sections > 0 {
            collector.add(
                ValidationRules.cmtDataUndeclaredEntity, entity: entity.name, file: file, line: entity.firstLine,
                entity.name.isEmpty
                    ? "an <entity> section without a name (\(entity.records) records); CMT cannot import it"
                    : "data.xml has \(entity.records) record\(entity.records == 1 ? "" : "s") of '\(entity.name)', which data_schema.xml does not declare; CMT cannot import \(entity.records == 1 ? "it" : "them") (add the entity to the schema or remove the section)")
        }
        for entity in entities where entity.isDeclared {
            for field in entity.fields where !field.isDeclared {
                collector.add(
                    ValidationRules.cmtDataUndeclaredField, entity: entity.name, file: file, line: field.undeclared.firstLine,
                    record: field.undeclared.firstRecord, field: field.name, value: field.undeclared.firstValue.map(Self.clip),
                    "\(field.undeclared.count) record\(field.undeclared.count == 1 ? " has" : "s have") a value for '\(field.name)', which data_schema.xml does not declare for '\(entity.name)'; CMT's schema validation stops on it")
            }
            for field in entity.fields where field.cultureDates.count > 0 {
                let tally = field.cultureDates
                collector.add(
                    ValidationRules.cmtValueFormat, entity: entity.name, file: file, line: tally.firstLine, record: tally.firstRecord,
                    field: field.name, value: tally.firstValue,
                    "\(tally.count) date-time value\(tally.count == 1 ? " is" : "s are") in a culture format (as older CMT builds wrote them); the importing machine reads them with its own culture, so day and month may swap or the value be refused: write ISO 8601",
                    severity: .warning)
            }
        }
        for entity in entities {
            for field in entity.fields {
                for target in field.wrongTargetOrder {
                    guard let tally = field.wrongTargets[target], let allowed = field.allowedTargets else { continue }
                    collector.add(
                        ValidationRules.cmtSchemaLookupTarget, entity: entity.name, file: file, line: tally.firstLine, record: tally.firstRecord,
                        field: field.name, value: tally.firstValue,
                        "\(tally.count) lookup\(tally.count == 1 ? " names" : "s name") lookupentity '\(target)', but '\(field.name)' points to \(allowed.sorted().joined(separator: " or ")); Dataverse refuses a reference to another entity",
                        severity: field.areTargetsUnverified ? .warning : .error)
                }
            }
        }
        resolvePending()
        for entity in entities {
            for field in entity.fields {
                for target in field.outsideOrder {
                    guard let tally = field.outside[target] else { continue }
                    collector.add(
                        ValidationRules.cmtLookupOutsidePackage, entity: entity.name, file: file, line: tally.firstLine,
                        record: tally.firstRecord, field: field.name, value: tally.firstValue,
                        "\(tally.count) lookup\(tally.count == 1 ? " points" : "s point") to '\(target)', which the package does not carry; those records must already exist in the target environment\(target == "systemuser" || target == "team" ? " (or be mapped with CMT's user map)" : "") (say so with --expect-in-target ENTITY to silence this)")
                }
            }
        }
        reportNameMatches()
        reportLimits()
    }

    private func resolvePending() {
        var unconfirmed = 0
        for position in 0..<pending.count {
            let entry = pending[position]
            let target = entities[entry.targetEntity]
            let source = entities[entry.sourceEntity]
            let field = source.fields[entry.field]
            if target.sections == 0 {
                if !expectedInTarget.contains(target.name) {
                    field.noteOutside(target.name, line: entry.line, record: entry.record?.text, value: entry.target.text)
                }
                continue
            }
            if target.ids.contains(entry.target) { continue }
            guard target.idsComplete else {
                unconfirmed += 1
                continue
            }
            let expected = expectedInTarget.contains(target.name)
            collector.add(
                ValidationRules.cmtLookupMissingRecord, entity: source.name, file: file, line: entry.line, record: entry.record?.text,
                field: field.name, value: entry.target.text,
                "the lookup points to '\(target.name)' record \(entry.target.text), which the package's '\(target.name)' records do not include\(expected ? "; it may exist in the target environment (expectedInTarget)" : "; the importer cannot set it unless the record already exists in the target")",
                severity: expected ? .warning : nil)
        }
        if unconfirmed > 0 {
            collector.add(
                ValidationRules.cmtLookupMissingRecord, file: file,
                "\(unconfirmed) lookups could not be checked: their target entity has more records than the \(limits.maxRecordIDs) ids kept in memory",
                severity: .warning)
        }
        if pendingDropped > 0 {
            collector.add(
                ValidationRules.cmtLookupMissingRecord, file: file,
                "\(pendingDropped) lookups were not checked: more than \(limits.maxPendingLookups) lookups pointed to records not read yet (raise the limit, or order data.xml parents first)",
                severity: .warning)
        }
    }

    private func reportNameMatches() {
        for entity in entities {
            guard let nameField = entity.nameField else { continue }
            let fieldName = entity.fields[nameField].name
            let key = entity.catalog?.naturalKey.first.map { " (e.g. \($0))" } ?? ""
            for duplicate in entity.nameReports {
                let listed = duplicate.records.joined(separator: ", ") + (duplicate.count > duplicate.records.count ? ", …" : "")
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, line: duplicate.firstLine,
                    record: duplicate.records.first, field: fieldName, value: Self.clip(duplicate.name),
                    "\(duplicate.count) records share the primary name '\(Self.clip(duplicate.name))' (\(listed)); '\(entity.name)' has no updateCompare field, so when a record's id is not found CMT matches on the name and updates the first record with each of the others. Mark a unique field\(key) updateCompare=\"true\" in data_schema.xml")
            }
            if entity.nameReportsDropped > 0 {
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, field: fieldName,
                    "\(entity.nameReportsDropped) more records share a primary name with another record (only the first \(limits.maxNameMatchReports) shared names are listed)")
            }
            if !entity.namesComplete {
                collector.add(
                    ValidationRules.cmtSchemaNoUpdateCompare, entity: entity.name, file: file, field: fieldName,
                    "primary names were checked only in part: more than \(limits.maxPrimaryNames) names are kept in memory")
            }
        }
    }

    private func reportLimits() {
        let incomplete = entities.filter { !$0.idsComplete }.map(\.name)
        if !incomplete.isEmpty {
            collector.add(
                ValidationRules.cmtRecordDuplicateId, file: file,
                "record ids were checked for repeats only in part in \(incomplete.joined(separator: ", ")): more than \(limits.maxRecordIDs) ids are kept in memory",
                severity: .warning)
        }
    }

    // MARK: helpers

    private func add(
        _ rule: ValidationRule, _ entity: CMTEntityCheck, line: Int, field: String? = nil, value: String? = nil, _ message: String,
        severity: ValidationSeverity? = nil
    ) {
        collector.add(
            rule, entity: entity.name, file: file, line: line, record: recordText, field: field, value: value, message, severity: severity)
    }

    /// Values in findings are cut at 200 characters.
    private static func clip(_ text: String) -> String {
        text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    /// A 32-bit integer written plainly (optional `-`, at most 10 digits), else nil (the codec then decides).
    private static func int32(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let negative = bytes.count > 0 && bytes[0] == 0x2D
        if negative { index = 1 }
        let digits = bytes.count - index
        guard digits > 0, digits <= 10 else { return nil }
        var value = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte &- 0x30)
            index += 1
        }
        value = negative ? -value : value
        return value >= Int(Int32.min) && value <= Int(Int32.max) ? value : nil
    }

    private static func isTrueOrFalse(_ bytes: UnsafeRawBufferPointer) -> Bool {
        switch bytes.count {
        case 4: bytes[0] == 0x54 && bytes[1] == 0x72 && bytes[2] == 0x75 && bytes[3] == 0x65
        case 5: bytes[0] == 0x46 && bytes[1] == 0x61 && bytes[2] == 0x6C && bytes[3] == 0x73 && bytes[4] == 0x65
        default: false
        }
    }

    private static func isISO(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        guard bytes.count - start >= 5 else { return false }
        for offset in 0..<4 where !(bytes[start + offset] >= 0x30 && bytes[start + offset] <= 0x39) { return false }
        return bytes[start + 4] == 0x2D
    }
}
