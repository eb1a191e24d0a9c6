import AirlockIO
import AirlockModel

/// Streams one entity file of the package being cut into the batch spool, record by record.
struct FOBatchConsumer: FORecordConsumer {
    let spool: FOBatchSpool
    let location: SourceLocation

    mutating func beginFile(format: FODataFormat, encoding: TextEncoding) throws {
        guard case .delimited(let delimiter, _) = format else {
            throw AirlockError(.unsupported, "only delimited entity files are cut into batches", at: location)
        }
        spool.layout(delimiter: delimiter, encoding: encoding)
    }

    mutating func addColumn(_ name: String, at index: Int) throws { spool.addColumn(name) }

    mutating func consume(_ record: some FORecordView, line: Int) throws { try spool.add(record) }
}
