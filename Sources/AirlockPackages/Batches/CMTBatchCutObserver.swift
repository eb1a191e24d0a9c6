import AirlockModel

/// Told of the records a Configuration Migration package's batches take as `CMTPackageSplitter` cuts them: `start`
/// when a try of the series starts (a size limit cuts the series again when a batch's zip is over the limit), then
/// `rows` for each run of a piece's rows, with the number (from 1) of the batch they go to.
public struct CMTBatchCutObserver {
    public var start: () -> Void
    public var rows: (_ batch: Int, _ chunk: CMTEntityData, _ rows: Range<Int>) throws -> Void

    public init(start: @escaping () -> Void, rows: @escaping (_ batch: Int, _ chunk: CMTEntityData, _ rows: Range<Int>) throws -> Void) {
        self.start = start
        self.rows = rows
    }
}
