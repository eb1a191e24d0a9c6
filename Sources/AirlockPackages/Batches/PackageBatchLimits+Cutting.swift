import AirlockIO
import AirlockModel
import Foundation

extension PackageBatchLimits {
    /// Cuts the package at `path` into a series with `write`, which writes the batches into `folder` keeping each
    /// batch's data under the budget it is given (the size limit's share for data at a margin, nil without a size
    /// limit). A size limit is kept by estimate, then checked: a written batch over it removes the series and cuts
    /// again at a wider margin (three tries); then an error names the batch.
    /// - Parameter fixedMembers: the names of the members every batch carries whole (schema, manifest, header).
    func cut(
        _ path: String, into folder: String, fixedMembers: Set<String>, write: (_ dataBudget: Int64?) throws -> [PackageBatch]
    ) throws -> [PackageBatch] {
        guard let limit = bytes else { return try write(nil) }
        var margin = 0.85
        for attempt in 1...3 {
            let batches = try write(try Self.dataBudget(limit: limit, package: path, fixedMembers: fixedMembers, margin: margin))
            guard let over = batches.first(where: { $0.bytes > limit }) else { return batches }
            for batch in batches { unlink("\(folder)/\(batch.fileName)") }
            if attempt == 3 {
                throw AirlockError(
                    .limitExceeded,
                    "\(over.fileName) takes \(over.bytes) bytes, over the batch size limit of \(limit) (one record's size or the "
                        + "package's own files may be more than the limit leaves room for): raise --batch-mb",
                    at: SourceLocation(file: path))
            }
            margin *= 0.75
        }
        return []
    }

    /// Refuses a size limit for batches written as `.plainMembers`: their zips' sizes are known only once zipped.
    func checkCut(_ form: PackageForm, package path: String) throws {
        guard form == .plainMembers, bytes != nil else { return }
        throw AirlockError(
            .usage, "batches written as plain members are cut by record count alone: a size limit needs their zips",
            at: SourceLocation(file: path))
    }

    /// The bytes of data a batch may take: the limit less the members every batch carries and the zip's own
    /// entries, over the ratio at which the package's members deflated, times `margin`.
    private static func dataBudget(limit: Int64, package path: String, fixedMembers: Set<String>, margin: Double) throws -> Int64 {
        let entries = try ZipArchiveReader(path: path).entries.filter { !$0.isDirectory }
        let inflated = entries.reduce(Int64(0)) { $0 + ($1.size ?? 0) }
        let zipped = try FileStatus.of(path).size
        let fixed = entries.filter { fixedMembers.contains($0.name) }.reduce(Int64(0)) { $0 + ($1.size ?? 0) }
        let room = limit - fixed - 4_096
        guard inflated > 0, room > 0 else { return 1 }
        let ratio = max(Double(zipped) / Double(inflated), 0.01)
        return max(1, Int64(Double(room) / ratio * margin))
    }
}
