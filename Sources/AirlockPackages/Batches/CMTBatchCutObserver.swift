/// Told of the records a Configuration Migration package's batches take as `CMTPackageSplitter` cuts them: `start`
/// when a try of the series starts (a size limit cuts the series again when a batch's zip is over the limit), then
/// `record` for each record, with the number (from 1) of the batch it goes to, its entity and its id as written.
public struct CMTBatchCutObserver {
    public var start: () -> Void
    public var record: (_ batch: Int, _ entity: String, _ id: UnsafeRawBufferPointer) -> Void

    public init(start: @escaping () -> Void, record: @escaping (_ batch: Int, _ entity: String, _ id: UnsafeRawBufferPointer) -> Void) {
        self.start = start
        self.record = record
    }
}
