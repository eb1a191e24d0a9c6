import AirlockKit
import ArgumentParser
import Foundation

/// `--batch-records N` and `--batch-mb M`, shared by the commands that write a run's packages (convert, merge).
struct BatchArguments: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help:
            "Also cut each side's package into batches of at most this many records (batches/to-fo-0001.zip, …, to-sales-0001.zip, …), with an import plan (batches/import-plan.txt).",
        transform: BatchArguments.records)
    var batchRecords: Int?

    @Option(
        parsing: .unconditional,
        help:
            "Also cut each side's package into batches of at most this many MB (10^6 bytes; 50, or 0.5) per zip file, with an import plan; with --batch-records, under both.",
        transform: BatchArguments.megabytes)
    var batchMb: Double?

    /// Whether either limit was given.
    var isGiven: Bool { batchRecords != nil || batchMb != nil }

    func validate() throws { _ = try limits() }

    /// The limits asked for, nil when none.
    func limits() throws -> PackageBatchLimits? {
        guard isGiven else { return nil }
        do {
            return try PackageBatchLimits(
                records: batchRecords, bytes: batchMb.map { Int64(($0 * Double(PackageBatchLimits.bytesPerMB)).rounded(.down)) })
        } catch let error as AirlockError {
            throw ValidationError(error.message)
        }
    }

    /// `--batch-records`' value: a whole number of records, 1 or more.
    static func records(_ text: String) throws -> Int {
        guard let records = Int(text.trimmingCharacters(in: .whitespaces)), records >= 1 else {
            throw ValidationError("a whole number of records is wanted, 1 or more")
        }
        return records
    }

    /// `--batch-mb`'s value: a size in MB (10^6 bytes), whole or not.
    static func megabytes(_ text: String) throws -> Double {
        guard let megabytes = Double(text.trimmingCharacters(in: .whitespaces)), megabytes.isFinite, megabytes > 0 else {
            throw ValidationError("a size in MB (10^6 bytes) is wanted, such as 50 or 0.5, at least 0.2")
        }
        return megabytes
    }
}
