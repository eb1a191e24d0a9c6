import AirlockKit
import ArgumentParser

/// `--batch-records N` and `--batch-mb M`, shared by the commands that write a run's packages (convert, merge).
struct BatchArguments: ParsableArguments {
    @Option(
        help:
            "Also cut each side's package into batches of at most this many records (batches/to-fo-0001.zip, …, to-sales-0001.zip, …), with an import plan (batches/import-plan.txt)."
    )
    var batchRecords: Int?

    @Option(
        help:
            "Also cut each side's package into batches of at most this many MB (10^6 bytes) per zip file, with an import plan; with --batch-records, under both."
    )
    var batchMb: Int?

    /// Whether either limit was given.
    var isGiven: Bool { batchRecords != nil || batchMb != nil }

    func validate() throws { _ = try limits() }

    /// The limits asked for, nil when none.
    func limits() throws -> PackageBatchLimits? {
        guard isGiven else { return nil }
        do {
            return try PackageBatchLimits(records: batchRecords, bytes: batchMb.map { Int64($0) * PackageBatchLimits.bytesPerMB })
        } catch let error as AirlockError {
            throw ValidationError(error.message)
        }
    }
}
