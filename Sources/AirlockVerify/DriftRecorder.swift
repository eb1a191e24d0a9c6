import AirlockIO
import AirlockMapping
import AirlockModel

/// Notes a field found different in a sent record: counts it on the record's entity and flow, and writes its row of
/// `drifted.csv` (flow, side, entity, key, id, field, sent, found).
final class DriftRecorder {
    let writer: CSVFileWriter
    /// The key text of a sent record (`SentPackages.keyText`).
    let keyText: (SentEntity, Int) throws -> String

    init(writer: CSVFileWriter, keyText: @escaping (SentEntity, Int) throws -> String) {
        self.writer = writer
        self.keyText = keyText
    }

    /// Field `column` of record `row` of `entity` was sent as `sent` and found as `found`.
    func record(_ entity: SentEntity, row: Int, column: Int, sent: String, found: String) throws {
        entity.noteDrift(row: row, column: column)
        try writer.writeRecord([
            entity.flow(of: row), entity.side.rawValue, entity.name, try keyText(entity, row), SentPackages.recordID(entity, row: row),
            entity.columnNames[column], sent, found,
        ])
    }
}
