import AirlockIO
import AirlockModel
import AirlockPackages

/// The first reading of a masking: both exports read for the values their masked columns hold (`MaskPhrases`), so
/// that the second, which writes, replaces each of them wherever it is typed into another text column of either
/// export, whichever entity or export comes first.
enum MaskSurvey {
    /// What one export holds: the values the policy masks, sought in text, and the words names and streets draw from.
    struct Found: Sendable {
        var phrases = MaskPhrases()
        var words = MaskWordVocabulary()

        /// Adds what another export holds.
        mutating func formUnion(_ other: Found) {
            phrases.formUnion(other.phrases)
            words.formUnion(other.words)
        }
    }

    /// What the export `fo` or `sales` (one of them) holds.
    /// - Throws: the readers' errors.
    static func read(fo: String?, sales: String?, policy: MaskPolicy, catalog: SchemaCatalog, fileEncoding: FOFileEncoding) throws -> Found
    {
        var found = Found()
        if let fo { try survey(fo: fo, policy: policy, catalog: catalog, fileEncoding: fileEncoding, into: &found) }
        if let sales { try survey(sales: sales, policy: policy, catalog: catalog, into: &found) }
        return found
    }

    private static func survey(
        fo path: String, policy: MaskPolicy, catalog: SchemaCatalog, fileEncoding: FOFileEncoding, into found: inout Found
    ) throws {
        let reader = try FOPackageReader(
            source: PackageDetector.locateExport(path, as: .fo), fileEncoding: fileEncoding, countsAs: .checked)
        for line in reader.manifest.entities where reader.dataMember(for: line) != nil {
            let map = FOColumnMap(line.entityMap ?? [])
            var consumer = FOSurveyConsumer(phrases: found.phrases, words: found.words) { column in
                policy.method(side: "fo", entity: line.entityName, column: map.entityField(for: column) ?? column, catalog: catalog)
            }
            found = Found()
            defer { found = Found(phrases: consumer.phrases, words: consumer.words) }
            _ = try reader.scan(line, into: &consumer)
        }
    }

    /// The Sales export's `data.xml` read as XML alone (no record tables: the first reading needs only the values of
    /// masked fields, `<field name=… value=…>` of each `<entity name=…>`, and the display names lookups carry), on a
    /// parser a few chunks ahead on a thread of its own.
    private static func survey(
        sales path: String, policy: MaskPolicy, catalog: SchemaCatalog, into found: inout Found
    ) throws {
        let reader = try CMTPackageReader(source: PackageDetector.locateExport(path, as: .cmt), countsAs: .checked)
        try reader.checkContentTypes()
        let xml = try XMLStreamReader(
            reader.source.open(reader.dataMember), location: reader.source.location(of: reader.dataMember), parseAhead: true)
        var methods: [String: MaskMethod?] = [:]
        var lookupMethods: [String: MaskMethod?] = [:]
        var entity = ""
        var phrases = found.phrases
        var words = found.words
        found = Found()
        defer { found = Found(phrases: phrases, words: words) }
        // Values as the export's reader gives them: strings HTML-decoded, as the Configuration Migration tool writes
        // them encoded (`O&#39;Brien`).
        var decoded: [UInt8] = []
        func add(_ raw: UnsafeRawBufferPointer, _ method: MaskMethod) {
            decoded.removeAll(keepingCapacity: true)
            _ = CMTValueCodec.decode(raw, as: .string, into: &decoded)
            decoded.withUnsafeBytes { add(decoded: $0, method) }
        }
        func add(decoded bytes: UnsafeRawBufferPointer, _ method: MaskMethod) {
            if let purpose = MaskWordVocabulary.purpose(of: method) {
                phrases.add(bytes, method: method) { words.add(folded: $0, purpose: purpose) }
            } else {
                phrases.add(bytes, method: method)
            }
        }
        while let kind = try xml.next() {
            guard kind == .startElement else { continue }
            if xml.hasName("entity") {
                entity = xml.attribute("name") ?? ""
                continue
            }
            if xml.hasName("record") {
                RecordProgress.add(1, as: .checked)
                continue
            }
            guard xml.hasName("field"), !entity.isEmpty, let name = xml.attribute("name") else { continue }
            let key = entity + "\u{0}" + name
            let method: MaskMethod?
            if let known = methods[key] {
                method = known
            } else {
                let looked = policy.method(side: "sales", entity: entity, column: name, catalog: catalog)
                method = looked.flatMap { MaskPhrases.soughtMethods.contains($0) ? $0 : nil }
                methods[key] = method
            }
            if let method { xml.withAttribute("value") { bytes in if let bytes, !bytes.isEmpty { add(bytes, method) } } }
            // The display name a lookup carries, masked as the record it names is.
            guard let target = xml.attribute(CMTRecordTable.lookupEntityAttribute) else { continue }
            let lookupMethod: MaskMethod?
            if let known = lookupMethods[target] {
                lookupMethod = known
            } else {
                lookupMethod = policy.nameMethod(ofSales: target, catalog: catalog)
                lookupMethods[target] = lookupMethod
            }
            if let lookupMethod {
                xml.withAttribute(CMTRecordTable.lookupEntityNameAttribute) { bytes in
                    if let bytes, !bytes.isEmpty { add(bytes, lookupMethod) }
                }
            }
        }
    }
}
