import AirlockIO
import AirlockModel
import Foundation

/// Cuts an F&O data package into a numbered series of packages, each under `PackageBatchLimits`.
///
/// Entities keep the manifest's load order (execution unit, level, sequence: a customer before its contact
/// persons, a header before its lines) and each file its record order (F&O's within-file order: a customer before
/// the rows that name it as their invoice account), so a batch's references are to records of an earlier batch,
/// of the same batch, or of the target. A file longer than a batch is cut and continues in the next one, with its
/// header row in each. Each batch has the package's header and its manifest cut to the entities it holds, whose
/// lines keep their execution unit, level and sequence. Records are written field for field in the file's own
/// encoding and delimiter, so the union of the batches is the package, record for record.
///
/// A size limit is kept by estimate, then checked (`PackageBatchLimits.cut`).
public enum FOPackageSplitter {
    /// Writes the series of `path` (a zip, or a folder of its members) into `folder` as `<stem>-0001.zip`, … and
    /// returns it, in load order; `form` `.plainMembers` writes each batch's members into a folder `<stem>-0001`, …
    /// instead (`PackageBatch.plainFolderName`), to be zipped later, and takes no size limit.
    /// - Throws: `AirlockError` when the package cannot be read (a file other than delimited text among them), a
    ///   batch cannot be written, or a batch stays over the size limit; the batches written are removed then.
    ///   `.usage` for a size limit with `.plainMembers`.
    public static func split(
        _ path: String, limits: PackageBatchLimits, into folder: String, stem: String, form: PackageForm = .zip
    ) throws -> [PackageBatch] {
        try limits.checkCut(form, package: path)
        let reader = try FOPackageReader(source: openPackageSource(path: path), countsAs: .checked)
        return try limits.cut(path, into: folder, fixedMembers: [reader.manifestMember, reader.headerMember]) { budget in
            try write(path, limits: limits, into: folder, stem: stem, dataBudget: budget, form: form)
        }
    }

    private static func write(
        _ path: String, limits: PackageBatchLimits, into folder: String, stem: String, dataBudget budget: Int64?, form: PackageForm
    ) throws -> [PackageBatch] {
        let reader = try FOPackageReader(source: openPackageSource(path: path), countsAs: .checked)
        let spool = FOBatchSpool(
            header: reader.header, manifest: reader.manifest, folder: folder, stem: stem, limits: limits, dataBudget: budget, form: form)
        var read: [String: Int] = [:]
        do {
            for entity in loadOrder(reader.manifest.entities) {
                spool.begin(entity)
                var consumer = FOBatchConsumer(spool: spool, location: SourceLocation(file: path, entity: entity.entityName))
                let summary = try reader.scan(entity, into: &consumer)
                try spool.end()
                read[entity.entityName, default: 0] += summary.records
            }
            let batches = try spool.finish()
            var written: [String: Int] = [:]
            for batch in batches {
                for section in batch.sections { written[section.entity, default: 0] += section.records }
            }
            for (entity, records) in read.sorted(by: { $0.key < $1.key }) where written[entity, default: 0] != records {
                throw AirlockError(
                    .io, "the batches hold \(written[entity, default: 0]) \(entity) records where the package holds \(records)",
                    at: SourceLocation(file: path, entity: entity))
            }
            return batches
        } catch {
            spool.discard()
            PackageBatch.removeSeries(stem: stem, count: spool.batches.count + 1, from: folder, form: form)
            throw error
        }
    }

    /// The manifest's entities by execution unit and level (stable: a package written in load order keeps its order).
    static func loadOrder(_ entities: [FOManifestEntity]) -> [FOManifestEntity] {
        entities.enumerated().sorted { a, b in
            let left = (a.element.executionUnit ?? 0, a.element.levelInExecutionUnit ?? 0, a.offset)
            let right = (b.element.executionUnit ?? 0, b.element.levelInExecutionUnit ?? 0, b.offset)
            return left < right
        }.map(\.element)
    }
}
