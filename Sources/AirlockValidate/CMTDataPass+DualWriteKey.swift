import AirlockModel
import Foundation

extension CMTDataPass {
    // MARK: dual-write integration key

    /// Reports each declared column of the record's dual-write integration key that the record leaves blank
    /// (`cmt.record.dual-write-key`): dual-write, switched on with "skip initial sync", could not match the row to its
    /// finance and operations record. Records outside the key's `onlyWhen` scope are not checked.
    func checkDualWriteKey(_ key: SalesIntegrationKey, _ entity: CMTEntityCheck) {
        if entity.dualWriteScopeField != nil && entity.dualWriteScopeStamp != stamp { return }
        let severity = ValidationSeverity.resting(on: key.certainty, enforcement: key.enforcement)
        for index in entity.dualWriteKeyFields where entity.fields[index].keyFilledStamp != stamp {
            let field = entity.fields[index]
            let scope = key.onlyWhen.map { " (for a record whose '\($0)' is Yes)" } ?? ""
            add(
                ValidationRules.cmtRecordDualWriteKey, entity, line: recordLine, field: field.name,
                "the record has no value for '\(field.name)', a column of the dual-write integration key of '\(entity.name)' (\(key.columns.joined(separator: ", ")))\(scope); dual-write switched on with 'skip initial sync' could not match the row to its finance and operations record"
                    + key.certainty.findingNote(origin: key.origin, enforcement: key.enforcement),
                severity: severity, basis: key.certainty)
        }
    }

    /// Whether a value has something besides blanks.
    static func isFilled(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    /// Whether a Yes/No value is Yes: `True` as CMT writes it, or `true`, `1`.
    static func isYes(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        return text == "true" || text == "1"
    }
}
