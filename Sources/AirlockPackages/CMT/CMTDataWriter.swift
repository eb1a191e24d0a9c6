import AirlockIO
import AirlockModel

/// Writes `data.xml` as CMT writes it, straight into a byte buffer.
///
/// Layout: `<?xml version="1.0" encoding="utf-8"?>`, UTF-8 without BOM, CR LF line ends, two-space indent,
/// `<field name="…" value="…" />` with a space before `/>`, no line end after `</entities>`. The root carries
/// `xmlns:xsd`, `xmlns:xsi` and `timestamp` (ISO `o`, seven fractional digits; omitted when the data has none).
/// Every section has `<records>` and `<m2mrelationships>` (empty ones as `<records />`, `<m2mrelationships />`).
/// Null values are left out; values are canonicalised by the schema's field types (`CMTValueCodec`); `string`
/// values are HTML-encoded (`&`, `<`, `>`, `"`, `'` → `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`) and then
/// XML-escaped, so `&` appears as `&amp;amp;` in the file. Fields the schema does not declare, party member
/// fields of unknown names and all other attributes are XML-escaped only. After `name` and `value`, field
/// attributes come in the order `lookupentity`, `lookupentityname`, `filename`, then others.
///
/// The streaming calls take an optional `CMTDataObserver`, told of every record, field and line as written.
public struct CMTDataWriter: Sendable {
    /// The schema that gives each field its type.
    public let schema: CMTSchema
    private let schemaIndex: [String: CMTSchemaEntity]

    public init(schema: CMTSchema) {
        self.schema = schema
        var index: [String: CMTSchemaEntity] = [:]
        for entity in schema.entities where index[entity.name] == nil { index[entity.name] = entity }
        self.schemaIndex = index
    }

    /// Writes the whole document into `writer` (which the caller flushes).
    /// - Throws: `AirlockError(.invalidValue)` naming entity, record and field for a value that is not valid for
    ///   its type or holds a character XML cannot carry; the sink's error.
    public func write(
        _ data: CMTData, to writer: BufferedByteWriter, location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember)
    ) throws {
        try writeStart(timestamp: data.timestamp, otherAttributes: data.otherAttributes, to: writer, location: location)
        for entity in data.entities { try writeEntity(entity, to: writer, location: location) }
        try writeEnd(to: writer)
    }

    /// The bytes of `data.xml` for `data`.
    /// - Throws: as `write(_:to:location:)`.
    public func bytes(_ data: CMTData) throws -> [UInt8] {
        let sink = MemoryByteSink()
        let writer = BufferedByteWriter(sink: sink)
        try write(data, to: writer)
        try writer.flush()
        return sink.bytes
    }

    /// Writes the declaration and the root start tag (streaming: then `writeEntity` per section, then `writeEnd`).
    public func writeStart(
        timestamp: CMTTimestamp?, otherAttributes: [CMTAttribute] = [], to writer: BufferedByteWriter,
        location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember), observer: CMTDataObserver? = nil
    ) throws {
        var xml = CMTXMLOutput()
        xml.lineNumber = 1
        try located(location) {
            xml.raw("<?xml version=\"1.0\" encoding=\"utf-8\"?>")
            xml.line(0)
            xml.raw("<entities")
            xml.raw(" xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"")
            if let timestamp { try xml.attribute("timestamp", timestamp.canonicalText) }
            for attribute in otherAttributes { try xml.attribute(attribute.name, attribute.value) }
            xml.raw(">")
        }
        try xml.drain(into: writer)
        if let observer {
            observer.line = xml.lineNumber
            observer.rootStarted(timestamp: timestamp?.canonicalText, line: xml.lineNumber)
        }
    }

    /// Writes the root end tag.
    public func writeEnd(to writer: BufferedByteWriter, observer: CMTDataObserver? = nil) throws {
        var xml = CMTXMLOutput()
        xml.lineNumber = observer?.line ?? 0
        xml.line(0)
        xml.raw("</entities>")
        try xml.drain(into: writer)
        observer?.line = xml.lineNumber
    }

    /// Rows of a record table that a section writes, in order: a section may be written from several tables of the
    /// same columns (one per part of it) without copying them into one.
    public struct Piece {
        /// The records (their `values` columns as the section's: `@id`, then its fields).
        public var records: CMTEntityData
        /// The rows of `records` to write, in order.
        public var rows: [Int]

        public init(records: CMTEntityData, rows: [Int]) {
            self.records = records
            self.rows = rows
        }

        /// Every record of `entity`, in order.
        public static func whole(_ entity: CMTEntityData) -> Piece {
            Piece(records: entity, rows: Array(0..<entity.records.count))
        }
    }

    /// Writes one `<entity>` section.
    /// - Throws: as `write(_:to:location:)`; also when the tables are inconsistent (rows not aligned, a record
    ///   without an id, a party member whose field is not a column).
    public func writeEntity(
        _ entity: CMTEntityData, to writer: BufferedByteWriter, location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember),
        observer: CMTDataObserver? = nil
    ) throws {
        try writeEntity(entity, pieces: [.whole(entity)], to: writer, location: location, observer: observer)
    }

    /// Writes one `<entity>` section: its name, attributes and many-to-many associations from `entity`, its records
    /// from `pieces`, in order.
    /// - Throws: as `writeEntity(_:to:location:observer:)`.
    public func writeEntity(
        _ entity: CMTEntityData, pieces: [Piece], to writer: BufferedByteWriter,
        location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember), observer: CMTDataObserver? = nil
    ) throws {
        let hasRecords = pieces.contains { !$0.rows.isEmpty }
        try writeEntityStart(entity, hasRecords: hasRecords, to: writer, location: location, observer: observer)
        for piece in pieces {
            try writeRecords(piece.records, rows: piece.rows, to: writer, location: location, observer: observer)
        }
        try writeEntityEnd(
            entity.name, hasRecords: hasRecords, associations: entity.manyToMany, to: writer, location: location, observer: observer)
    }

    /// Writes the start of an `<entity>` section from `entity`'s name and attributes (streaming: then
    /// `writeRecords` for as many pieces as there are, then `writeEntityEnd`). Without records the section holds
    /// `<records />`.
    /// - Throws: `AirlockError(.invalidValue)` for a name or attribute XML cannot carry; the sink's error.
    public func writeEntityStart(
        _ entity: CMTEntityData, hasRecords: Bool, to writer: BufferedByteWriter,
        location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember), observer: CMTDataObserver? = nil
    ) throws {
        var place = location
        place.entity = entity.name
        var xml = CMTXMLOutput()
        xml.lineNumber = observer?.line ?? 0
        try located(place) {
            xml.line(1)
            xml.raw("<entity")
            try xml.attribute("name", entity.name)
            if let displayName = entity.displayName { try xml.attribute("displayname", displayName) }
            for attribute in entity.otherAttributes { try xml.attribute(attribute.name, attribute.value) }
            xml.raw(">")
            observer?.sectionStarted(name: entity.name, line: xml.lineNumber)
            xml.line(2)
        }
        xml.raw(hasRecords ? "<records>" : "<records />")
        try xml.drain(into: writer)
        observer?.line = xml.lineNumber
    }

    /// Writes the records of `entity` at `rows` (in that order), with their party members, inside a section
    /// `writeEntityStart` opened with records.
    /// - Throws: as `writeEntity(_:to:location:)`.
    public func writeRecords(
        _ entity: CMTEntityData, rows: some Sequence<Int>, to writer: BufferedByteWriter,
        location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember), observer: CMTDataObserver? = nil
    ) throws {
        var place = location
        place.entity = entity.name
        var xml = CMTXMLOutput()
        xml.lineNumber = observer?.line ?? 0
        let schemaEntity = schemaIndex[entity.name]
        let recordLayout = try CMTTableLayout(entity.records, types: { schemaEntity?.field(named: $0)?.type }, at: place)
        let partyLayout = try CMTTableLayout(entity.partyMembers, types: CMTPartyListFields.type(of:), at: place)
        let membersByRecord = try partyIndex(entity, at: place)
        var scratch: [UInt8] = []
        let watch = observer.map { CMTObservedLayout(observer: $0, layout: recordLayout) }
        let partyWatch = observer.flatMap { CMTObservedLayout(observer: $0, layout: partyLayout) }
        for row in rows {
            try writeRecord(
                row, element: "record", level: 3, layout: recordLayout, &xml, &scratch, place: place,
                members: membersByRecord[row] ?? [], partyLayout: partyLayout, watch: watch, partyWatch: partyWatch)
            try xml.drainIfFull(into: writer)
        }
        try xml.drain(into: writer)
        observer?.line = xml.lineNumber
    }

    /// Ends the section of entity `name` that `writeEntityStart` opened: `</records>` when it had records, then
    /// the many-to-many associations.
    /// - Throws: `AirlockError(.invalidValue)` for an association GUID that is not one; the sink's error.
    public func writeEntityEnd(
        _ name: String, hasRecords: Bool, associations: [CMTManyToManyAssociation], to writer: BufferedByteWriter,
        location: SourceLocation = SourceLocation(entry: CMTPackage.dataMember), observer: CMTDataObserver? = nil
    ) throws {
        var place = location
        place.entity = name
        var xml = CMTXMLOutput()
        xml.lineNumber = observer?.line ?? 0
        if hasRecords {
            xml.line(2)
            xml.raw("</records>")
        }
        try writeAssociations(associations, &xml, place: place, observer: observer)
        xml.line(1)
        xml.raw("</entity>")
        try xml.drain(into: writer)
        observer?.line = xml.lineNumber
    }

    // MARK: records

    private func writeRecord(
        _ row: Int, element: StaticString, level: Int, layout: CMTTableLayout, _ xml: inout CMTXMLOutput, _ scratch: inout [UInt8],
        place: SourceLocation, members: [(row: Int, field: String)], partyLayout: CMTTableLayout?, owner: String? = nil,
        ownerField: String? = nil, watch: CMTObservedLayout?, partyWatch: CMTObservedLayout?
    ) throws {
        let values = layout.table.values
        // The record's place for an error, made only then: its id as text (or its owner's, for a party member).
        func recordPlace() -> SourceLocation {
            var here = place
            here.record = owner ?? values.value(row: row, column: layout.idColumn)
            return here
        }
        scratch.removeAll(keepingCapacity: true)
        let hasID: Bool
        do {
            hasID = try values.withValue(row: row, column: layout.idColumn) { bytes -> Bool in
                guard let bytes else { return false }
                if layout.idsAreCanonical {
                    scratch.append(contentsOf: bytes)
                } else {
                    try CMTValueCodec.transform(.guid, bytes, reading: false, into: &scratch)
                }
                return true
            }
        } catch let problem as CMTValueProblem {
            let id = values.value(row: row, column: layout.idColumn) ?? ""
            throw AirlockError(.invalidValue, "the id '\(id)' is not a GUID: \(problem.reason)", at: recordPlace())
        }
        guard hasID else {
            throw AirlockError(.invalidValue, "a record has no id (null in column @id, row \(row + 1))", at: recordPlace())
        }
        xml.line(level)
        xml.raw("<")
        xml.raw(element)
        xml.raw(" id=\"")
        xml.raw(scratch)
        xml.raw("\"")
        if let watch {
            scratch.withUnsafeBytes { id in
                if owner == nil {
                    watch.observer.recordStarted(id: id, line: xml.lineNumber)
                } else {
                    watch.observer.partyMemberStarted(id: id, line: xml.lineNumber)
                }
            }
        }
        try located(recordPlace()) {
            for column in layout.attributeColumns {
                try values.withValue(row: row, column: column) { bytes in
                    guard let bytes else { return }
                    try xml.attribute(opener: layout.openers[column], bytes: bytes, html: false)
                }
            }
        }
        var opened = false
        for column in layout.fieldColumns {
            let present = values.isPresent(row: row, column: column)
            if members.isEmpty && !present { continue }
            let fieldMembers = members.isEmpty ? [] : members.filter { $0.field == values.columns[column].name }.map(\.row)
            guard present || !fieldMembers.isEmpty else { continue }
            if !opened {
                xml.raw(">")
                opened = true
            }
            do {
                try writeField(
                    values, row: row, column: column, level: level + 1, layout: layout, &xml, &scratch, watch: watch,
                    isMember: owner != nil, hasMembers: !fieldMembers.isEmpty)
            } catch let problem as CMTValueProblem {
                let name = values.columns[column].name
                var here = recordPlace()
                here.field = ownerField.map { "\($0)/\(name)" } ?? name
                throw AirlockError(.invalidValue, problem.reason, at: here)
            }
            if fieldMembers.isEmpty {
                xml.raw(" />")
                continue
            }
            xml.raw(">")
            if let partyLayout {
                let id = values.value(row: row, column: layout.idColumn)
                for member in fieldMembers {
                    try writeRecord(
                        member, element: "activitypointerrecords", level: level + 2, layout: partyLayout, &xml, &scratch, place: place,
                        members: [], partyLayout: nil, owner: id, ownerField: values.columns[column].name, watch: partyWatch,
                        partyWatch: nil)
                }
            }
            watch?.observer.partyMembersEnded()
            xml.line(level + 1)
            xml.raw("</field>")
        }
        if opened {
            xml.line(level)
            xml.raw("</")
            xml.raw(element)
            xml.raw(">")
        } else {
            xml.raw(" />")
        }
        if owner == nil { watch?.observer.recordEnded() }
    }

    /// `<field name="…" value="…" …` up to (not including) the end of the start tag.
    /// - Throws: `CMTValueProblem` when the value is not valid for its type or holds a character XML cannot carry.
    private func writeField(
        _ values: Table, row: Int, column: Int, level: Int, layout: CMTTableLayout, _ xml: inout CMTXMLOutput,
        _ scratch: inout [UInt8], watch: CMTObservedLayout?, isMember: Bool, hasMembers: Bool
    ) throws {
        xml.line(level)
        // `<field name="…" value="` then the value and its closing quote. The opener is read in place and the type
        // only to canonicalise: copying either per field costs a retain and a release.
        let form = layout.forms[column]
        try layout.openers.withUnsafeBufferPointer { openers in
            try values.withValue(row: row, column: column) { bytes in
                let value = bytes ?? UnsafeRawBufferPointer(start: nil, count: 0)
                if form == .canonical, let type = layout.types[column] {
                    scratch.removeAll(keepingCapacity: true)
                    do {
                        try CMTValueCodec.transform(type, value, reading: false, into: &scratch)
                    } catch let problem as CMTValueProblem {
                        throw CMTValueProblem(
                            "value '\(String(decoding: value, as: UTF8.self))' is not a valid \(type.rawValue): \(problem.reason)")
                    }
                    try scratch.withUnsafeBytes { written in
                        try xml.attribute(opener: openers[column], bytes: written, html: false)
                        watch?.tell(written, row: row, column: column, line: xml.lineNumber, isMember: isMember, hasMembers: hasMembers)
                    }
                } else {
                    try xml.attribute(opener: openers[column], bytes: value, html: form == .html)
                    watch?.tell(value, row: row, column: column, line: xml.lineNumber, isMember: isMember, hasMembers: hasMembers)
                }
            }
        }
        guard layout.hasAttributes[column] else { return }
        for (tableIndex, attributeColumn) in layout.attributes(of: column) {
            try layout.table.fieldAttributes[tableIndex].withValue(row: row, column: attributeColumn) { bytes in
                guard let bytes else { return }
                try xml.attribute(opener: layout.fieldAttributeOpeners[tableIndex], bytes: bytes, html: false)
            }
        }
    }

    /// Party member rows (and their field) per owning record row, in table order.
    private func partyIndex(_ entity: CMTEntityData, at place: SourceLocation) throws -> [Int: [(row: Int, field: String)]] {
        let members = entity.partyMembers
        guard members.count > 0 else { return [:] }
        guard let owner = members.values.columnIndex(named: CMTEntityData.partyRecordColumn),
            let field = members.values.columnIndex(named: CMTEntityData.partyFieldColumn)
        else {
            throw AirlockError(.invalidValue, "the party member table lacks its @record or @field column", at: place)
        }
        var index: [Int: [(row: Int, field: String)]] = [:]
        for row in 0..<members.count {
            guard let text = members.values.value(row: row, column: owner), let ownerRow = Int(text), ownerRow >= 0,
                ownerRow < entity.records.count
            else {
                throw AirlockError(.invalidValue, "party member \(row + 1) names no record row in @record", at: place)
            }
            guard let fieldName = members.values.value(row: row, column: field), entity.records.values.columnIndex(named: fieldName) != nil
            else {
                throw AirlockError(.invalidValue, "party member \(row + 1) belongs to a field the record table does not have", at: place)
            }
            index[ownerRow, default: []].append((row, fieldName))
        }
        return index
    }

    // MARK: many-to-many

    private func writeAssociations(
        _ associations: [CMTManyToManyAssociation], _ xml: inout CMTXMLOutput, place: SourceLocation, observer: CMTDataObserver?
    ) throws {
        xml.line(2)
        if associations.isEmpty {
            xml.raw("<m2mrelationships />")
            return
        }
        xml.raw("<m2mrelationships>")
        for association in associations {
            var here = place
            here.record = association.sourceID
            try located(here) {
                xml.line(3)
                xml.raw("<m2mrelationship")
                var name: String?
                var sourceID: String?
                for attribute in association.attributes {
                    let value = attribute.name == "sourceid" ? try CMTValueCodec.canonical(attribute.value, as: .guid) : attribute.value
                    try xml.attribute(attribute.name, value)
                    if attribute.name == "m2mrelationshipname", name == nil { name = value }
                    if attribute.name == "sourceid", sourceID == nil { sourceID = value }
                }
                xml.raw(">")
                observer?.manyToManyStarted(name: name, sourceID: sourceID, line: xml.lineNumber)
                xml.line(4)
                if association.targetIDs.isEmpty {
                    xml.raw("<targetids />")
                } else {
                    xml.raw("<targetids>")
                    for target in association.targetIDs {
                        xml.line(5)
                        xml.raw("<targetid>")
                        let id = try CMTValueCodec.canonical(target, as: .guid)
                        observer?.manyToManyTarget(id, line: xml.lineNumber)
                        try xml.text(id)
                        xml.raw("</targetid>")
                    }
                    xml.line(4)
                    xml.raw("</targetids>")
                }
                xml.line(3)
                xml.raw("</m2mrelationship>")
            }
        }
        xml.line(2)
        xml.raw("</m2mrelationships>")
    }

    /// Runs `body`, turning value problems into located errors and adding `place` (made only on an error) to
    /// Airlock errors.
    private func located(_ place: @autoclosure () -> SourceLocation, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let problem as CMTValueProblem {
            throw AirlockError(.invalidValue, problem.reason, at: place())
        } catch let error as AirlockError {
            throw error.within(place())
        }
    }
}
