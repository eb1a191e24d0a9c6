import AirlockIO
import AirlockModel
import AirlockPackages
import AirlockReconcile

/// How one F&O entity's records are matched and compared: the key's and the compared columns' indexes in the old
/// and the new file (either may be absent when only one export has the entity).
struct FODiffColumns {
    /// Key field names, company (`DATAAREAID`) first when the key has it.
    var keyFields: [String]
    var hasCompany: Bool
    var keySource: DiffKeySource
    /// Compared field names (shared, not in the key), in byte order.
    var compared: [String]
    var oldKey: [Int] = []
    var newKey: [Int] = []
    var oldCompared: [Int] = []
    var newCompared: [Int] = []
    var onlyInOld: [String] = []
    var onlyInNew: [String] = []
    /// The column count, when both files are delimited with the same columns in the same order: records are then
    /// digested whole (`FOWholeRecordDigest`) instead of value by value.
    var wholeRecordColumns: Int?

    /// Plans the columns from the fields (upper-cased entity field names) of each file.
    /// - Parameters:
    ///   - wanted: the key fields asked for (option or catalog), company first when it belongs to the key.
    static func plan(
        entity: String, oldFields: [String]?, newFields: [String]?, wanted: [String]?, source: DiffKeySource, warnings: inout [String]
    ) -> FODiffColumns {
        let oldSet = Set(oldFields ?? newFields ?? [])
        let newSet = Set(newFields ?? oldFields ?? [])
        let reference = newFields ?? oldFields ?? []
        let shared = reference.filter { oldSet.contains($0) && newSet.contains($0) }
        var keyFields = wanted ?? []
        var keySource = source
        let missing = keyFields.filter { !oldSet.contains($0) || !newSet.contains($0) }
        if wanted == nil || !missing.isEmpty || keyFields.isEmpty {
            if let wanted, !wanted.isEmpty {
                warnings.append(
                    "\(entity): the key field\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) \(missing.count == 1 ? "is" : "are") not a column of both exports; records are matched by all their shared columns (a changed record shows as deleted and created); give the key with --key \"\(entity)=COLUMN,…\""
                )
            } else {
                warnings.append(
                    "\(entity): the schema catalog knows no key for this entity; records are matched by all their shared columns (a changed record shows as deleted and created); give the key with --key \"\(entity)=COLUMN,…\""
                )
            }
            keyFields = shared.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            keySource = .wholeRow
        }
        let hasCompany = keyFields.contains("DATAAREAID")
        if hasCompany { keyFields = ["DATAAREAID"] + keyFields.filter { $0 != "DATAAREAID" } }
        let keySet = Set(keyFields)
        let compared = shared.filter { !keySet.contains($0) }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var columns = FODiffColumns(keyFields: keyFields, hasCompany: hasCompany, keySource: keySource, compared: compared)
        if let oldFields {
            columns.oldKey = keyFields.compactMap { oldFields.firstIndex(of: $0) }
            columns.oldCompared = compared.compactMap { oldFields.firstIndex(of: $0) }
        }
        if let newFields {
            columns.newKey = keyFields.compactMap { newFields.firstIndex(of: $0) }
            columns.newCompared = compared.compactMap { newFields.firstIndex(of: $0) }
        }
        if let oldFields, let newFields {
            columns.onlyInOld = oldFields.filter { !newSet.contains($0) }
            columns.onlyInNew = newFields.filter { !oldSet.contains($0) }
            if !columns.onlyInOld.isEmpty || !columns.onlyInNew.isEmpty {
                var parts: [String] = []
                if !columns.onlyInOld.isEmpty { parts.append("only the old export has \(columns.onlyInOld.joined(separator: ", "))") }
                if !columns.onlyInNew.isEmpty { parts.append("only the new export has \(columns.onlyInNew.joined(separator: ", "))") }
                warnings.append(
                    "\(entity): the exports' columns differ (\(parts.joined(separator: "; "))); only the shared columns are compared, and the delta carries the new export's columns"
                )
            }
        }
        return columns
    }

    /// The digest of a new record's compared values (of the whole record, when `wholeRecordColumns` allows it).
    func newDigest(_ record: some FORecordView, digester: inout RecordDigester) -> RecordDigest {
        if let wholeRecordColumns, let fields = record as? CSVFields {
            return FOWholeRecordDigest.digest(fields, columnCount: wholeRecordColumns)
        }
        digester.reset()
        for column in newCompared { record.withValueIfAny(column) { digester.add($0) } }
        return digester.digest()
    }
}
