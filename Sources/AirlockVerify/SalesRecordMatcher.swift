import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// Streams the `data.xml` of the Sales export after the import past the records `to-sales.zip` sent: each export
/// record is matched on its id (CMT keeps the id given on import), else on the entity's natural key when that is
/// made of plain fields (a record the import matched to an existing one keeps that one's id), and its fields are
/// compared with the values sent. Holds one record's compared values at a time.
///
/// A record's values are first taken as a digest of their canonical forms, decoded as the Configuration Migration
/// reader decodes them (`SentDigests`): the same digest, and the record landed. Otherwise the values sent are read
/// back from the work file and compared one by one, which names the fields that differ.
final class SalesRecordMatcher {
    private let sent: SentSalesFeed
    private let spool: SentValueSpool
    private let drift: DriftRecorder
    /// Per sent entity: the columns compared (those the export's schema declares) and the columns read.
    private var compared: [ObjectIdentifier: [Int]] = [:]
    /// The sent entities whose digests were planned on exactly the columns compared.
    private var digested = Set<ObjectIdentifier>()
    /// Per sent entity: the names of the fields read (compared, and the key's) and their columns.
    private var fieldsRead: [ObjectIdentifier: (names: CMTNameMatcher, columns: [Int])] = [:]
    /// The sent entities whose columns are planned (verified or not).
    private var planned = Set<ObjectIdentifier>()
    /// What reading and comparing one record needs (moved out while a record is read: no access to the matcher).
    private var scratch = Scratch()
    /// Export records whose id and key were not sent, by entity.
    private(set) var notSent: [String: Int] = [:]

    /// A matcher of the entities `sent` hands over as `to-sales.zip` is read, whose values are in `spool`.
    init(sent: SentSalesFeed, spool: SentValueSpool, drift: DriftRecorder) {
        self.sent = sent
        self.spool = spool
        self.drift = drift
    }

    /// Reads the export package at `source` (a Configuration Migration package); returns warnings.
    /// - Throws: `AirlockError` for a package that cannot be read, with file, entry, line and entity; the error of
    ///   reading `to-sales.zip` first, as a run that read it whole before the export would.
    func run(_ source: PackageSource) throws -> [String] {
        do {
            return try scan(source)
        } catch {
            // The package's error, if reading it fails too, is the one to report.
            _ = try sent.all()
            throw error
        }
    }

    private func scan(_ source: PackageSource) throws -> [String] {
        let reader = try CMTPackageReader(source: source)
        let location = source.location(of: reader.dataMember)
        let xml = try CMTDataReader.openRoot(source.open(reader.dataMember), location: location)
        try xml.forEachChild {
            guard xml.hasName("entity"), let entity = try xml.attribute("name").flatMap(sent.entity(named:)) else {
                return try xml.skipElement()
            }
            plan(entity, schema: reader.schema)
            guard entity.verified else { return try xml.skipElement() }
            var fields = fieldsRead[ObjectIdentifier(entity)] ?? (CMTNameMatcher(), [])
            let columns = compared[ObjectIdentifier(entity)] ?? []
            try xml.forEachChild {
                guard xml.hasName("records") else { return try xml.skipElement() }
                try xml.forEachChild {
                    guard xml.hasName("record") else { return try xml.skipElement() }
                    try record(xml, entity, fields: &fields, columns: columns)
                }
            }
        }
        while try xml.next() != nil {}
        var warnings: [String] = []
        for entity in try sent.all() {
            plan(entity, schema: reader.schema)
            if !entity.verified {
                warnings.append(
                    "the Sales export's schema has no entity \(entity.name): its \(entity.rowCount) sent records are not verified (export it too)"
                )
            }
            try entity.settleUnproven(spool: spool)
        }
        return warnings
    }

    /// Plans, once per entity, what is compared: the entity is verified when the export's schema declares it, and
    /// the fields sent that the schema lacks are not compared.
    private func plan(_ entity: SentEntity, schema exportSchema: CMTSchema) {
        guard planned.insert(ObjectIdentifier(entity)).inserted, let schema = exportSchema.entity(named: entity.name) else { return }
        entity.verified = true
        entity.exportEntity = entity.name
        let declared = Set(schema.fieldNames)
        let names = entity.columnNames
        var carried: [Int] = []
        for column in entity.compared {
            if declared.contains(names[column]) { carried.append(column) } else { entity.notComparedColumns.append(column) }
        }
        compared[ObjectIdentifier(entity)] = carried
        if entity.digests?.columns == carried { digested.insert(ObjectIdentifier(entity)) }
        var fields: [(name: String, column: Int)] = carried.map { (names[$0], $0) }
        for name in entity.keyColumns {
            guard let column = entity.columnIndex(named: name) else { continue }
            if let known = fields.firstIndex(where: { $0.name == name }) {
                fields[known].column = column
            } else {
                fields.append((name, column))
            }
        }
        fieldsRead[ObjectIdentifier(entity)] = (CMTNameMatcher(fields.map(\.name)), fields.map(\.column))
    }

    private func record(_ xml: XMLStreamReader, _ entity: SentEntity, fields: inout (names: CMTNameMatcher, columns: [Int]), columns: [Int])
        throws
    {
        var scratch = Scratch()
        swap(&scratch, &self.scratch)
        defer { swap(&scratch, &self.scratch) }
        scratch.found.begin(width: entity.columnNames.count)
        let byID = xml.withAttribute("id") { bytes in bytes.flatMap { entity.ids?.row(for: $0) } }
        guard byID != nil || entity.keyIndex != nil else {
            // Not sent, and no natural key to find it by: its fields are not needed.
            notSent[entity.name, default: 0] += 1
            return try xml.skipElement()
        }
        try xml.forEachChild {
            if xml.hasName("field"), let field = xml.withAttribute("name", { $0.flatMap { fields.names.index(of: $0) } }) {
                let column = fields.columns[field]
                xml.withAttribute("value") { scratch.found.set(column, $0) }
            }
            try xml.skipElement()
        }
        guard let row = byID ?? Self.match(entity, &scratch) else {
            notSent[entity.name, default: 0] += 1
            return
        }
        guard entity.outcomes[row] == .notFound else {
            entity.repeatedInExport += 1
            return
        }
        entity.outcomes[row] = .landed
        if digested.contains(ObjectIdentifier(entity)), let digests = entity.digests,
            Self.landsByDigest(entity, row: row, digests: digests, &scratch)
        {
            return
        }
        let sentValues = try entity.sentValues(of: row, in: spool)
        for column in columns { try compare(entity, row: row, column: column, sent: sentValues, found: scratch.found) }
    }

    /// Whether the record's values give sent record `row`'s digest (each decoded by its type first, as `compare`).
    private static func landsByDigest(_ entity: SentEntity, row: Int, digests: SentDigests, _ scratch: inout Scratch) -> Bool {
        scratch.digester.reset()
        let found = scratch.found
        for (position, column) in digests.columns.enumerated() where digests.isSent(row: row, position: position) {
            // A value sent and absent from the export differs.
            guard found.has(column) else { return false }
            let rule = entity.rules[column]
            let type = entity.salesTypes[column]
            found.withValue(column) { value in
                scratch.decoded.removeAll(keepingCapacity: true)
                if !decodingKeepsForm(type, value), CMTValueCodec.decode(value, as: type, into: &scratch.decoded) {
                    scratch.decoded.withUnsafeBytes { scratch.digester.addFound($0, rule: rule, decimalSeparator: point) }
                } else {
                    scratch.digester.addFound(value, rule: rule, decimalSeparator: point)
                }
            }
        }
        return scratch.digester.digest() == digests.digest(of: row)
    }

    /// Whether `value`, of `type`, has the canonical form of its rule whether it is decoded first or not, so that it
    /// need not be: integers, decimals and money decode to the same number (`12.50` stays at its scale, which the
    /// rule ignores); text without `&` has no HTML reference to decode; a GUID, a lookup or a bool already written as
    /// the reader writes it decodes to itself. Not so floats (`nan` decodes to `NaN`) nor date-times.
    private static func decodingKeepsForm(_ type: CMTFieldType, _ value: UnsafeRawBufferPointer) -> Bool {
        switch type {
        case .number, .bigint, .decimal, .money, .optionSetValue, .state, .status: true
        case .string: !value.contains(UInt8(ascii: "&"))
        case .guid, .entityReference, .owner, .lookup, .customer: CMTValueCodec.isCanonicalGUID(value)
        case .bool: value.elementsEqual("True".utf8) || value.elementsEqual("False".utf8)
        default: false
        }
    }

    /// Sales numbers are invariant.
    private static let point = UInt8(ascii: ".")

    /// The sent record an export record whose id was not sent is: by natural key (each part decoded by its type when
    /// it decodes).
    private static func match(_ entity: SentEntity, _ scratch: inout Scratch) -> Int? {
        guard let index = entity.keyIndex else { return nil }
        scratch.probe.reset()
        let found = scratch.found
        for name in entity.keyColumns {
            guard let column = entity.columnIndex(named: name), found.has(column) else {
                scratch.probe.add(nil)
                continue
            }
            found.withValue(column) { value in
                scratch.decoded.removeAll(keepingCapacity: true)
                if CMTValueCodec.decode(value, as: entity.salesTypes[column], into: &scratch.decoded) {
                    scratch.decoded.withUnsafeBytes { scratch.probe.add($0) }
                } else {
                    scratch.probe.add(value)
                }
            }
        }
        return index.row(for: scratch.probe)
    }

    /// Compares field `column` with the value `sent` holds for it, writing a row of `drifted.csv` when it differs.
    private func compare(_ entity: SentEntity, row: Int, column: Int, sent: SentValues, found: FoundFields) throws {
        let present = found.has(column)
        let differs: Bool = sent.withValue(column) { sentBytes in
            guard let sentBytes, !ASCII.trimmed(sentBytes).isEmpty else { return false }
            guard present else { return true }
            return found.withValue(column) { found in
                if sentBytes.hasSameBytes(as: found) { return false }
                let text = String(decoding: found, as: UTF8.self)
                guard let canonical = try? CMTValueCodec.decode(text, as: entity.salesTypes[column]) else {
                    return !entity.rules[column].equal(sentBytes, found)
                }
                var decoded = canonical
                return decoded.withUTF8 { !entity.rules[column].equal(sentBytes, UnsafeRawBufferPointer($0)) }
            }
        }
        guard differs else { return }
        try drift.record(entity, row: row, column: column, sent: sent.text(column), found: found.text(column))
    }

    /// What reading and comparing one export record needs.
    private struct Scratch {
        /// The fields of the record, by sent column.
        var found = FoundFields()
        var decoded: [UInt8] = []
        var digester = FieldDigester()
        var probe = KeyProbe()
    }
}
