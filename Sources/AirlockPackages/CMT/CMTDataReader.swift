import AirlockIO
import AirlockModel

/// Streams a CMT `data.xml`: into columnar tables one entity section at a time, or in counting mode.
///
/// `data.xml` can be gigabytes, so it is never held whole: the XML is pulled node by node, each section's
/// records go into a `CMTEntityData` (values decoded by the schema's field types, see `CMTValueCodec`), and
/// counting mode keeps only counters and a compact set of ids. Unknown attributes are kept; unknown elements
/// are skipped with a warning, except the legacy data-side `<relationships>` (a copy of the schema's), which is
/// skipped silently.
///
/// A field value that does not decode stops the read by default; with `valueProblems: .collect` it is kept as
/// written and listed in `CMTEntityData.valueProblems` instead (see `CMTValueProblemMode`).
public final class CMTDataReader {
    /// The schema that gives each field its type and column order.
    public let schema: CMTSchema
    /// File and entry, used in every error and warning.
    public let location: SourceLocation
    /// Problems that did not stop the last read (undeclared entities and fields, repeated ids, …).
    public private(set) var warnings: [String] = []
    /// The encoding the last document read started with.
    public private(set) var encoding: TextEncoding?
    /// What a field value that does not decode by its schema type does: throw (`.strict`, the default) or go
    /// to `CMTEntityData.valueProblems` (`.collect`). Record ids and many-to-many GUIDs always throw.
    public let valueProblems: CMTValueProblemMode

    private let schemaIndex: [String: CMTSchemaEntity]
    private var skippedElements = Set<String>()
    /// The value problems of the entity section being read (collect mode only).
    private var sectionProblems: [CMTValueProblemRecord] = []
    /// For a document made of pieces of the export's `data.xml` (a split partition's), where its lines came from:
    /// its positions are reported in the export's lines and columns.
    public var positions: XMLPositionMap?
    /// Where `readRecords` hands the records (nil otherwise).
    private var recordConsumer: (any CMTRecordConsumer)?

    /// A reader for documents described by `schema`.
    /// - Parameter valueProblems: `.strict` (default) throws on a field value that does not decode; `.collect`
    ///   keeps it as written and records it in its entity's `valueProblems`.
    /// What its records count as in the progress lines (`.checked` for a command's own output).
    let countsAs: RecordTally.Kind

    public init(
        schema: CMTSchema, location: SourceLocation, valueProblems: CMTValueProblemMode = .strict, countsAs: RecordTally.Kind = .read
    ) {
        self.countsAs = countsAs
        self.schema = schema
        self.location = location
        self.valueProblems = valueProblems
        var index: [String: CMTSchemaEntity] = [:]
        for entity in schema.entities where index[entity.name] == nil { index[entity.name] = entity }
        self.schemaIndex = index
    }

    /// Reads the whole document into memory (tables, not strings per record).
    /// - Throws: `AirlockError(.malformedXML)` with line and column, `.invalidValue` for a record id or
    ///   many-to-many GUID that does not decode and, in `.strict` mode, for any field value that does not (naming
    ///   entity, record id, field and value), or the stream's error.
    public func read(_ stream: ByteStream) throws -> CMTData {
        var entities: [CMTEntityData] = []
        var data = try readEntities(stream) { entities.append($0) }
        data.entities = entities
        return data
    }

    /// Streams the document, handing each entity section to `body` as soon as it is complete, so memory
    /// holds one section at a time.
    /// - Returns: the root's timestamp and attributes (`entities` is empty: they went to `body`).
    /// - Throws: as `read(_:)`, or what `body` throws.
    public func readEntities(_ stream: ByteStream, _ body: (CMTEntityData) throws -> Void) throws -> CMTData {
        try parse(stream, counting: false, body).data
    }

    /// Streams the document in pieces of at most `chunkRecords` records, so memory holds one piece whatever the
    /// size of a section: `body` gets each piece as a `CMTEntityData` (its records and their party members, rows
    /// counted from 0 within the piece) and whether it is the last piece of its section, which alone carries the
    /// section's many-to-many associations. A section without records is one empty last piece.
    /// `root`, when given, gets the root's timestamp and attributes before the first piece (a writer that streams
    /// the document again needs them first).
    /// - Returns: the root's timestamp and attributes (`entities` is empty: they went to `body`).
    /// - Throws: as `read(_:)`, or what `root` or `body` throws.
    public func readChunks(
        _ stream: ByteStream, chunkRecords: Int, root: ((CMTData) throws -> Void)? = nil,
        _ body: (_ chunk: CMTEntityData, _ isLast: Bool) throws -> Void
    ) throws -> CMTData {
        try withoutActuallyEscaping(body) { body in
            try parse(stream, counting: false, chunk: (max(1, chunkRecords), body), root: root) { _ in }.data
        }
    }

    /// Streams the document record by record into `consumer`, without tables, so memory holds one record whatever
    /// the size of a section. Values are decoded and checked as `read(_:)` does; party list members and
    /// many-to-many associations are read and checked but not handed on, nor a field's attributes other than its
    /// value (`lookupentity`, …).
    /// - Returns: the root's timestamp and attributes (`entities` is empty).
    /// - Throws: as `read(_:)`, or what `consumer` throws.
    public func readRecords(_ stream: ByteStream, into consumer: any CMTRecordConsumer) throws -> CMTData {
        recordConsumer = consumer
        defer { recordConsumer = nil }
        return try parse(stream, counting: false) { _ in }.data
    }

    /// Streams the document and counts records per entity, in bounded memory whatever its size (about
    /// 25 bytes per record of the largest entity, for the repeated-id check).
    /// - Throws: `AirlockError(.malformedXML)` with line and column, or the stream's error.
    public func count(_ stream: ByteStream) throws -> CMTRecordCounts {
        let result = try parse(stream, counting: true) { _ in }
        return CMTRecordCounts(encoding: encoding ?? .utf8, timestamp: result.data.timestamp, entities: result.counts)
    }

    // MARK: document

    private var entry: String { location.entry ?? CMTPackage.dataMember }

    /// A reader on `stream` positioned on the root `<entities>` element of a data.xml. data.xml holds the records,
    /// so it is parsed ahead on a thread of its own while the caller uses the nodes.
    /// - Throws: `AirlockError(.malformedXML)` when the document has no root or another root element.
    public static func openRoot(_ stream: ByteStream, location: SourceLocation, positions: XMLPositionMap? = nil) throws -> XMLStreamReader
    {
        let xml = try XMLStreamReader(stream, location: location, parseAhead: true, positions: positions)
        var kind = try xml.next()
        while kind == .text { kind = try xml.next() }
        guard kind == .startElement else {
            throw AirlockError(.malformedXML, "the document has no root element; a CMT data.xml starts with <entities>", at: location)
        }
        guard xml.hasName("entities") else {
            throw xml.error("the root element is <\(xml.name)>; a CMT data.xml starts with <entities>")
        }
        return xml
    }

    /// A piece size and where pieces go (`readChunks`).
    private typealias Chunking = (records: Int, body: (CMTEntityData, Bool) throws -> Void)

    private func parse(
        _ stream: ByteStream, counting: Bool, chunk: Chunking? = nil, root: ((CMTData) throws -> Void)? = nil,
        _ body: (CMTEntityData) throws -> Void
    ) throws -> (
        data: CMTData, counts: [CMTEntityCount]
    ) {
        warnings = []
        skippedElements = []
        sectionProblems = []
        let peekable = PeekableByteStream(stream)
        encoding = TextEncoding.detect(try peekable.peek(4))
        let xml = try Self.openRoot(peekable, location: location, positions: positions)
        var data = CMTData()
        var counts: [CMTEntityCount] = []
        var countIndex: [String: Int] = [:]

        for attribute in xml.attributes {
            switch attribute.name {
            case "timestamp":
                let timestamp = CMTTimestamp(text: attribute.value)
                if timestamp.value == nil {
                    warnings.append(
                        "\(entry): the export timestamp '\(attribute.value)' is in no date format Airlock knows; it is kept as written")
                }
                data.timestamp = timestamp
            case "xmlns:xsd", "xmlns:xsi":
                continue
            default:
                data.otherAttributes.append(CMTAttribute(attribute.name, attribute.value))
            }
        }
        try root?(data)
        try xml.forEachChild {
            guard xml.hasName("entity") else { return try skipUnexpected(xml, parent: "entities") }
            let (section, count) = try parseEntity(xml, counting: counting, chunk: chunk)
            if let index = countIndex[count.name] {
                counts[index].records += count.records
                counts[index].duplicateIDs += count.duplicateIDs
                counts[index].firstDuplicateID = counts[index].firstDuplicateID ?? count.firstDuplicateID
                counts[index].nonGUIDIDs += count.nonGUIDIDs
                counts[index].firstNonGUIDID = counts[index].firstNonGUIDID ?? count.firstNonGUIDID
                counts[index].undeclaredFields += count.undeclaredFields.filter { !counts[index].undeclaredFields.contains($0) }
                counts[index].sections += 1
            } else {
                countIndex[count.name] = counts.count
                counts.append(count)
            }
            if let section { try body(section) }
        }
        // Read to the end so that anything after the root is checked by libxml2 too.
        while try xml.next() != nil {}

        for count in counts {
            warnings += entityWarnings(count)
        }
        for entity in schema.entities where countIndex[entity.name] == nil {
            warnings.append(
                "\(entry): entity '\(entity.name)' is declared in data_schema.xml but has no section in \(entry) (nothing to import; not an error)"
            )
        }
        return (data, counts)
    }

    private func entityWarnings(_ count: CMTEntityCount) -> [String] {
        var result: [String] = []
        if !count.isDeclared {
            result.append(
                "\(entry): entity '\(count.name)' (\(count.records) records) is not declared in data_schema.xml; CMT cannot import it")
        }
        if count.sections > 1 {
            result.append("\(entry): entity '\(count.name)' has \(count.sections) sections; CMT writes one per entity")
        }
        if count.duplicateIDs > 0 {
            result.append(
                "\(entry): entity '\(count.name)': \(count.duplicateIDs) of \(count.records) records repeat an id already used in the entity (first: \(count.firstDuplicateID ?? "?")); CMT matches records by id, so they would overwrite each other"
            )
        }
        if count.nonGUIDIDs > 0 {
            result.append(
                "\(entry): entity '\(count.name)': \(count.nonGUIDIDs) of \(count.records) records have an id that is not a GUID (first: \(count.firstNonGUIDID ?? "?"); expected e.g. 982dff41-9bba-4e46-a1e3-127424034240); CMT needs a GUID to create or match a record (validate reports each as cmt.record.id)"
            )
        }
        if count.isDeclared && !count.undeclaredFields.isEmpty {
            result.append(
                "\(entry): entity '\(count.name)' has fields that data_schema.xml does not declare: \(count.undeclaredFields.joined(separator: ", ")) (kept as written, not type-checked)"
            )
        }
        return result
    }

    // MARK: entity

    private func parseEntity(_ xml: XMLStreamReader, counting: Bool, chunk: Chunking?) throws -> (CMTEntityData?, CMTEntityCount) {
        var name = ""
        var displayName: String?
        var otherAttributes: [CMTAttribute] = []
        for attribute in xml.attributes {
            switch attribute.name {
            case "name": name = attribute.value
            case "displayname": displayName = attribute.value
            default: otherAttributes.append(CMTAttribute(attribute.name, attribute.value))
            }
        }
        guard !name.isEmpty else { throw xml.error("an <entity> has no name attribute") }
        let schemaEntity = schemaIndex[name]
        var count = CMTEntityCount(name: name, displayName: displayName, isDeclared: schemaEntity != nil)
        var ids = CMTRecordIDSet()
        if counting {
            try countEntity(xml, schemaEntity, &count, &ids)
            return (nil, count)
        }

        sectionProblems = []
        let fields = schemaEntity?.fields ?? []
        var undeclared: [String] = []
        // A piece's tables start with the columns of the section's earlier pieces (undeclared fields included).
        func recordBuilder() -> CMTRecordTableBuilder {
            CMTRecordTableBuilder(
                name: name, columnNames: [CMTRecordTable.idColumn] + fields.map(\.name) + undeclared,
                types: [.guid] + fields.map { $0.type } + undeclared.map { _ in nil }, partyFields: false)
        }
        func partyBuilder() -> CMTRecordTableBuilder {
            CMTRecordTableBuilder(
                name: name, columnNames: [CMTEntityData.partyRecordColumn, CMTEntityData.partyFieldColumn, CMTRecordTable.idColumn],
                types: [nil, nil, .guid], partyFields: true)
        }
        var records = recordBuilder()
        var party = partyBuilder()
        var associations: [CMTManyToManyAssociation] = []
        try recordConsumer?.beginSection(name: name, columns: (0..<records.columnCount).map(records.columnName))
        try xml.forEachChild {
            if xml.hasName("records") {
                try xml.forEachChild {
                    guard xml.hasName("record") else { return try skipUnexpected(xml, parent: "records") }
                    try readRecord(xml, entity: name, &records, &party, &undeclared, &count, &ids)
                    guard let chunk, records.rowCount >= chunk.records else { return }
                    var piece = CMTEntityData(name: name, displayName: displayName, fieldNames: [], otherAttributes: otherAttributes)
                    piece.records = try records.finish()
                    piece.partyMembers = try party.finish()
                    piece.undeclaredFields = undeclared
                    piece.valueProblems = sectionProblems
                    sectionProblems = []
                    records = recordBuilder()
                    party = partyBuilder()
                    try chunk.body(piece, false)
                }
            } else if xml.hasName("m2mrelationships") {
                try xml.forEachChild {
                    guard xml.hasName("m2mrelationship") else { return try skipUnexpected(xml, parent: "m2mrelationships") }
                    associations.append(try readAssociation(xml, entity: name))
                }
            } else if xml.hasName("relationships") {
                try xml.skipElement()
            } else {
                try skipUnexpected(xml, parent: "entity")
            }
        }
        count.undeclaredFields = undeclared
        if let recordConsumer {
            try recordConsumer.endSection()
            return (nil, count)
        }
        var section = CMTEntityData(name: name, displayName: displayName, fieldNames: [], otherAttributes: otherAttributes)
        section.records = try records.finish()
        section.partyMembers = try party.finish()
        section.manyToMany = associations
        section.undeclaredFields = undeclared
        section.valueProblems = sectionProblems
        sectionProblems = []
        if let chunk {
            try chunk.body(section, true)
            return (nil, count)
        }
        return (section, count)
    }

    private func countEntity(
        _ xml: XMLStreamReader, _ schemaEntity: CMTSchemaEntity?, _ count: inout CMTEntityCount, _ ids: inout CMTRecordIDSet
    ) throws {
        var matcher = CMTNameMatcher(schemaEntity?.fieldNames ?? [])
        let entity = count.name
        try xml.forEachChild {
            guard xml.hasName("records") else { return try xml.skipElement() }
            try xml.forEachChild {
                guard xml.hasName("record") else { return try skipUnexpected(xml, parent: "records") }
                count.records += 1
                try xml.withAttribute("id") { bytes in
                    guard let bytes else { throw fail(xml, "a <record> has no id attribute", entity: entity) }
                    if CMTValueCodec.guidValue(bytes) == nil {
                        count.nonGUIDIDs += 1
                        if count.firstNonGUIDID == nil { count.firstNonGUIDID = String(decoding: bytes, as: UTF8.self) }
                    }
                    if !ids.insert(bytes) {
                        count.duplicateIDs += 1
                        if count.firstDuplicateID == nil { count.firstDuplicateID = String(decoding: bytes, as: UTF8.self) }
                    }
                }
                try xml.forEachChild {
                    if xml.hasName("field") {
                        try xml.withAttribute("name") { bytes in
                            guard let bytes, bytes.count > 0 else { throw fail(xml, "a <field> has no name attribute", entity: entity) }
                            if matcher.index(of: bytes) == nil {
                                let name = String(decoding: bytes, as: UTF8.self)
                                matcher.add(name)
                                count.undeclaredFields.append(name)
                            }
                        }
                    }
                    try xml.skipElement()
                }
            }
        }
    }

    // MARK: records

    private func readRecord(
        _ xml: XMLStreamReader, entity: String, _ records: inout CMTRecordTableBuilder, _ party: inout CMTRecordTableBuilder,
        _ undeclared: inout [String], _ count: inout CMTEntityCount, _ ids: inout CMTRecordIDSet
    ) throws {
        records.beginRecord()
        let columns = records.columnCount
        count.records += 1
        try readRecordAttributes(xml, entity: entity, owner: nil, &records, idColumn: 0)
        records.withValue(0) { id in
            guard let id, !ids.insert(id) else { return }
            count.duplicateIDs += 1
            if count.firstDuplicateID == nil { count.firstDuplicateID = String(decoding: id, as: UTF8.self) }
        }
        let row = records.rowCount
        let recordID = records.value(0)
        var newNames: [String] = []
        try xml.forEachChild {
            guard xml.hasName("field") else { return try skipUnexpected(xml, parent: "record") }
            try readField(xml, entity: entity, owner: nil, row: row, &records, idColumn: 0, newNames: &newNames) { fieldName in
                // A party list member: same shape as a record, tied to its owner by row and field.
                party.beginRecord()
                party.setText(0, String(row))
                party.setText(1, fieldName)
                try readRecordAttributes(xml, entity: entity, owner: (recordID ?? "", fieldName), &party, idColumn: 2)
                var ignored: [String] = []
                try xml.forEachChild {
                    guard xml.hasName("field") else { return try skipUnexpected(xml, parent: "activitypointerrecords") }
                    try readField(
                        xml, entity: entity, owner: (recordID ?? "", fieldName), row: row, &party, idColumn: 2, newNames: &ignored,
                        allowsParty: false
                    ) { _ in }
                }
                if recordConsumer == nil { try party.endRecord() }
            }
        }
        undeclared += newNames
        RecordProgress.add(1, as: countsAs)
        guard let recordConsumer else { return try records.endRecord() }
        for column in columns..<records.columnCount { try recordConsumer.addColumn(records.columnName(column)) }
        try records.withCurrentRecord { try recordConsumer.consume($0) }
    }

    /// Reads `id` (a GUID) and any other attribute of a `<record>` or `<activitypointerrecords>`.
    private func readRecordAttributes(
        _ xml: XMLStreamReader, entity: String, owner: (id: String, field: String)?, _ builder: inout CMTRecordTableBuilder, idColumn: Int
    ) throws {
        let element = owner == nil ? "record" : "activitypointerrecords"
        try xml.withAttribute("id") { bytes in
            guard let bytes else {
                throw fail(xml, "a <\(element)> has no id attribute", entity: entity, record: owner?.id, field: owner?.field)
            }
            do {
                try builder.setValue(idColumn, bytes)
            } catch let problem as CMTValueProblem {
                let text = String(decoding: bytes, as: UTF8.self)
                throw fail(
                    xml, "the <\(element)> id '\(text)' is not a GUID: \(problem.reason)", code: .invalidValue, entity: entity,
                    record: owner?.id ?? text, field: owner?.field)
            }
        }
        if xml.attributeCount > 1 {
            for attribute in xml.attributes where attribute.name != "id" {
                builder.setText(builder.column("@" + attribute.name), attribute.value)
            }
        }
    }

    /// Reads one `<field>` into `builder`; with `allowsParty`, `party` reads each nested `<activitypointerrecords>`.
    /// `row` is the record's row in the records table (the owner's for a party list member).
    private func readField(
        _ xml: XMLStreamReader, entity: String, owner: (id: String, field: String)?, row: Int, _ builder: inout CMTRecordTableBuilder,
        idColumn: Int, newNames: inout [String], allowsParty: Bool = true, party: (String) throws -> Void
    ) throws {
        func place(_ field: String?) -> (record: String?, field: String?) {
            guard let owner else { return (builder.value(idColumn), field) }
            return (owner.id, "\(owner.field)/\(field ?? "?")")
        }
        let column: Int = try xml.withAttribute("name") { bytes in
            guard let bytes, bytes.count > 0 else {
                let at = place(nil)
                throw fail(xml, "a <field> has no name attribute", entity: entity, record: at.record, field: owner?.field)
            }
            if let known = builder.column(named: bytes) { return known }
            let name = String(decoding: bytes, as: UTF8.self)
            guard !CMTRecordTable.isAttributeColumn(name) else {
                let at = place(name)
                throw fail(xml, "'\(name)' is not a field name", entity: entity, record: at.record, field: at.field)
            }
            newNames.append(name)
            return builder.addColumn(name)
        }
        let fieldName = builder.columnName(column)
        if builder.isSet(column) {
            let at = place(fieldName)
            throw fail(xml, "the field appears twice in the record", entity: entity, record: at.record, field: at.field)
        }
        var handled = 1
        try xml.withAttribute("value") { bytes in
            guard let bytes else { return }
            handled += 1
            do {
                try builder.setValue(column, bytes)
            } catch let problem as CMTValueProblem {
                let at = place(fieldName)
                if valueProblems == .collect, let type = builder.type(of: column) {
                    builder.setRaw(column, bytes)
                    sectionProblems.append(
                        CMTValueProblemRecord(
                            row: row, field: at.field ?? fieldName, partyMember: owner == nil ? nil : builder.rowCount,
                            value: String(decoding: bytes, as: UTF8.self), type: type, message: problem.reason, line: xml.line))
                    return
                }
                let type = builder.type(of: column).map(\.rawValue) ?? "?"
                throw fail(
                    xml, "value '\(String(decoding: bytes, as: UTF8.self))' is not a valid \(type): \(problem.reason)", code: .invalidValue,
                    entity: entity, record: at.record, field: at.field)
            }
        }
        // A field's other attributes go to tables (`readRecords` hands on values only).
        let attributeCount = recordConsumer == nil ? xml.attributeCount : 0
        if attributeCount > handled {
            for name in [CMTRecordTable.lookupEntityAttribute, CMTRecordTable.lookupEntityNameAttribute] {
                try xml.withAttribute(name) { bytes in
                    guard let bytes else { return }
                    handled += 1
                    try builder.setAttribute(name, column: column, bytes)
                }
            }
            if attributeCount > handled {
                let known: Set<String> = ["name", "value", CMTRecordTable.lookupEntityAttribute, CMTRecordTable.lookupEntityNameAttribute]
                for attribute in xml.attributes where !known.contains(attribute.name) {
                    var value = attribute.value
                    try value.withUTF8 { try builder.setAttribute(attribute.name, column: column, UnsafeRawBufferPointer($0)) }
                }
            }
        }
        try xml.forEachChild {
            if allowsParty, xml.hasName("activitypointerrecords") {
                try party(fieldName)
            } else {
                try skipUnexpected(xml, parent: "field")
            }
        }
    }

    // MARK: many-to-many

    private func readAssociation(_ xml: XMLStreamReader, entity: String) throws -> CMTManyToManyAssociation {
        var attributes: [CMTAttribute] = []
        var source: String?
        for attribute in xml.attributes {
            var value = attribute.value
            if attribute.name == "sourceid" {
                value = try canonicalGUID(xml, value, entity: entity, record: value, what: "sourceid")
                source = value
            }
            attributes.append(CMTAttribute(attribute.name, value))
        }
        var targets: [String] = []
        try xml.forEachChild {
            guard xml.hasName("targetids") else { return try skipUnexpected(xml, parent: "m2mrelationship") }
            try xml.forEachChild {
                guard xml.hasName("targetid") else { return try skipUnexpected(xml, parent: "targetids") }
                let text = try xml.readElementText()
                targets.append(try canonicalGUID(xml, text, entity: entity, record: source, what: "targetid"))
            }
        }
        return CMTManyToManyAssociation(attributes: attributes, targetIDs: targets)
    }

    private func canonicalGUID(_ xml: XMLStreamReader, _ text: String, entity: String, record: String?, what: String) throws -> String {
        do {
            return try CMTValueCodec.decode(text, as: .guid)
        } catch {
            throw fail(xml, "\(what) '\(text)' is not a GUID", code: .invalidValue, entity: entity, record: record, field: what)
        }
    }

    // MARK: helpers

    private func skipUnexpected(_ xml: XMLStreamReader, parent: String) throws {
        let name = xml.name
        if skippedElements.insert("\(parent)/\(name)").inserted {
            warnings.append("\(entry): line \(xml.line): <\(name)> inside <\(parent)> is not part of the CMT format; skipped")
        }
        try xml.skipElement()
    }

    private func fail(
        _ xml: XMLStreamReader, _ message: String, code: AirlockError.Code = .malformedXML, entity: String?, record: String? = nil,
        field: String? = nil
    ) -> AirlockError {
        var error = xml.error(message, code: code)
        // libxml2 only knows the parser's column, which runs ahead of the node: better none than a wrong one.
        error.location.column = nil
        error.location.entity = entity
        error.location.record = record
        error.location.field = field
        return error
    }
}
