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
    static func read(
        fo: String?, sales: String?, policy: MaskPolicy, catalog: SchemaCatalog, fileEncoding: FOFileEncoding, pieceRecords: Int
    ) throws -> Found {
        var found = Found()
        if let fo { try survey(fo: fo, policy: policy, catalog: catalog, fileEncoding: fileEncoding, into: &found) }
        if let sales { try survey(sales: sales, policy: policy, catalog: catalog, pieceRecords: pieceRecords, into: &found) }
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

    private static func survey(
        sales path: String, policy: MaskPolicy, catalog: SchemaCatalog, pieceRecords: Int, into found: inout Found
    ) throws {
        let reader = try CMTPackageReader(source: PackageDetector.locateExport(path, as: .cmt), countsAs: .checked)
        var methods: [String: [MaskMethod?]] = [:]
        var lookupMethods: [String: MaskMethod?] = [:]
        _ = try reader.readChunks(chunkRecords: pieceRecords) { piece, _ in
            let table = piece.records.values
            let columns =
                methods[piece.name]
                ?? table.columnNames.map { name in
                    CMTRecordTable.isAttributeColumn(name)
                        ? nil : policy.method(side: "sales", entity: piece.name, column: name, catalog: catalog)
                }
            methods[piece.name] = columns
            for (index, method) in columns.enumerated() {
                guard let method, MaskPhrases.soughtMethods.contains(method) else { continue }
                let purpose = MaskWordVocabulary.purpose(of: method)
                for row in 0..<table.rowCount {
                    table.withValue(row: row, column: index) { bytes in
                        guard let bytes else { return }
                        found.phrases.add(bytes, method: method)
                        if let purpose { found.words.add(String(decoding: bytes, as: UTF8.self), purpose: purpose) }
                    }
                }
            }
            // The display names lookups carry, masked as the records they name are.
            guard let names = piece.records.attributeTable(named: CMTRecordTable.lookupEntityNameAttribute),
                let entities = piece.records.attributeTable(named: CMTRecordTable.lookupEntityAttribute)
            else { return }
            for (index, field) in names.columnNames.enumerated() {
                guard let entityColumn = entities.columnIndex(named: field) else { continue }
                for row in 0..<names.rowCount {
                    guard let entity = entities.value(row: row, column: entityColumn) else { continue }
                    let method =
                        lookupMethods[entity]
                        ?? catalog.salesEntity(named: entity)?.primaryNameAttribute.flatMap {
                            policy.method(side: "sales", entity: entity, column: $0, catalog: catalog)
                        }
                    lookupMethods[entity] = method
                    guard let method else { continue }
                    names.withValue(row: row, column: index) { bytes in
                        guard let bytes else { return }
                        found.phrases.add(bytes, method: method)
                        if let purpose = MaskWordVocabulary.purpose(of: method) {
                            found.words.add(String(decoding: bytes, as: UTF8.self), purpose: purpose)
                        }
                    }
                }
            }
        }
    }
}
